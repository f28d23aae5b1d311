/**
 * What benches (and tests) may use of this module beyond its index.ts: the pieces they
 * build fixtures and measure with. Running code never imports this file.
 */
export { Deliveries, IN_FLIGHT, stripeSignature } from './deliveries';
export { sandboxMigrations } from './migrations';
export { SandboxRepository } from './sandbox.repository';
export { PaymentSandbox } from './sandbox.service';
export type { SandboxTables } from './tables';

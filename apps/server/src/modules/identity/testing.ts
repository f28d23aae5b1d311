/**
 * What benches (and tests) may use of this module beyond its index.ts: the pieces they
 * build fixtures and measure with. Running code never imports this file.
 */
export { IdentityRepository } from './identity.repository';
export { identityMigrations } from './migrations';
export { foldSearchKey, searchKeysOf } from './subscriber-keys';
export { SubscriberSearchRepository } from './subscriber-search.repository';
export { SubscriberSearchService } from './subscriber-search.service';
export type { IdentityTables } from './tables';
export { signIdToken } from './tokens';

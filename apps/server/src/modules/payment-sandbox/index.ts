import type { Platform, ServerModule } from '../../platform/module';
import { seedDemoPromotions } from './coupons';
import { Deliveries } from './deliveries';
import { sandboxMigrations } from './migrations';
import { SandboxRepository } from './sandbox.repository';
import { sandboxRoutes } from './sandbox.routes';
import { PaymentSandbox } from './sandbox.service';

export { stripeSignature } from './deliveries';
export { SANDBOX_CLOCK_ID } from './sandbox.service';

/** How often the sandbox looks for events to retry and subscriptions to renew. */
const TICK_MS = 1000;

/** The payment sandbox as the composition root sees it. */
export interface PaymentSandboxModule {
  module: ServerModule;
  /** Sends the queued events now (tests wait for this instead of for time). */
  deliverNow(): Promise<void>;
  /** Renews or ends the subscriptions due by the sandbox clock. */
  renewDue(): Promise<number>;
  /** The demo's promotion codes (BIENVENIDA, UNSOLOUSO, CADUCADO), made once; nothing when the sandbox is off. */
  seedDemoPromotions(): Promise<void>;
}

/**
 * The built-in payment processor (PAYMENT_PROVIDER=sandbox, the default outside production;
 * in production only with PAYMENT_SANDBOX_IN_PRODUCTION=staging): Stripe's API for
 * the parts Pantalla uses, its card field and challenge pages, and signed webhook events.
 * Pantalla's commerce talks to it only over HTTP through the official Stripe client.
 */
export function createPaymentSandbox(platform: Platform, webhookPath: string): PaymentSandboxModule {
  const { payments } = platform.config;
  const repo = new SandboxRepository(platform.db);
  let selfUrl: string | undefined;
  const deliveries = new Deliveries(
    repo,
    platform.db,
    platform.clock,
    payments.webhookSecret,
    () => payments.webhookUrl ?? (selfUrl ? `${selfUrl}${webhookPath}` : undefined),
    platform.log,
  );
  const sandbox = new PaymentSandbox(repo, platform.clock, () => void deliveries.kick(), {
    retryDays: payments.sandboxRetryDays,
  });
  // One renewal run at a time in this process: a long run (a day's 100,000) must not pile up ticks waiting on its lock.
  let renewing = false;
  const enabled = payments.provider === 'sandbox';
  const module: ServerModule = {
    name: 'payment-sandbox',
    migrations: sandboxMigrations,
    ...(enabled
      ? {
          rootRoutes: (app) => sandboxRoutes(app, sandbox, repo, payments, () => platform.clock.now()),
          startWork: (url) => {
            selfUrl = url;
            if (payments.stagingSandbox) {
              platform.log.warn(
                'PAYMENT_SANDBOX_IN_PRODUCTION=staging: este servidor de producción cobra con el sandbox de pruebas; sus tarjetas de prueba (4242…) conceden paquetes. Solo para un servidor de pruebas; cada página lo indica en su pie.',
              );
            }
            const timer = setInterval(() => {
              if (!renewing) {
                renewing = true;
                void platform.db
                  .exclusive('payment-sandbox.renewals', () => sandbox.renewDue())
                  .catch((error: unknown) => platform.log.warn({ err: error }, 'payment sandbox: renewals failed'))
                  .finally(() => (renewing = false));
              }
              void deliveries.kick();
            }, TICK_MS);
            timer.unref();
            return async () => clearInterval(timer);
          },
        }
      : {}),
  };
  const demoPromotions = async () => {
    if (enabled) await seedDemoPromotions(sandbox.coupons, await sandbox.now());
  };
  return {
    module,
    deliverNow: () => deliveries.kick(),
    renewDue: () => sandbox.renewDue(),
    seedDemoPromotions: demoPromotions,
  };
}

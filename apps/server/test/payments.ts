import type { TestContext } from './context';
import { closeWithin, selfUrl, startModuleWork } from '../src/serve';

/** As long as a stopping server waits for its work (the production start's close bounds it too). */
const WORK_STOP_WITHIN_MS = 40_000;

/**
 * Serves the context on a port (the Stripe client and the sandbox talk HTTP) with every module's
 * background work running. Its stop waits for
 * that work within a bound and names what still ran, then drops open connections, so a hook
 * never outlives its timeout on work the tests did not ask for.
 */
export async function listenWithWork(ctx: TestContext): Promise<{ base: string; stop(): Promise<void> }> {
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const address = ctx.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const base = selfUrl('127.0.0.1', port);
  const warn = (line: string) => process.stderr.write(`${line}\n`);
  const stopWork = startModuleWork(ctx.modules.all, base, warn);
  const stop = async () => {
    const { outcome } = await closeWithin(stopWork, WORK_STOP_WITHIN_MS);
    if (outcome !== 'closed') warn(`listenWithWork: module work ${outcome} (${base})`);
    ctx.app.server.closeAllConnections();
  };
  return { base, stop };
}

/** What the card field does: confirms a payment intent with the publishable key and a test card. */
export async function payWithCard(
  base: string,
  publishableKey: string,
  clientSecret: string,
  number: string,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const id = clientSecret.split('_secret_')[0] ?? '';
  const form = new URLSearchParams({
    client_secret: clientSecret,
    'payment_method_data[type]': 'card',
    'payment_method_data[card][number]': number,
    'payment_method_data[card][exp_month]': '12',
    'payment_method_data[card][exp_year]': '34',
    'payment_method_data[card][cvc]': '123',
    'payment_method_data[billing_details][name]': 'Ana Básico',
  });
  const response = await fetch(`${base}/v1/payment_intents/${id}/confirm`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${publishableKey}`,
      'content-type': 'application/x-www-form-urlencoded',
      'accept-language': 'es',
    },
    body: form,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** Waits for a condition, polling; fails with `what` after `timeoutMs`. */
export async function until<T>(
  what: string,
  probe: () => Promise<T | undefined | null | false>,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * Waits until the payment sandbox has delivered every event it raised, so no webhook lands
 * after a test has set the state it checks. A minute: on a busy two-core machine a round of
 * webhooks to this process has taken longer than 15 s.
 */
export async function allSandboxEventsDelivered(ctx: TestContext, timeoutMs = 60_000): Promise<void> {
  await until(
    'every sandbox event delivered',
    async () =>
      (await ctx.sql.selectFrom('sandboxEvents').select('id').where('deliveredAt', 'is', null).execute()).length ===
        0 || (await ctx.modules.paymentSandbox.deliverNow(), false),
    timeoutMs,
  );
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stripeSignature } from '../src/modules/payment-sandbox';
import { PACKAGE_IDS } from '../src/modules/commerce';
import { bearerFor, BASICO } from './auth';
import { createTestContext, type TestContext } from './context';
import { databaseKinds } from './databases';
import { allSandboxEventsDelivered, listenWithWork, payWithCard } from './payments';
import { builders } from './builders';

const kinds = await databaseKinds();

describe.each(kinds)('purchases on %s', (kind) => {
  let ctx: TestContext;
  let base: string;
  let stop: () => Promise<void>;
  let auth: Record<string, string>;
  let userId: number;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
    ({ base, stop } = await listenWithWork(ctx));
    auth = await bearerFor(ctx, BASICO);
    userId = (await ctx.sql.selectFrom('users').select('id').where('email', '=', BASICO).executeTakeFirstOrThrow()).id;
  }, 60_000);
  afterAll(async () => {
    await stop?.();
    await ctx?.close();
  });

  const start = async (productId: number, extra: Record<string, unknown> = {}) => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/purchases',
      headers: auth,
      payload: { productId, holderName: 'Ana Básico', ...extra },
    });
    return {
      status: response.statusCode,
      body: response.json<{ purchaseId: string; clientSecret: string; amountCents: number; message?: string }>(),
    };
  };
  const confirm = (purchaseId: string) =>
    ctx.app.inject({ method: 'POST', url: `/api/v1/purchases/${purchaseId}/confirm`, headers: auth });
  const pk = () => ctx.config.payments.publishableKey;
  const entitlement = (packageId: number) =>
    ctx.sql
      .selectFrom('entitlements')
      .selectAll()
      .where('userId', '=', userId)
      .where('packageId', '=', packageId)
      .execute();
  const logRows = (purchaseId: string) =>
    ctx.sql.selectFrom('purchaseLog').select('activation').where('purchaseId', '=', purchaseId).execute();
  const delivered = () => allSandboxEventsDelivered(ctx);
  const forget = async (packageId: number) => {
    await builders(ctx).removeEntitlement(userId, packageId);
  };

  it("charges the server's price whatever the request says, and grants only once the provider confirms", async () => {
    const { status, body } = await start(PACKAGE_IDS.cine, { priceCents: 1, price: '0,01' });
    expect(status).toBe(200);
    expect(body.amountCents).toBe(999);
    const intent = await fetch(`${base}/v1/payment_intents/${body.clientSecret.split('_secret_')[0]}`, {
      headers: { authorization: `Bearer ${ctx.config.payments.secretKey}` },
    });
    expect(((await intent.json()) as { amount: number }).amount).toBe(999);
    // Not paid yet: asking changes nothing.
    expect((await confirm(body.purchaseId)).json()).toMatchObject({ status: 'pending' });
    expect(await entitlement(PACKAGE_IDS.cine)).toHaveLength(0);
    expect((await payWithCard(base, pk(), body.clientSecret, '4242424242424242')).body.status).toBe('succeeded');
    expect((await confirm(body.purchaseId)).json()).toMatchObject({ status: 'fulfilled', packageId: PACKAGE_IDS.cine });
    const [owned] = await entitlement(PACKAGE_IDS.cine);
    expect(owned?.endsAt).toBeGreaterThan(ctx.clock.now() + 27 * 86_400_000);
    await delivered();
    expect(await logRows(body.purchaseId)).toEqual([{ activation: 'OK' }]);
    // Owned now: buying it again is refused.
    expect((await start(PACKAGE_IDS.cine)).status).toBe(409);
    await forget(PACKAGE_IDS.cine);
  });

  it("answers bad input with 4xx: no session, a bad body, an unknown product, someone else's purchase", async () => {
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/v1/purchases', payload: { productId: 2, holderName: 'x' } }))
        .statusCode,
    ).toBe(401);
    expect((await start('x' as unknown as number)).status).toBe(400);
    const noName = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/purchases',
      headers: auth,
      payload: { productId: 2, holderName: '  ' },
    });
    expect(noName.statusCode).toBe(400);
    expect(noName.json<{ message: string }>().message).toBe('Introduce el nombre y apellidos del titular');
    expect((await start(999_999)).status).toBe(404);
    expect((await confirm('pur_0123456789abcdef')).statusCode).toBe(404);
    expect((await confirm('not-a-purchase')).statusCode).toBe(400);
    const { body } = await start(PACKAGE_IDS.cine);
    const demo = await bearerFor(ctx, 'demo@pantalla.test');
    expect(
      (await ctx.app.inject({ method: 'POST', url: `/api/v1/purchases/${body.purchaseId}/confirm`, headers: demo }))
        .statusCode,
    ).toBe(404);
    expect(
      (await ctx.app.inject({ method: 'POST', url: `/api/v1/purchases/${body.purchaseId}/cancel`, headers: auth }))
        .statusCode,
    ).toBe(404);
    const noKey = await fetch(`${base}/v1/customers`, { method: 'POST' });
    expect(noKey.status).toBe(401);
    expect(((await noKey.json()) as { error: { type: string } }).error.type).toBe('invalid_request_error');
  });

  it("shows the provider's own message for declined and insufficient-funds cards, and logs the failure", async () => {
    const { body } = await start(PACKAGE_IDS.series);
    const declined = await payWithCard(base, pk(), body.clientSecret, '4000000000000002');
    expect(declined.status).toBe(402);
    expect((declined.body.error as { message: string }).message).toBe('Se ha rechazado tu tarjeta.');
    const poor = await payWithCard(base, pk(), body.clientSecret, '4000000000009995');
    expect((poor.body.error as { message: string }).message).toBe('Tu tarjeta no tiene fondos suficientes.');
    expect((await confirm(body.purchaseId)).json()).toMatchObject({ status: 'pending' });
    await delivered();
    expect(await logRows(body.purchaseId)).toEqual([{ activation: 'FAIL' }, { activation: 'FAIL' }]);
    expect(await entitlement(PACKAGE_IDS.series)).toHaveLength(0);
  });

  it('grants once for a replayed webhook and for ten confirmations at once', async () => {
    const { body } = await start(PACKAGE_IDS.deportes);
    await payWithCard(base, pk(), body.clientSecret, '4242424242424242');
    const intentId = body.clientSecret.split('_secret_')[0];
    const payload = JSON.stringify({
      id: 'evt_replayed_1',
      object: 'event',
      type: 'payment_intent.succeeded',
      created: 1,
      data: { object: { id: intentId, object: 'payment_intent' } },
    });
    const post = (
      p: string,
      signature = stripeSignature(ctx.config.payments.webhookSecret, p, Math.floor(ctx.clock.now() / 1000)),
    ) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/payments/webhook',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        payload: p,
      });
    const answers = await Promise.all([
      post(payload),
      post(payload),
      ...Array.from({ length: 10 }, () => confirm(body.purchaseId)),
    ]);
    for (const a of answers) expect(a.statusCode).toBe(200);
    await delivered();
    expect(await logRows(body.purchaseId)).toEqual([{ activation: 'OK' }]);
    expect(
      await ctx.sql.selectFrom('payments').select('paymentKey').where('purchaseId', '=', body.purchaseId).execute(),
    ).toHaveLength(1);
    expect(await entitlement(PACKAGE_IDS.deportes)).toHaveLength(1);
    await forget(PACKAGE_IDS.deportes);
  });

  it('refuses a webhook whose signature is wrong, and acts on nothing in it', async () => {
    const ppv = await ctx.sql
      .selectFrom('products')
      .selectAll()
      .where('kind', '=', 'ppv')
      .where('fcEnd', '>', ctx.clock.now())
      .orderBy('fcEnd')
      .executeTakeFirstOrThrow();
    const { body } = await start(ppv.id);
    expect(body.amountCents).toBe(ppv.priceCents);
    await payWithCard(base, pk(), body.clientSecret, '4242424242424242');
    const payload = JSON.stringify({
      id: 'evt_forged',
      object: 'event',
      type: 'payment_intent.succeeded',
      created: 1,
      data: { object: { id: body.clientSecret.split('_secret_')[0] } },
    });
    const forged = stripeSignature('whsec_not_the_secret', payload, Math.floor(ctx.clock.now() / 1000));
    const answer = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/payments/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': forged },
      payload,
    });
    expect(answer.statusCode).toBe(400);
    const unsigned = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/payments/webhook',
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expect(unsigned.statusCode).toBe(400);
    expect(
      await ctx.sql.selectFrom('paymentEvents').select('eventId').where('eventId', '=', 'evt_forged').execute(),
    ).toHaveLength(0);
    // The sandbox's own, signed event does grant it, until the event's end.
    await delivered();
    expect((await entitlement(ppv.packageId)).map((e) => e.endsAt)).toEqual([ppv.fcEnd]);
  });

  it("renews a subscription monthly, and a cancelled one ends at its period's end", async () => {
    const { body } = await start(PACKAGE_IDS.series);
    await payWithCard(base, pk(), body.clientSecret, '4242424242424242');
    await confirm(body.purchaseId);
    const firstEnd = (await entitlement(PACKAGE_IDS.series))[0]?.endsAt ?? 0;
    await advanceSandbox(firstEnd + 60_000);
    await delivered();
    const renewedEnd = (await entitlement(PACKAGE_IDS.series))[0]?.endsAt ?? 0;
    expect(renewedEnd).toBeGreaterThan(firstEnd + 27 * 86_400_000);
    const cancel = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/purchases/${body.purchaseId}/cancel`,
      headers: auth,
    });
    expect(cancel.json()).toMatchObject({ state: 'cancelled' });
    await advanceSandbox(renewedEnd + 60_000);
    await delivered();
    expect((await entitlement(PACKAGE_IDS.series))[0]?.endsAt).toBe(renewedEnd);
    const list = await ctx.app.inject({ method: 'GET', url: '/api/v1/purchases', headers: auth });
    expect(
      list
        .json<{ subscriptions: Array<{ purchaseId: string; state: string }> }>()
        .subscriptions.find((s) => s.purchaseId === body.purchaseId)?.state,
    ).toBe('ended');
    await forget(PACKAGE_IDS.series);
  });

  it('keeps the package through the grace period when a renewal fails (BILLING_GRACE_DAYS, 7)', async () => {
    const { body } = await start(PACKAGE_IDS.series);
    await payWithCard(base, pk(), body.clientSecret, '4242424242424242');
    await confirm(body.purchaseId);
    const end = (await entitlement(PACKAGE_IDS.series))[0]?.endsAt ?? 0;
    const customer = (
      await ctx.sql
        .selectFrom('paymentCustomers')
        .select('customerId')
        .where('userId', '=', userId)
        .executeTakeFirstOrThrow()
    ).customerId;
    await stripeCall(`/v1/customers/${customer}`, {
      'invoice_settings[default_payment_method]': 'pm_card_chargeCustomerFail',
    });
    await advanceSandbox(end + 60_000);
    await delivered();
    expect((await entitlement(PACKAGE_IDS.series))[0]?.endsAt).toBe(end + 7 * 86_400_000);
    expect((await logRows(body.purchaseId)).map((r) => r.activation)).toEqual(['OK', 'FAIL']);
    await forget(PACKAGE_IDS.series);
  });

  async function stripeCall(path: string, form: Record<string, string>): Promise<Record<string, unknown>> {
    const response = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${ctx.config.payments.secretKey}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams(form),
    });
    expect(response.status).toBe(200);
    return (await response.json()) as Record<string, unknown>;
  }

  /** Moves the sandbox's test clock and ours to `ms`, so renewals fall due for both. */
  async function advanceSandbox(ms: number): Promise<void> {
    // Nothing in flight while our clock jumps: an event signed before the jump would be too old after it.
    await delivered();
    ctx.clock.set(ms);
    auth = await bearerFor(ctx, BASICO);
    await stripeCall('/v1/test_helpers/test_clocks/clock_sandbox/advance', {
      frozen_time: String(Math.floor(ms / 1000)),
    });
  }
});

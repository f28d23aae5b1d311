import { afterAll, beforeAll, describe, expect, it, vi, type MockInstance } from 'vitest';
import { stripeSignature } from '../src/modules/payment-sandbox';
import { PACKAGE_IDS } from '../src/modules/commerce';
import { BillingHistory } from '../src/modules/commerce/testing';
import type { BillingEvents } from '../src/modules/commerce/testing';
import { bearerFor, BASICO } from './auth';
import { createTestContext, type TestContext } from './context';
import { databaseKinds } from './databases';
import { allSandboxEventsDelivered, listenWithWork, payWithCard, until } from './payments';
import { builders } from './builders';

const kinds = await databaseKinds();
const DAY = 86_400_000;
/** Pays the first charge, then every later one fails (Stripe's test card). */
const LATER_FAILS = '4000000000000341';
const VISA = '4242424242424242';

interface Owned {
  purchaseId: string;
  packageId: number;
  title: string;
  priceCents: number;
  endsAt: string | null;
  state: string;
  renewsAt: string | null;
  trialEndsAt: string | null;
  graceUntil: string | null;
  pendingSwitch: { productId: number; title: string; priceCents: number; effectiveAt: string } | null;
}
type Fact = {
  method: keyof BillingEvents;
  key: string;
  purchaseId: string;
  reason?: string;
  amountCents?: number;
  endsAt?: number;
  graceUntil?: number;
};

/**
 * A subscription's life through the real server and the sandbox (issue 26): a failed renewal's
 * grace period, its recovery with a new card and its end unpaid; reactivation; switching up at
 * once with proration and down at renewal; trials converted or cancelled uncharged; each fact
 * told to the billing history once, however often the provider's events arrive.
 */
describe.each(kinds)('the subscription lifecycle on %s', (kind) => {
  let ctx: TestContext;
  let base: string;
  let stop: () => Promise<void>;
  const spies: Array<{ method: keyof BillingEvents; spy: MockInstance }> = [];
  let users = 0;
  beforeAll(async () => {
    // Every fact the purchases service tells the billing history, as it tells it (before the history's own once-per-key).
    for (const method of ['paid', 'renewalFailed', 'cancelled', 'ended', 'trialEnding', 'refunded'] as const)
      spies.push({ method, spy: vi.spyOn(BillingHistory.prototype, method) });
    ctx = await createTestContext(kind);
    ({ base, stop } = await listenWithWork(ctx));
  }, 300_000);
  afterAll(async () => {
    await stop?.();
    await ctx?.close();
    for (const { spy } of spies) spy.mockRestore();
  });

  const facts = (purchaseId: string): Fact[] =>
    spies.flatMap(({ method, spy }) =>
      spy.mock.calls
        .map(
          (call) =>
            call[0] as {
              key: string;
              purchase: { id: string };
              reason?: string;
              amountCents?: number;
              endsAt?: number;
              graceUntil?: number;
            },
        )
        .filter((f) => f.purchase.id === purchaseId)
        .map((f) => ({
          method,
          key: f.key,
          purchaseId: f.purchase.id,
          reason: f.reason,
          amountCents: f.amountCents,
          endsAt: f.endsAt,
          graceUntil: f.graceUntil,
        })),
    );
  const factsOf = (purchaseId: string, method: keyof BillingEvents) =>
    facts(purchaseId).filter((f) => f.method === method);
  /** Waits until `n` facts of a kind were told: a webhook's handler tells its facts after committing, and the sandbox may mark an event delivered by a replay meanwhile. */
  const told = (purchaseId: string, method: keyof BillingEvents, n: number) =>
    until(`${n} ${method} of ${purchaseId}`, async () => factsOf(purchaseId, method).length >= n);

  /** A new account of its own (its own provider customer and card). */
  async function newUser(): Promise<{ userId: number; auth: () => Promise<Record<string, string>> }> {
    const email = `lifecycle${++users}-${kind}@pantalla.test`;
    const id = await builders(ctx).newUserLike(BASICO, email);
    return { userId: id, auth: () => bearerFor(ctx, email) };
  }
  type User = Awaited<ReturnType<typeof newUser>>;

  const delivered = () => allSandboxEventsDelivered(ctx);
  /** Moves the sandbox's test clock and ours to `ms`: what falls due renews, retries or ends, and its events arrive. */
  async function advance(ms: number): Promise<void> {
    await delivered();
    ctx.clock.set(ms);
    await stripe('POST', '/v1/test_helpers/test_clocks/clock_sandbox/advance', {
      frozen_time: String(Math.floor(ms / 1000)),
    });
    await delivered();
  }
  async function stripe(
    method: 'GET' | 'POST',
    path: string,
    form: Record<string, string> = {},
  ): Promise<Record<string, unknown>> {
    const query = method === 'GET' && Object.keys(form).length > 0 ? `?${new URLSearchParams(form).toString()}` : '';
    const response = await fetch(`${base}${path}${query}`, {
      method,
      headers: {
        authorization: `Bearer ${ctx.config.payments.secretKey}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      ...(method === 'POST' ? { body: new URLSearchParams(form) } : {}),
    });
    const body = (await response.json()) as Record<string, unknown>;
    expect(response.status, JSON.stringify(body)).toBe(200);
    return body;
  }
  const post = async (user: User, url: string, payload?: Record<string, unknown>) =>
    ctx.app.inject({ method: 'POST', url, headers: await user.auth(), ...(payload ? { payload } : {}) });
  const start = (user: User, productId: number) =>
    post(user, '/api/v1/purchases', { productId, holderName: 'Ana Ciclo' });
  const confirm = (user: User, purchaseId: string) => post(user, `/api/v1/purchases/${purchaseId}/confirm`);
  async function subscribe(
    user: User,
    productId: number,
    card = VISA,
  ): Promise<{ purchaseId: string; subscriptionId: string; paidUntil: number }> {
    const started = await start(user, productId);
    expect(started.statusCode, started.body).toBe(200);
    const { purchaseId, clientSecret } = started.json<{ purchaseId: string; clientSecret: string }>();
    expect((await payWithCard(base, ctx.config.payments.publishableKey, clientSecret, card)).body.status).toBe(
      'succeeded',
    );
    expect((await confirm(user, purchaseId)).json()).toMatchObject({ status: 'fulfilled' });
    await delivered();
    const row = await ctx.sql
      .selectFrom('purchases')
      .select(['subscriptionId', 'paidUntil'])
      .where('id', '=', purchaseId)
      .executeTakeFirstOrThrow();
    return { purchaseId, subscriptionId: row.subscriptionId ?? '', paidUntil: row.paidUntil ?? 0 };
  }
  async function owned(user: User, purchaseId: string): Promise<Owned> {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/purchases', headers: await user.auth() });
    const found = res.json<{ subscriptions: Owned[] }>().subscriptions.find((s) => s.purchaseId === purchaseId);
    if (!found) throw new Error(`purchase ${purchaseId} not listed`);
    return found;
  }
  const entitlement = async (user: User, packageId: number) =>
    ctx.sql
      .selectFrom('entitlements')
      .select(['startsAt', 'endsAt'])
      .where('userId', '=', user.userId)
      .where('packageId', '=', packageId)
      .executeTakeFirst();
  const owns = async (user: User, packageId: number) =>
    ((await entitlement(user, packageId))?.endsAt ?? 0) > ctx.clock.now();
  const alert = async (user: User) =>
    (await ctx.app.inject({ method: 'GET', url: '/api/v1/billing/alert', headers: await user.auth() })).json<{
      pastDue: { purchaseId: string; title: string; graceUntil: string } | null;
    }>();
  const customerOf = async (user: User) =>
    (
      await ctx.sql
        .selectFrom('paymentCustomers')
        .select('customerId')
        .where('userId', '=', user.userId)
        .executeTakeFirstOrThrow()
    ).customerId;
  const iso = (ms: number) => new Date(ms).toISOString();
  /** Confirms a trial's setup intent in the card field, as the browser would. */
  async function setUpCard(clientSecret: string, number = VISA): Promise<Record<string, unknown>> {
    const id = clientSecret.split('_secret_')[0] ?? '';
    const form = new URLSearchParams({
      client_secret: clientSecret,
      'payment_method_data[type]': 'card',
      'payment_method_data[card][number]': number,
      'payment_method_data[card][exp_month]': '12',
      'payment_method_data[card][exp_year]': '34',
      'payment_method_data[card][cvc]': '123',
      'payment_method_data[billing_details][name]': 'Ana Ciclo',
    });
    const response = await fetch(`${base}/v1/setup_intents/${id}/confirm`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${ctx.config.payments.publishableKey}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: form,
    });
    return (await response.json()) as Record<string, unknown>;
  }

  it('pays with the card on file at once (no card field), keeps a card asked to be kept, and refuses the card on file when there is none', async () => {
    const user = await newUser();
    const buy = (productId: number, extra: Record<string, unknown>) =>
      post(user, '/api/v1/purchases', { productId, holderName: 'Ana Ciclo', ...extra });
    const none = await buy(PACKAGE_IDS.cine, { useSavedCard: true });
    expect(none.statusCode).toBe(409);
    expect(none.json<{ message: string }>().message).toBe('No tienes ninguna tarjeta guardada: introduce una.');
    // A one-off purchase paid in the card field with saveCard: its card becomes the one on file.
    const ppv = await ctx.sql
      .selectFrom('products')
      .selectAll()
      .where('kind', '=', 'ppv')
      .where('fcEnd', '>', ctx.clock.now())
      .orderBy('fcEnd')
      .executeTakeFirstOrThrow();
    const first = (await buy(ppv.id, { saveCard: true })).json<{
      purchaseId: string;
      clientSecret: string;
      next: string;
    }>();
    expect(first.next).toBe('card_field');
    expect((await payWithCard(base, ctx.config.payments.publishableKey, first.clientSecret, VISA)).body.status).toBe(
      'succeeded',
    );
    expect((await confirm(user, first.purchaseId)).json()).toMatchObject({ status: 'fulfilled' });
    // Kept by whichever fulfils the purchase, the confirmation or the provider's event (still running, maybe).
    const customerId = await customerOf(user);
    const kept = await until(
      'the card kept as the default',
      async () =>
        (
          (await stripe('GET', `/v1/customers/${customerId}`)).invoice_settings as {
            default_payment_method: string | null;
          }
        ).default_payment_method,
    );
    expect(kept).toMatch(/^pm_/);
    // Then a subscription with the card on file: charged now, owned at once.
    const saved = await buy(PACKAGE_IDS.cine, { useSavedCard: true });
    expect(saved.statusCode, saved.body).toBe(200);
    const { purchaseId, next, amountCents } = saved.json<{ purchaseId: string; next: string; amountCents: number }>();
    expect({ next, amountCents }).toEqual({ next: 'confirmed', amountCents: 999 });
    expect((await confirm(user, purchaseId)).json()).toMatchObject({
      status: 'fulfilled',
      packageId: PACKAGE_IDS.cine,
    });
    expect(await owns(user, PACKAGE_IDS.cine)).toBe(true);
    expect(await owned(user, purchaseId)).toMatchObject({ state: 'active', priceCents: 999 });
    await delivered();
    await told(purchaseId, 'paid', 1);
    expect(factsOf(purchaseId, 'paid').map((f) => [f.reason, f.amountCents])).toEqual([['purchase', 999]]);
  });

  it('a promotion code lowers the first charge, which is what the payment must be; a code that is not valid is refused', async () => {
    const user = await newUser();
    const coupon = await stripe('POST', '/v1/coupons', { percent_off: '50', duration: 'once', name: 'Mitad' });
    await stripe('POST', '/v1/promotion_codes', {
      'promotion[type]': 'coupon',
      'promotion[coupon]': String(coupon.id),
      code: `CICLO50${kind.toUpperCase()}`,
    });
    const refused = await post(user, '/api/v1/purchases', {
      productId: PACKAGE_IDS.series,
      holderName: 'Ana Ciclo',
      promotionCode: 'NOEXISTE',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ message: string }>().message).toBe('Este código promocional no es válido.');
    const started = await post(user, '/api/v1/purchases', {
      productId: PACKAGE_IDS.series,
      holderName: 'Ana Ciclo',
      promotionCode: `CICLO50${kind.toUpperCase()}`,
    });
    expect(started.statusCode, started.body).toBe(200);
    const { purchaseId, clientSecret, amountCents } = started.json<{
      purchaseId: string;
      clientSecret: string;
      amountCents: number;
    }>();
    expect(amountCents).toBeGreaterThanOrEqual(399);
    expect(amountCents).toBeLessThanOrEqual(400);
    const intent = await fetch(`${base}/v1/payment_intents/${clientSecret.split('_secret_')[0]}`, {
      headers: { authorization: `Bearer ${ctx.config.payments.secretKey}` },
    });
    expect(((await intent.json()) as { amount: number }).amount).toBe(amountCents);
    expect((await payWithCard(base, ctx.config.payments.publishableKey, clientSecret, VISA)).body.status).toBe(
      'succeeded',
    );
    expect((await confirm(user, purchaseId)).json()).toMatchObject({ status: 'fulfilled' });
    expect(
      await ctx.sql
        .selectFrom('purchases')
        .select(['promotionCode', 'amountCents'])
        .where('id', '=', purchaseId)
        .executeTakeFirstOrThrow(),
    ).toEqual({ promotionCode: `CICLO50${kind.toUpperCase()}`, amountCents });
    await told(purchaseId, 'paid', 1);
    expect(factsOf(purchaseId, 'paid').map((f) => [f.reason, f.amountCents])).toEqual([['purchase', amountCents]]);
  });

  it('a failed renewal is past due with the package kept and the alert shown; a new default card recovers it without a gap', async () => {
    const user = await newUser();
    const { purchaseId, subscriptionId, paidUntil } = await subscribe(user, PACKAGE_IDS.cine, LATER_FAILS);
    // The provider's period ends on a whole second: the renewal fails then.
    const end = Math.floor(paidUntil / 1000) * 1000;
    expect(await alert(user)).toEqual({ pastDue: null });
    await advance(end + 60_000);

    const pastDue = await owned(user, purchaseId);
    expect(pastDue).toMatchObject({
      state: 'past_due',
      graceUntil: iso(end + 7 * DAY),
      renewsAt: null,
      endsAt: iso(paidUntil),
    });
    expect(await entitlement(user, PACKAGE_IDS.cine)).toMatchObject({ endsAt: end + 7 * DAY });
    expect(await owns(user, PACKAGE_IDS.cine)).toBe(true);
    expect(await alert(user)).toEqual({ pastDue: { purchaseId, title: 'Cine Plus', graceUntil: iso(end + 7 * DAY) } });
    await told(purchaseId, 'renewalFailed', 1);
    expect(factsOf(purchaseId, 'renewalFailed')).toEqual([
      expect.objectContaining({ graceUntil: end + 7 * DAY, amountCents: 999 }),
    ]);

    // A day on the provider's retry fails too: still past due, the grace period unchanged.
    await advance(end + DAY + 60_000);
    expect(await owned(user, purchaseId)).toMatchObject({ state: 'past_due', graceUntil: iso(end + 7 * DAY) });
    await told(purchaseId, 'renewalFailed', 2);
    const failures = factsOf(purchaseId, 'renewalFailed');
    expect(failures).toHaveLength(2);
    expect(new Set(failures.map((f) => f.key)).size).toBe(2);

    // The subscriber saves a new card (the card-on-file route makes it the default and asks to retry).
    await stripe('POST', `/v1/customers/${await customerOf(user)}`, {
      'invoice_settings[default_payment_method]': 'pm_card_visa',
    });
    expect(await ctx.modules.commerce.retryUnpaid(user.userId)).toEqual([purchaseId]);
    await delivered();
    const sub = await stripe('GET', `/v1/subscriptions/${subscriptionId}`);
    const period = (sub.items as { data: Array<{ current_period_start: number; current_period_end: number }> }).data[0];
    expect(sub.status).toBe('active');
    // No gap: the period paid now starts where the one paid before ended.
    expect(period?.current_period_start).toBe(end / 1000);
    const recovered = await owned(user, purchaseId);
    expect(recovered).toMatchObject({
      state: 'active',
      graceUntil: null,
      endsAt: iso((period?.current_period_end ?? 0) * 1000),
      renewsAt: iso((period?.current_period_end ?? 0) * 1000),
    });
    expect(await entitlement(user, PACKAGE_IDS.cine)).toMatchObject({
      endsAt: (period?.current_period_end ?? 0) * 1000,
    });
    expect((await entitlement(user, PACKAGE_IDS.cine))?.startsAt).toBeLessThanOrEqual(end);
    expect(await alert(user)).toEqual({ pastDue: null });
    await told(purchaseId, 'paid', 2);
    expect(factsOf(purchaseId, 'paid').map((f) => [f.reason, f.amountCents])).toEqual([
      ['purchase', 999],
      ['recovery', 999],
    ]);
    // Nothing left to recover.
    expect(await ctx.modules.commerce.retryUnpaid(user.userId)).toEqual([]);
  });

  it('a grace period over unpaid ends the subscription at its end: cancelled at the provider, the package gone, told once', async () => {
    const user = await newUser();
    const { purchaseId, subscriptionId, paidUntil } = await subscribe(user, PACKAGE_IDS.series, LATER_FAILS);
    const end = Math.floor(paidUntil / 1000) * 1000;
    await advance(end + 60_000);
    expect((await owned(user, purchaseId)).state).toBe('past_due');
    // Our clock past the grace period's end (the provider would still retry): the periodic check ends it.
    ctx.clock.set(end + 7 * DAY + 1000);
    expect(await ctx.modules.commerce.expireGrace()).toBe(1);
    expect(await ctx.modules.commerce.expireGrace()).toBe(0);
    await delivered();
    expect((await stripe('GET', `/v1/subscriptions/${subscriptionId}`)).status).toBe('canceled');
    expect(await owned(user, purchaseId)).toMatchObject({ state: 'ended', graceUntil: null, renewsAt: null });
    expect(
      (await ctx.sql.selectFrom('purchases').select('endedAt').where('id', '=', purchaseId).executeTakeFirstOrThrow())
        .endedAt,
    ).toBe(end + 7 * DAY);
    expect(await entitlement(user, PACKAGE_IDS.series)).toMatchObject({ endsAt: end + 7 * DAY });
    expect(await owns(user, PACKAGE_IDS.series)).toBe(false);
    expect(await alert(user)).toEqual({ pastDue: null });
    expect(factsOf(purchaseId, 'ended')).toEqual([expect.objectContaining({ reason: 'unpaid' })]);
    // Ended: nothing to retry, nothing to reactivate.
    expect(await ctx.modules.commerce.retryUnpaid(user.userId)).toEqual([]);
    expect((await post(user, `/api/v1/purchases/${purchaseId}/reactivate`)).statusCode).toBe(409);
  });

  it('cancelling says until when; a cancelled subscription is reactivated before its end, not after', async () => {
    const user = await newUser();
    const { purchaseId, subscriptionId, paidUntil: end } = await subscribe(user, PACKAGE_IDS.deportes);
    const cancelled = await post(user, `/api/v1/purchases/${purchaseId}/cancel`);
    expect(cancelled.json()).toMatchObject({ state: 'cancelled', endsAt: iso(end), renewsAt: null });
    expect(factsOf(purchaseId, 'cancelled')).toEqual([expect.objectContaining({ endsAt: end })]);
    const reactivated = await post(user, `/api/v1/purchases/${purchaseId}/reactivate`);
    expect(reactivated.statusCode, reactivated.body).toBe(200);
    expect(reactivated.json()).toMatchObject({ state: 'active', renewsAt: iso(end) });
    expect((await stripe('GET', `/v1/subscriptions/${subscriptionId}`)).cancel_at_period_end).toBe(false);
    // Reactivated, it renews.
    await advance(end + 60_000);
    const renewed = await owned(user, purchaseId);
    expect(renewed.state).toBe('active');
    const next = Date.parse(renewed.endsAt ?? '');
    expect(next).toBeGreaterThan(end + 27 * DAY);
    // Cancelled again and over: too late to reactivate.
    await post(user, `/api/v1/purchases/${purchaseId}/cancel`);
    await advance(next + 60_000);
    expect((await owned(user, purchaseId)).state).toBe('ended');
    const late = await post(user, `/api/v1/purchases/${purchaseId}/reactivate`);
    expect(late.statusCode).toBe(409);
    expect(late.json<{ message: string }>().message).toMatch(/ya ha terminado/);
    await told(purchaseId, 'ended', 1);
    expect(factsOf(purchaseId, 'ended')).toEqual([expect.objectContaining({ reason: 'cancelled' })]);
  });

  it('switching up takes effect at once with the prorated charge; the refusals say why', async () => {
    const user = await newUser();
    const startedAt = ctx.clock.now();
    const { purchaseId, paidUntil: end } = await subscribe(user, PACKAGE_IDS.series);
    const switchTo = (productId: number) => post(user, `/api/v1/purchases/${purchaseId}/switch`, { productId });
    expect((await switchTo(PACKAGE_IDS.series)).statusCode).toBe(409);
    const ppv = await ctx.sql
      .selectFrom('products')
      .select('id')
      .where('kind', '=', 'ppv')
      .where('active', '=', 1)
      .executeTakeFirstOrThrow();
    const toPpv = await switchTo(ppv.id);
    expect(toPpv.statusCode).toBe(409);
    expect(toPpv.json<{ message: string }>().message).toBe('Solo puedes cambiar a otra suscripción mensual.');
    expect((await switchTo(999_999)).statusCode).toBe(404);
    // A package the user already owns is not switched to.
    await builders(ctx).newEntitlement({
      userId: user.userId,
      packageId: PACKAGE_IDS.cine,
      startsAt: startedAt,
      endsAt: null,
      source: 'registration',
      createdAt: startedAt,
    });
    const ownedAlready = await switchTo(PACKAGE_IDS.cine);
    expect(ownedAlready.statusCode).toBe(409);
    expect(ownedAlready.json<{ message: string }>().message).toBe('Ya tienes este producto.');

    // A third of the period on: Deportes Plus (14,99 €) instead of Series (7,99 €), charged for the rest of the period.
    const at = startedAt + Math.floor((end - startedAt) / 3);
    await advance(at);
    const switched = await switchTo(PACKAGE_IDS.deportes);
    expect(switched.statusCode, switched.body).toBe(200);
    expect(switched.json()).toMatchObject({
      packageId: PACKAGE_IDS.deportes,
      title: 'Deportes Plus',
      priceCents: 1499,
      state: 'active',
      endsAt: iso(end),
      pendingSwitch: null,
    });
    expect(await owns(user, PACKAGE_IDS.deportes)).toBe(true);
    expect(await entitlement(user, PACKAGE_IDS.deportes)).toMatchObject({ endsAt: end });
    expect(await owns(user, PACKAGE_IDS.series)).toBe(false);
    const fraction = (end / 1000 - Math.floor(ctx.clock.now() / 1000)) / ((end - startedAt) / 1000);
    const proration = factsOf(purchaseId, 'paid').filter((f) => f.reason === 'proration');
    expect(proration).toHaveLength(1);
    expect(
      Math.abs((proration[0]?.amountCents ?? 0) - Math.round(1499 * fraction + -799 * fraction)),
    ).toBeLessThanOrEqual(2);
    await delivered();
    expect(factsOf(purchaseId, 'paid').filter((f) => f.reason === 'proration')).toHaveLength(1);
    // The renewal charges the new price.
    await advance(end + 60_000);
    await told(purchaseId, 'paid', 3);
    expect(factsOf(purchaseId, 'paid').at(-1)).toMatchObject({ reason: 'renewal', amountCents: 1499 });
    expect(await owns(user, PACKAGE_IDS.deportes)).toBe(true);
    expect(await owns(user, PACKAGE_IDS.series)).toBe(false);
  });

  it('switching down waits for the renewal, where product, package and price change', async () => {
    const user = await newUser();
    const { purchaseId, paidUntil: end } = await subscribe(user, PACKAGE_IDS.deportes);
    const switched = await post(user, `/api/v1/purchases/${purchaseId}/switch`, { productId: PACKAGE_IDS.series });
    expect(switched.statusCode, switched.body).toBe(200);
    expect(switched.json()).toMatchObject({
      packageId: PACKAGE_IDS.deportes,
      priceCents: 1499,
      state: 'active',
      pendingSwitch: { productId: PACKAGE_IDS.series, title: 'Series y AMC', priceCents: 799, effectiveAt: iso(end) },
    });
    expect(await owns(user, PACKAGE_IDS.deportes)).toBe(true);
    expect(await owns(user, PACKAGE_IDS.series)).toBe(false);
    expect(factsOf(purchaseId, 'paid')).toHaveLength(1);

    await advance(end + 60_000);
    const renewed = await owned(user, purchaseId);
    expect(renewed).toMatchObject({
      packageId: PACKAGE_IDS.series,
      title: 'Series y AMC',
      priceCents: 799,
      state: 'active',
      pendingSwitch: null,
    });
    expect(await owns(user, PACKAGE_IDS.series)).toBe(true);
    expect(await entitlement(user, PACKAGE_IDS.series)).toMatchObject({ endsAt: Date.parse(renewed.endsAt ?? '') });
    expect(await entitlement(user, PACKAGE_IDS.deportes)).toMatchObject({ endsAt: end });
    await told(purchaseId, 'paid', 2);
    expect(factsOf(purchaseId, 'paid').at(-1)).toMatchObject({ reason: 'renewal', amountCents: 799 });
  });

  it('a trial: owned once its card is set up, told three days before its end, then charged and active', async () => {
    const user = await newUser();
    const started = await start(user, PACKAGE_IDS.adultos);
    expect(started.statusCode, started.body).toBe(200);
    const { purchaseId, clientSecret, next, amountCents } = started.json<{
      purchaseId: string;
      clientSecret: string;
      next: string;
      amountCents: number;
    }>();
    expect(next).toBe('card_field');
    expect(amountCents).toBe(699);
    expect(clientSecret).toMatch(/^seti_/);
    // No card yet: not owned.
    expect((await confirm(user, purchaseId)).json()).toMatchObject({ status: 'pending' });
    expect((await setUpCard(clientSecret)).status).toBe('succeeded');
    expect((await confirm(user, purchaseId)).json()).toMatchObject({
      status: 'fulfilled',
      packageId: PACKAGE_IDS.adultos,
    });
    await delivered();
    const trialing = await owned(user, purchaseId);
    const trialEnd = Date.parse(trialing.trialEndsAt ?? '');
    expect(trialEnd).toBeGreaterThan(ctx.clock.now() + 7 * DAY - 60_000);
    expect(trialing).toMatchObject({ state: 'trialing', renewsAt: trialing.trialEndsAt, endsAt: trialing.trialEndsAt });
    expect(await entitlement(user, PACKAGE_IDS.adultos)).toMatchObject({ endsAt: trialEnd });
    expect(factsOf(purchaseId, 'paid')).toEqual([]);

    await advance(trialEnd - 3 * DAY + 60_000);
    await told(purchaseId, 'trialEnding', 1);
    expect(factsOf(purchaseId, 'trialEnding')).toEqual([expect.objectContaining({ amountCents: 699 })]);
    await advance(trialEnd + 60_000);
    const active = await owned(user, purchaseId);
    expect(active).toMatchObject({ state: 'active', trialEndsAt: null });
    expect(Date.parse(active.endsAt ?? '')).toBeGreaterThan(trialEnd + 27 * DAY);
    expect(await entitlement(user, PACKAGE_IDS.adultos)).toMatchObject({ endsAt: Date.parse(active.endsAt ?? '') });
    await told(purchaseId, 'paid', 1);
    expect(factsOf(purchaseId, 'paid').map((f) => [f.reason, f.amountCents])).toEqual([['trial_conversion', 699]]);
    expect(factsOf(purchaseId, 'trialEnding')).toHaveLength(1);
  });

  it('a trial cancelled before its end ends then, charging nothing', async () => {
    const user = await newUser();
    const { purchaseId, clientSecret } = (await start(user, PACKAGE_IDS.adultos)).json<{
      purchaseId: string;
      clientSecret: string;
    }>();
    await setUpCard(clientSecret);
    await confirm(user, purchaseId);
    const trialEnd = Date.parse((await owned(user, purchaseId)).trialEndsAt ?? '');
    const cancelled = await post(user, `/api/v1/purchases/${purchaseId}/cancel`);
    expect(cancelled.json()).toMatchObject({ state: 'cancelled', endsAt: iso(trialEnd), renewsAt: null });
    expect(factsOf(purchaseId, 'cancelled')).toEqual([expect.objectContaining({ endsAt: trialEnd })]);
    await advance(trialEnd + 60_000);
    expect((await owned(user, purchaseId)).state).toBe('ended');
    expect(await owns(user, PACKAGE_IDS.adultos)).toBe(false);
    const { subscriptionId } = await ctx.sql
      .selectFrom('purchases')
      .select('subscriptionId')
      .where('id', '=', purchaseId)
      .executeTakeFirstOrThrow();
    const invoices = (await stripe('GET', '/v1/invoices', { subscription: subscriptionId ?? '' })).data as Array<{
      amount_paid: number;
    }>;
    expect(invoices.map((i) => i.amount_paid)).toEqual([0]);
    expect(factsOf(purchaseId, 'paid')).toEqual([]);
    await told(purchaseId, 'ended', 1);
    expect(factsOf(purchaseId, 'ended')).toEqual([expect.objectContaining({ reason: 'cancelled' })]);
  });

  it('every provider event delivered again tells the billing history nothing twice', async () => {
    const before = spies.map(({ spy }) => spy.mock.calls.length);
    expect(before.reduce((a, b) => a + b, 0)).toBeGreaterThan(10);
    const rows = await ctx.sql.selectFrom('sandboxEvents').select('payload').orderBy('createdAt').execute();
    for (const { payload } of rows) {
      const signature = stripeSignature(ctx.config.payments.webhookSecret, payload, Math.floor(ctx.clock.now() / 1000));
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/payments/webhook',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        payload,
      });
      expect(res.statusCode).toBe(200);
    }
    expect(spies.map(({ spy }) => spy.mock.calls.length)).toEqual(before);
  });
});

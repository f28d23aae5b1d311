import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oneMonthAfter, PACKAGE_IDS } from '../src/modules/commerce';
import { bearerFor, BASICO } from './auth';
import { createTestContext, type TestContext } from './context';
import { databaseKinds } from './databases';
import { allSandboxEventsDelivered, listenWithWork, payWithCard, until } from './payments';
import { builders } from './builders';

const kinds = await databaseKinds();
const DAY = 86_400_000;
const VISA = '4242424242424242';

interface Quote {
  product: { id: number; priceCents: number; recurring: boolean };
  vat: { country: string; ratePercent: number; includedCents: number };
  trialDays: number;
  discount: {
    code: string;
    percentOff: number | null;
    amountOffCents: number | null;
    durationMonths: number | null;
  } | null;
  dueTodayCents: number;
  firstChargeCents: number;
  firstChargeAt: string;
  renewsAt: string | null;
  savedCard: { brand: string; last4: string; expMonth: number; expYear: number } | null;
}

/**
 * Coupons and promotion codes end to end (issue 26): the sandbox's coupons and codes, the
 * checkout quote with and without a code, each refusal in the buyer's words, a subscription
 * discounted for the coupon's months and then charged in full, redemption limits across
 * buyers, and one-off purchases (codes are for subscriptions, docs/decisions.md).
 */
describe.each(kinds)('promotion codes on %s', (kind) => {
  let ctx: TestContext;
  let base: string;
  let stop: () => Promise<void>;
  let users = 0;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
    ({ base, stop } = await listenWithWork(ctx));
  }, 300_000);
  afterAll(async () => {
    await stop?.();
    await ctx?.close();
  });

  async function newUser(): Promise<{ userId: number; auth: () => Promise<Record<string, string>> }> {
    const email = `promo${++users}-${kind}@pantalla.test`;
    const id = await builders(ctx).newUserLike(BASICO, email);
    return { userId: id, auth: () => bearerFor(ctx, email) };
  }
  type User = Awaited<ReturnType<typeof newUser>>;

  async function stripe(
    method: 'GET' | 'POST',
    path: string,
    form: Record<string, string> = {},
    expected = 200,
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
    expect(response.status, JSON.stringify(body)).toBe(expected);
    return body;
  }
  /** A coupon and a promotion code of this suite (codes are unique per database kind). */
  async function code(
    name: string,
    coupon: Record<string, string>,
    promo: Record<string, string> = {},
  ): Promise<{ code: string; id: string; couponId: string }> {
    const made = await stripe('POST', '/v1/coupons', coupon);
    const text = `${name}${kind.toUpperCase()}`;
    const p = await stripe('POST', '/v1/promotion_codes', {
      'promotion[type]': 'coupon',
      'promotion[coupon]': String(made.id),
      code: text,
      ...promo,
    });
    return { code: text, id: String(p.id), couponId: String(made.id) };
  }
  const post = async (user: User, url: string, payload: Record<string, unknown>) =>
    ctx.app.inject({ method: 'POST', url, headers: await user.auth(), payload });
  const quote = (user: User, productId: number, promotionCode?: string) =>
    post(user, '/api/v1/purchases/quote', { productId, ...(promotionCode !== undefined ? { promotionCode } : {}) });
  const refusal = async (user: User, productId: number, promotionCode: string) => {
    const res = await quote(user, productId, promotionCode);
    return { status: res.statusCode, message: res.json<{ message: string }>().message };
  };
  const delivered = () => allSandboxEventsDelivered(ctx);
  async function advance(ms: number): Promise<void> {
    await delivered();
    ctx.clock.set(ms);
    await stripe('POST', '/v1/test_helpers/test_clocks/clock_sandbox/advance', {
      frozen_time: String(Math.floor(ms / 1000)),
    });
    await delivered();
  }
  /** Starts a subscription with a code and pays its first charge in the card field. */
  async function subscribe(
    user: User,
    productId: number,
    promotionCode: string,
  ): Promise<{ purchaseId: string; subscriptionId: string; paidUntil: number; amountCents: number }> {
    const started = await post(user, '/api/v1/purchases', { productId, holderName: 'Ana Promo', promotionCode });
    expect(started.statusCode, started.body).toBe(200);
    const { purchaseId, clientSecret, amountCents } = started.json<{
      purchaseId: string;
      clientSecret: string;
      amountCents: number;
    }>();
    expect((await payWithCard(base, ctx.config.payments.publishableKey, clientSecret, VISA)).body.status).toBe(
      'succeeded',
    );
    expect((await post(user, `/api/v1/purchases/${purchaseId}/confirm`, {})).json()).toMatchObject({
      status: 'fulfilled',
    });
    await delivered();
    const row = await ctx.sql
      .selectFrom('purchases')
      .select(['subscriptionId', 'paidUntil'])
      .where('id', '=', purchaseId)
      .executeTakeFirstOrThrow();
    return { purchaseId, subscriptionId: row.subscriptionId ?? '', paidUntil: row.paidUntil ?? 0, amountCents };
  }
  const invoiceAmounts = async (subscriptionId: string) =>
    (
      (await stripe('GET', '/v1/invoices', { subscription: subscriptionId, limit: '20' })).data as Array<{
        amount_paid: number;
        billing_reason: string;
      }>
    )
      .reverse()
      .map((i) => i.amount_paid);

  it("quotes a subscription without a code: the server's price with VAT, due today, the first charge now and the renewal a month later", async () => {
    const user = await newUser();
    const res = await quote(user, PACKAGE_IDS.series);
    expect(res.statusCode, res.body).toBe(200);
    const q = res.json<Quote>();
    expect(q.product.id).toBe(PACKAGE_IDS.series);
    expect(q.product.recurring).toBe(true);
    expect(q).toMatchObject({
      trialDays: 0,
      discount: null,
      dueTodayCents: q.product.priceCents,
      firstChargeCents: q.product.priceCents,
      savedCard: null,
    });
    expect(q.vat.includedCents).toBe(
      Math.round((q.product.priceCents * q.vat.ratePercent) / (100 + q.vat.ratePercent)),
    );
    expect(q.firstChargeAt).toBe(new Date(ctx.clock.now()).toISOString());
    expect(q.renewsAt).toBe(new Date(oneMonthAfter(ctx.clock.now())).toISOString());
  });

  it("quotes a trial: nothing due today, the first charge at the trial's end, discounted by the code", async () => {
    const user = await newUser();
    const q = (await quote(user, PACKAGE_IDS.adultos, 'bienvenida')).json<Quote>();
    expect(q.trialDays).toBe(7);
    expect(q.dueTodayCents).toBe(0);
    const firstAt = ctx.clock.now() + 7 * DAY;
    expect(q.firstChargeAt).toBe(new Date(firstAt).toISOString());
    expect(q.renewsAt).toBe(new Date(oneMonthAfter(firstAt)).toISOString());
    expect(q.discount).toEqual({ code: 'BIENVENIDA', percentOff: 50, amountOffCents: null, durationMonths: 3 });
    expect(q.firstChargeCents).toBe(q.product.priceCents - Math.round(q.product.priceCents / 2));
    expect(q.vat.includedCents).toBe(Math.round((q.firstChargeCents * q.vat.ratePercent) / (100 + q.vat.ratePercent)));
  });

  it('refuses codes that do not apply, each with its reason, at the quote and at the purchase', async () => {
    const user = await newUser();
    expect(await refusal(user, PACKAGE_IDS.series, 'NOEXISTE')).toEqual({
      status: 400,
      message: 'Este código promocional no es válido.',
    });
    expect(await refusal(user, PACKAGE_IDS.series, 'CADUCADO')).toEqual({
      status: 400,
      message: 'Este código promocional ha caducado.',
    });
    const onlyCine = await code('SOLOCINE', {
      percent_off: '10',
      duration: 'forever',
      'applies_to[products][0]': `pantalla_package_${PACKAGE_IDS.cine}`,
    });
    expect(await refusal(user, PACKAGE_IDS.series, onlyCine.code)).toEqual({
      status: 400,
      message: 'Este código promocional no es válido para este producto.',
    });
    expect((await quote(user, PACKAGE_IDS.cine, onlyCine.code)).json<Quote>().discount).toMatchObject({
      percentOff: 10,
      durationMonths: null,
    });
    const inactive = await code('APAGADO', { percent_off: '10', duration: 'once' }, { active: 'false' });
    expect(await refusal(user, PACKAGE_IDS.series, inactive.code)).toEqual({
      status: 400,
      message: 'Este código promocional no es válido.',
    });
    // An expiry that passes after the code was made.
    const soon = await code(
      'PRONTO',
      { percent_off: '10', duration: 'once' },
      { expires_at: String(Math.floor(ctx.clock.now() / 1000) + 60) },
    );
    expect((await quote(user, PACKAGE_IDS.series, soon.code)).statusCode).toBe(200);
    const purchase = await post(user, '/api/v1/purchases', {
      productId: PACKAGE_IDS.series,
      holderName: 'Ana Promo',
      promotionCode: 'CADUCADO',
    });
    expect(purchase.statusCode).toBe(400);
    expect(purchase.json<{ message: string }>().message).toBe('Este código promocional ha caducado.');
    // Malformed, unknown product, signed out.
    expect((await quote(user, PACKAGE_IDS.series, 'no vale!')).statusCode).toBe(400);
    const unknown = await quote(user, 999_999);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<{ message: string }>().message).toBe('Este producto ya no está a la venta.');
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/v1/purchases/quote',
          payload: { productId: PACKAGE_IDS.series },
        })
      ).statusCode,
    ).toBe(401);
  });

  it('one-off (PPV) purchases take no code: the quote and the purchase say so, and nothing is redeemed', async () => {
    const user = await newUser();
    const ppv = await ctx.sql
      .selectFrom('products')
      .selectAll()
      .where('kind', '=', 'ppv')
      .where('fcEnd', '>', ctx.clock.now())
      .orderBy('fcEnd')
      .executeTakeFirstOrThrow();
    const plain = (await quote(user, ppv.id)).json<Quote>();
    expect(plain).toMatchObject({
      trialDays: 0,
      discount: null,
      renewsAt: null,
      dueTodayCents: ppv.priceCents,
      firstChargeCents: ppv.priceCents,
    });
    const once = await code('PPVNO', { percent_off: '20', duration: 'once' });
    expect(await refusal(user, ppv.id, once.code)).toEqual({
      status: 400,
      message: 'Este código promocional no es válido para este producto.',
    });
    const purchase = await post(user, '/api/v1/purchases', {
      productId: ppv.id,
      holderName: 'Ana Promo',
      promotionCode: once.code,
    });
    expect(purchase.statusCode).toBe(400);
    expect(purchase.json<{ message: string }>().message).toBe(
      'Este código promocional no es válido para este producto.',
    );
    expect((await stripe('GET', `/v1/promotion_codes/${once.id}`)).times_redeemed).toBe(0);
  });

  it('a code of one redemption serves one buyer; the next is told it was used up (times_redeemed counted once)', async () => {
    const [first, second] = [await newUser(), await newUser()];
    const single = await code(
      'UNAVEZ',
      { amount_off: '200', currency: 'eur', duration: 'once' },
      { max_redemptions: '1' },
    );
    const q = (await quote(second, PACKAGE_IDS.series, single.code)).json<Quote>();
    expect(q.firstChargeCents).toBe(q.product.priceCents - 200);
    const { amountCents } = await subscribe(first, PACKAGE_IDS.series, single.code);
    expect(amountCents).toBe(q.product.priceCents - 200);
    const promo = await stripe('GET', `/v1/promotion_codes/${single.id}`, { 'expand[0]': 'promotion.coupon' });
    expect(promo.times_redeemed).toBe(1);
    expect((promo.promotion as { coupon: { times_redeemed: number } }).coupon.times_redeemed).toBe(1);
    expect(await refusal(second, PACKAGE_IDS.series, single.code)).toEqual({
      status: 400,
      message: 'Este código promocional ya se ha usado el máximo de veces.',
    });
    const late = await post(second, '/api/v1/purchases', {
      productId: PACKAGE_IDS.series,
      holderName: 'Ana Promo',
      promotionCode: single.code,
    });
    expect(late.statusCode).toBe(400);
    expect(late.json<{ message: string }>().message).toBe('Este código promocional ya se ha usado el máximo de veces.');
    // The sandbox itself refuses a redemption past the limit, as Stripe does.
    const customer = await stripe('POST', '/v1/customers', { email: 'x@pantalla.test' });
    const refused = await stripe(
      'POST',
      '/v1/subscriptions',
      {
        customer: String(customer.id),
        'items[0][price_data][currency]': 'eur',
        'items[0][price_data][unit_amount]': '999',
        'items[0][price_data][product]': 'p',
        'items[0][price_data][recurring][interval]': 'month',
        'discounts[0][promotion_code]': single.id,
      },
      400,
    );
    expect(String((refused.error as { message: string }).message)).toMatch(/maximum number of times/);
    // The first buyer now has a card on file: their next quote offers it.
    expect((await quote(first, PACKAGE_IDS.cine)).json<Quote>().savedCard).toMatchObject({
      brand: 'visa',
      last4: '4242',
    });
    // A code for first purchases only is refused to a buyer who paid before.
    const firstOnly = await code(
      'PRIMERA',
      { percent_off: '10', duration: 'once' },
      { 'restrictions[first_time_transaction]': 'true' },
    );
    expect(await refusal(first, PACKAGE_IDS.cine, firstOnly.code)).toEqual({
      status: 400,
      message: 'Este código promocional es solo para la primera compra.',
    });
    expect((await quote(second, PACKAGE_IDS.cine, firstOnly.code)).statusCode).toBe(200);
  });

  it('the sandbox validates coupons and codes like Stripe and lists codes by their text', async () => {
    await stripe('POST', '/v1/coupons', { duration: 'once' }, 400);
    await stripe('POST', '/v1/coupons', { percent_off: '10', amount_off: '100', currency: 'eur' }, 400);
    await stripe('POST', '/v1/coupons', { amount_off: '100' }, 400);
    await stripe('POST', '/v1/coupons', { percent_off: '10', duration: 'repeating' }, 400);
    await stripe('POST', '/v1/coupons', { percent_off: '150' }, 400);
    const made = await code('LISTA', {
      percent_off: '15',
      duration: 'repeating',
      duration_in_months: '2',
      name: 'Lista',
    });
    await stripe('POST', '/v1/promotion_codes', { 'promotion[coupon]': made.couponId, code: made.code }, 400);
    const listed = await stripe('GET', '/v1/promotion_codes', {
      code: made.code.toLowerCase(),
      active: 'true',
      'expand[0]': 'data.promotion.coupon',
    });
    const data = listed.data as Array<{
      id: string;
      code: string;
      promotion: { coupon: { percent_off: number; duration_in_months: number; valid: boolean } };
    }>;
    expect(data.map((p) => p.id)).toEqual([made.id]);
    expect(data[0]?.promotion.coupon).toMatchObject({ percent_off: 15, duration_in_months: 2, valid: true });
    expect((await stripe('GET', '/v1/promotion_codes', { code: 'NADIE' })).data).toEqual([]);
    expect((await stripe('GET', `/v1/coupons/${made.couponId}`)).times_redeemed).toBe(0);
  });

  it("a subscription started with a code is charged the discounted amount for the coupon's months, then the full price", async () => {
    const user = await newUser();
    const twoMonths = await code('DOSMESES', { percent_off: '50', duration: 'repeating', duration_in_months: '2' });
    const q = (await quote(user, PACKAGE_IDS.cine, twoMonths.code)).json<Quote>();
    const price = q.product.priceCents;
    const half = price - Math.round(price / 2);
    expect(q.discount).toMatchObject({ durationMonths: 2 });
    const { subscriptionId, paidUntil, amountCents } = await subscribe(user, PACKAGE_IDS.cine, twoMonths.code);
    expect(amountCents).toBe(half);
    const sub = await stripe('GET', `/v1/subscriptions/${subscriptionId}`);
    expect(sub.discounts).toHaveLength(1);
    // Two renewals by the sandbox clock: the second month still discounted, the third in full.
    let end = Math.floor(paidUntil / 1000) * 1000;
    await advance(end + 60_000);
    await until('the second charge', async () => (await invoiceAmounts(subscriptionId)).length >= 2);
    end = oneMonthAfter(end);
    await advance(end + 60_000);
    await until('the third charge', async () => (await invoiceAmounts(subscriptionId)).length >= 3);
    expect(await invoiceAmounts(subscriptionId)).toEqual([half, half, price]);
    await until(
      'the renewals recorded',
      async () =>
        ((
          await ctx.sql
            .selectFrom('purchases')
            .select('paidUntil')
            .where('subscriptionId', '=', subscriptionId)
            .executeTakeFirst()
        )?.paidUntil ?? 0) > end,
    );
    expect((await stripe('GET', `/v1/promotion_codes/${twoMonths.id}`)).times_redeemed).toBe(1);
  });
});

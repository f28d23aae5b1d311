import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PACKAGE_IDS } from '../src/modules/commerce';
import { bearerFor, BASICO, DEMO } from './auth';
import { createTestContext, type TestContext } from './context';
import { databaseKinds } from './databases';
import { allSandboxEventsDelivered, listenWithWork, payWithCard, until } from './payments';
import { builders } from './builders';

const kinds = await databaseKinds();

interface Answer {
  status: number;
  body: Record<string, unknown>;
}

describe.each(kinds)('the card on file on %s', (kind) => {
  let ctx: TestContext;
  let base: string;
  let stop: () => Promise<void>;
  let auth: Record<string, string>;
  let demo: Record<string, string>;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
    ({ base, stop } = await listenWithWork(ctx));
    auth = await bearerFor(ctx, BASICO);
    demo = await bearerFor(ctx, DEMO);
  }, 60_000);
  afterAll(async () => {
    await stop?.();
    await ctx?.close();
  });

  const sk = () => ({ authorization: `Bearer ${ctx.config.payments.secretKey}` });
  const card = async (who = auth) =>
    (await ctx.app.inject({ method: 'GET', url: '/api/v1/payments/card', headers: who })).json<{ card: unknown }>()
      .card;
  const setup = async (who = auth) => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/payments/card/setup',
      headers: { ...who, 'accept-language': 'de-DE,de;q=0.9' },
    });
    expect(response.statusCode).toBe(200);
    return response.json<{ setupIntentId: string; clientSecret: string; cardFormUrl: string; provider: string }>();
  };
  const confirm = async (setupIntentId: string, who = auth) => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/payments/card/confirm',
      headers: who,
      payload: { setupIntentId },
    });
    return { status: response.statusCode, body: response.json<Record<string, unknown>>() };
  };
  /** What the card field does in setup mode: confirms the setup intent with the publishable key and a test card. */
  const fieldSaves = async (
    clientSecret: string,
    number: string,
    exp = { month: '12', year: '34' },
    lang = 'es',
  ): Promise<Answer> => {
    const id = clientSecret.split('_secret_')[0] ?? '';
    const form = new URLSearchParams({
      client_secret: clientSecret,
      'payment_method_data[type]': 'card',
      'payment_method_data[card][number]': number,
      'payment_method_data[card][exp_month]': exp.month,
      'payment_method_data[card][exp_year]': exp.year,
      'payment_method_data[card][cvc]': '123',
      'payment_method_data[billing_details][name]': 'Ana Básico',
    });
    const response = await fetch(`${base}/v1/setup_intents/${id}/confirm`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${ctx.config.payments.publishableKey}`,
        'content-type': 'application/x-www-form-urlencoded',
        'accept-language': lang,
      },
      body: form,
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const saveCard = async (number: string, exp?: { month: string; year: string }, who = auth) => {
    const s = await setup(who);
    expect((await fieldSaves(s.clientSecret, number, exp)).body.status).toBe('succeeded');
    return confirm(s.setupIntentId, who);
  };
  const delivered = () => allSandboxEventsDelivered(ctx);
  const customerOf = async (email: string) => {
    const user = await ctx.sql.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    return (
      await ctx.sql
        .selectFrom('paymentCustomers')
        .select('customerId')
        .where('userId', '=', user.id)
        .executeTakeFirstOrThrow()
    ).customerId;
  };
  const savedAtProvider = async (email: string) => {
    const response = await fetch(`${base}/v1/payment_methods?customer=${await customerOf(email)}&type=card`, {
      headers: sk(),
    });
    return ((await response.json()) as { data: Array<{ id: string; card: { last4: string } }> }).data;
  };

  it("saves a card through a setup intent and shows its brand, last four and expiry; the card field speaks the request's language", async () => {
    expect(await card()).toBeNull();
    const s = await setup();
    expect(s.setupIntentId).toMatch(/^seti_/);
    expect(s.clientSecret.startsWith(`${s.setupIntentId}_secret_`)).toBe(true);
    const fieldUrl = new URL(s.cardFormUrl, base);
    expect(fieldUrl.searchParams.get('locale')).toBe('de');
    const field = await (await fetch(fieldUrl)).text();
    expect(field).toContain('<html lang="de">');
    expect(field).toContain('Kartennummer');
    fieldUrl.searchParams.set('locale', 'fr');
    expect(await (await fetch(fieldUrl)).text()).toContain('Número de tarjeta');
    // Not confirmed in the card field yet: nothing is saved.
    expect((await confirm(s.setupIntentId)).status).toBe(409);
    expect((await fieldSaves(s.clientSecret, '4242424242424242')).body.status).toBe('succeeded');
    const saved = await confirm(s.setupIntentId);
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ card: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034 }, recovered: [] });
    expect(await card()).toEqual({ brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034 });
    // Confirming again changes nothing.
    expect((await confirm(s.setupIntentId)).body).toMatchObject({ card: { last4: '4242' } });
    // The provider shows the card, never its number.
    const [pm] = await savedAtProvider(BASICO);
    expect(JSON.stringify(pm)).not.toContain('4242424242424242');
  });

  it('replaces the card: the new one is the default, the old one is detached', async () => {
    const replaced = await saveCard('5555555555554444', { month: '03', year: '2031' });
    expect(replaced.body).toMatchObject({ card: { brand: 'mastercard', last4: '4444', expMonth: 3, expYear: 2031 } });
    expect((await savedAtProvider(BASICO)).map((m) => m.card.last4)).toEqual(['4444']);
  });

  it("refuses another user's setup intent, an unknown one and a malformed id; without a session nothing", async () => {
    const mine = await setup();
    expect((await fieldSaves(mine.clientSecret, '4242424242424242')).body.status).toBe('succeeded');
    // The demo user gets a customer of their own, then tries basico's setup intent.
    await setup(demo);
    const theirs = await confirm(mine.setupIntentId, demo);
    expect(theirs.status).toBe(404);
    expect(theirs.body.message).toBe('No encontramos ese registro de tarjeta.');
    expect(await card(demo)).toBeNull();
    expect((await confirm('seti_0123456789abcdef0123')).status).toBe(404);
    expect((await confirm('pm_nope')).status).toBe(400);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/payments/card' })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/v1/payments/card/setup' })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'DELETE', url: '/api/v1/payments/card' })).statusCode).toBe(401);
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/v1/payments/card/confirm',
          payload: { setupIntentId: mine.setupIntentId },
        })
      ).statusCode,
    ).toBe(401);
    // basico's card is still the last one basico confirmed.
    expect(await card()).toMatchObject({ last4: '4444' });
  });

  it('a 3-D Secure card is saved once the challenge passes; a failed challenge saves nothing', async () => {
    const s = await setup();
    const asked = await fieldSaves(s.clientSecret, '4000002760003184');
    expect(asked.body.status).toBe('requires_action');
    const url = (asked.body.next_action as { redirect_to_url: { url: string } }).redirect_to_url.url;
    const pageResponse = await fetch(`${base}${url}&locale=en`);
    expect(pageResponse.status).toBe(200);
    expect(await pageResponse.text()).toContain('authorise saving your test card');
    const failedChallenge = await fetch(`${base}/payments-sandbox/3ds/${s.setupIntentId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': 'de' },
      body: JSON.stringify({ client_secret: s.clientSecret, passed: false }),
    });
    expect(failedChallenge.status).toBe(402);
    expect(((await failedChallenge.json()) as { error: { code: string; message: string } }).error).toMatchObject({
      code: 'setup_intent_authentication_failure',
      message: expect.stringContaining('Zahlungsmethode'),
    });
    expect((await confirm(s.setupIntentId)).status).toBe(409);
    // Tried again with the same card, this time authenticated.
    expect((await fieldSaves(s.clientSecret, '4000002760003184')).body.status).toBe('requires_action');
    const passed = await fetch(`${base}/payments-sandbox/3ds/${s.setupIntentId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ client_secret: s.clientSecret, passed: true }),
    });
    expect(((await passed.json()) as { status: string }).status).toBe('succeeded');
    expect((await confirm(s.setupIntentId)).body).toMatchObject({ card: { brand: 'visa', last4: '3184' } });
  });

  it("a declined card is not saved, and the field says why in the card field's language", async () => {
    const s = await setup();
    const refused = await fieldSaves(s.clientSecret, '4000000000000002', undefined, 'de');
    expect(refused.status).toBe(402);
    expect(refused.body.error).toMatchObject({
      type: 'card_error',
      code: 'card_declined',
      decline_code: 'generic_decline',
      message: 'Ihre Karte wurde abgelehnt.',
    });
    expect((await confirm(s.setupIntentId)).status).toBe(409);
    expect(await card()).toMatchObject({ last4: '3184' });
  });

  it('a pay-per-view is bought with the saved card off session; a card whose later charges fail is refused', async () => {
    await saveCard('4242424242424242');
    const ppv = await ctx.sql
      .selectFrom('products')
      .selectAll()
      .where('kind', '=', 'ppv')
      .where('fcEnd', '>', ctx.clock.now())
      .orderBy('fcEnd')
      .executeTakeFirstOrThrow();
    const bought = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/purchases',
      headers: auth,
      payload: { productId: ppv.id, holderName: 'Ana Básico', useSavedCard: true },
    });
    expect(bought.statusCode).toBe(200);
    const body = bought.json<{ purchaseId: string; next: string; clientSecret: string }>();
    expect(body.next).toBe('confirmed');
    expect(body.clientSecret).toBe('');
    const purchase = await until(
      'the purchase fulfilled',
      async () =>
        (await ctx.sql.selectFrom('purchases').selectAll().where('id', '=', body.purchaseId).executeTakeFirst())
          ?.status === 'fulfilled',
    );
    expect(purchase).toBe(true);
    // 4000 0000 0000 0341 is saved, but charging it later fails.
    expect((await saveCard('4000000000000341')).body).toMatchObject({ card: { last4: '0341' } });
    const other = await ctx.sql
      .selectFrom('products')
      .selectAll()
      .where('kind', '=', 'ppv')
      .where('fcEnd', '>', ctx.clock.now())
      .where('id', '!=', ppv.id)
      .orderBy('fcEnd')
      .executeTakeFirstOrThrow();
    const declined = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/purchases',
      headers: auth,
      payload: { productId: other.id, holderName: 'Ana Básico', useSavedCard: true },
    });
    expect(declined.statusCode).toBe(402);
  });

  it("a trial's setup intent saves its card for the customer and the subscription", async () => {
    // Adultos has a 7-day trial (README, "Demo").
    const started = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/purchases',
      headers: auth,
      payload: { productId: PACKAGE_IDS.adultos, holderName: 'Ana Básico' },
    });
    expect(started.statusCode).toBe(200);
    const trial = started.json<{ purchaseId: string; clientSecret: string }>();
    expect(trial.clientSecret).toMatch(/^seti_/);
    expect((await fieldSaves(trial.clientSecret, '4242424242424242')).body.status).toBe('succeeded');
    const setupIntentId = trial.clientSecret.split('_secret_')[0] ?? '';
    expect((await confirm(setupIntentId)).body).toMatchObject({ card: { brand: 'visa', last4: '4242' } });
    expect(await card()).toMatchObject({ last4: '4242' });
    const sub = await ctx.sql
      .selectFrom('purchases')
      .select('subscriptionId')
      .where('id', '=', trial.purchaseId)
      .executeTakeFirstOrThrow();
    const atProvider = (await (
      await fetch(`${base}/v1/subscriptions/${sub.subscriptionId}`, { headers: sk() })
    ).json()) as { default_payment_method: string | null; pending_setup_intent: string | null };
    expect(atProvider.default_payment_method).toMatch(/^pm_/);
    expect(atProvider.pending_setup_intent).toBeNull();
  });

  it('removes the card: nothing on file after it, the provider no longer has it', async () => {
    const customer = (await (
      await fetch(`${base}/v1/customers/${await customerOf(BASICO)}`, { headers: sk() })
    ).json()) as { invoice_settings: { default_payment_method: string } };
    const onFile = customer.invoice_settings.default_payment_method;
    expect(onFile).toMatch(/^pm_/);
    const removed = await ctx.app.inject({ method: 'DELETE', url: '/api/v1/payments/card', headers: auth });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ card: null });
    expect(await card()).toBeNull();
    expect((await savedAtProvider(BASICO)).map((m) => m.id)).not.toContain(onFile);
    const detached = (await (await fetch(`${base}/v1/payment_methods/${onFile}`, { headers: sk() })).json()) as {
      customer: string | null;
    };
    expect(detached.customer).toBeNull();
    const again = await ctx.app.inject({ method: 'DELETE', url: '/api/v1/payments/card', headers: auth });
    expect(again.statusCode).toBe(404);
    expect(again.json<{ message: string }>().message).toBe('No tienes ninguna tarjeta guardada.');
  });

  // Last: it moves the clocks on.
  it('a new card pays the renewal that failed: the subscription is active again', async () => {
    const email = `cards-${kind}@pantalla.test`;
    await builders(ctx).newUserLike(BASICO, email);
    let who = await bearerFor(ctx, email);
    const started = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/purchases',
      headers: who,
      payload: { productId: PACKAGE_IDS.cine, holderName: 'Ana Tarjeta' },
    });
    const { purchaseId, clientSecret } = started.json<{ purchaseId: string; clientSecret: string }>();
    // 4000 0000 0000 0341 pays now; its renewal fails.
    expect(
      (await payWithCard(base, ctx.config.payments.publishableKey, clientSecret, '4000000000000341')).body.status,
    ).toBe('succeeded');
    expect(
      (await ctx.app.inject({ method: 'POST', url: `/api/v1/purchases/${purchaseId}/confirm`, headers: who })).json(),
    ).toMatchObject({ status: 'fulfilled' });
    expect(await card(who)).toMatchObject({ last4: '0341' });
    await delivered();
    const { paidUntil } = await ctx.sql
      .selectFrom('purchases')
      .select('paidUntil')
      .where('id', '=', purchaseId)
      .executeTakeFirstOrThrow();
    const at = Math.floor((paidUntil ?? 0) / 1000) * 1000 + 60_000;
    ctx.clock.set(at);
    const advanced = await fetch(`${base}/v1/test_helpers/test_clocks/clock_sandbox/advance`, {
      method: 'POST',
      headers: { ...sk(), 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ frozen_time: String(Math.floor(at / 1000)) }),
    });
    expect(advanced.status).toBe(200);
    await delivered();
    // A month on: a fresh sign-in.
    who = await bearerFor(ctx, email);
    const state = async () =>
      (await ctx.app.inject({ method: 'GET', url: '/api/v1/purchases', headers: who }))
        .json<{ subscriptions: Array<{ purchaseId: string; state: string }> }>()
        .subscriptions.find((p) => p.purchaseId === purchaseId)?.state;
    await until('the renewal failed', async () => (await state()) === 'past_due');
    const saved = await saveCard('4242424242424242', undefined, who);
    expect(saved.body).toEqual({
      card: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034 },
      recovered: [purchaseId],
    });
    await delivered();
    expect(await state()).toBe('active');
  });
});

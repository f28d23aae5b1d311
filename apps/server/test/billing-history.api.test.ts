import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BillingHistoryResponse, Receipt } from '@pantalla/contracts';
import { PACKAGE_IDS } from '../src/modules/commerce';
import { BillingHistory, BillingHistoryRepository } from '../src/modules/commerce/testing';
import type { PurchaseRow } from '../src/modules/commerce/testing';
import type { MailMessage } from '../src/modules/identity';
import { stripeSignature } from '../src/modules/payment-sandbox';
import { bearerFor } from './auth';
import { createTestContext, type TestContext } from './context';
import { databaseKinds } from './databases';
import { allSandboxEventsDelivered, listenWithWork, payWithCard } from './payments';

const kinds = await databaseKinds();
const ADMIN = 'operador.cobros@pantalla.test';
const PASSWORD = 'Historial-26-clave';

describe.each(kinds)('billing history, receipts, mails and refunds on %s', (kind) => {
  let ctx: TestContext;
  let base: string;
  let stop: () => Promise<void>;
  let admin: Record<string, string>;
  let accounts = 0;
  beforeAll(async () => {
    ctx = await createTestContext(kind, { ADMIN_EMAILS: ADMIN });
    ({ base, stop } = await listenWithWork(ctx));
    await ctx.modules.identity.accounts.create({
      email: ADMIN,
      password: PASSWORD,
      name: 'Operador',
      surname: 'Cobros',
      pin: null,
    });
    admin = await bearerFor(ctx, ADMIN);
  }, 60_000);
  afterAll(async () => {
    await stop?.();
    await ctx?.close();
  });

  /** A fresh subscriber of its own, so each test's history is its own. */
  async function subscriber(): Promise<{ email: string; userId: number; auth: () => Promise<Record<string, string>> }> {
    const email = `historial.${kind}.${++accounts}@pantalla.test`;
    const account = await ctx.modules.identity.accounts.create({
      email,
      password: PASSWORD,
      name: 'Hilda',
      surname: 'Historial',
      pin: null,
    });
    return { email, userId: account.id, auth: () => bearerFor(ctx, email) };
  }
  const delivered = () => allSandboxEventsDelivered(ctx);
  async function buy(auth: Record<string, string>, productId: number, card = '4242424242424242'): Promise<string> {
    const started = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/purchases',
      headers: auth,
      payload: { productId, holderName: 'Hilda Historial' },
    });
    expect(started.statusCode, started.body).toBe(200);
    const { purchaseId, clientSecret } = started.json<{ purchaseId: string; clientSecret: string }>();
    expect((await payWithCard(base, ctx.config.payments.publishableKey, clientSecret, card)).body.status).toBe(
      'succeeded',
    );
    expect(
      (await ctx.app.inject({ method: 'POST', url: `/api/v1/purchases/${purchaseId}/confirm`, headers: auth })).json(),
    ).toMatchObject({ status: 'fulfilled' });
    await delivered();
    return purchaseId;
  }
  async function history(auth: Record<string, string>, query = ''): Promise<BillingHistoryResponse> {
    const answer = await ctx.app.inject({ method: 'GET', url: `/api/v1/billing/history${query}`, headers: auth });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<BillingHistoryResponse>();
  }
  const receipt = (auth: Record<string, string>, entryId: string) =>
    ctx.app.inject({ method: 'GET', url: `/api/v1/billing/receipts/${entryId}`, headers: auth });
  const mails = (to: string) => ctx.sql.selectFrom('outbox').selectAll().where('to', '=', to).orderBy('id').execute();
  const refund = (purchaseId: string, body: Record<string, unknown>, headers: Record<string, string> = admin) =>
    ctx.app.inject({ method: 'POST', url: `/api/v1/admin/purchases/${purchaseId}/refund`, headers, payload: body });
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
  async function advance(ms: number): Promise<void> {
    await delivered();
    ctx.clock.set(ms);
    admin = await bearerFor(ctx, ADMIN);
    await stripeCall('/v1/test_helpers/test_clocks/clock_sandbox/advance', {
      frozen_time: String(Math.floor(ms / 1000)),
    });
    await delivered();
  }
  const paidUntil = async (purchaseId: string) =>
    (await ctx.sql.selectFrom('purchases').select('paidUntil').where('id', '=', purchaseId).executeTakeFirstOrThrow())
      .paidUntil ?? 0;

  it('refunds in part and in full (admins only), once per refund whoever reports it, refuses more than was paid, and a refunded pay-per-view is owned no more', async () => {
    const { email, userId, auth } = await subscriber();
    const ppv = await ctx.sql
      .selectFrom('products')
      .selectAll()
      .where('kind', '=', 'ppv')
      .where('fcEnd', '>', ctx.clock.now())
      .orderBy('fcEnd')
      .executeTakeFirstOrThrow();
    const purchaseId = await buy(await auth(), ppv.id);
    const price = ppv.priceCents;

    expect((await refund(purchaseId, {}, await auth())).statusCode).toBe(403);
    expect((await refund(purchaseId, {}, {})).statusCode).toBe(401);
    expect((await refund(purchaseId, { amountCents: -5 })).statusCode).toBe(400);
    expect((await refund('pur_000000000000000000000000', {})).statusCode).toBe(404);

    // A partial refund, asked twice with one Idempotency-Key: one refund.
    const key = { ...admin, 'idempotency-key': 'parcial-0001' };
    const [partial, again] = [
      await refund(purchaseId, { amountCents: 100 }, key),
      await refund(purchaseId, { amountCents: 100 }, key),
    ];
    expect(partial.statusCode, partial.body).toBe(200);
    expect(partial.json()).toMatchObject({ purchaseId, amountCents: 100, paidCents: price, refundedCents: 100 });
    expect(again.json<{ refundId: string }>().refundId).toBe(partial.json<{ refundId: string }>().refundId);
    // More than is left is refused (by us, and by the provider as Stripe refuses it); the rest is refunded; then nothing is left.
    const over = await refund(purchaseId, { amountCents: price });
    expect(over.statusCode).toBe(400);
    const intent =
      (
        await ctx.sql
          .selectFrom('purchases')
          .select('paymentIntentId')
          .where('id', '=', purchaseId)
          .executeTakeFirstOrThrow()
      ).paymentIntentId ?? '';
    const atProvider = (form: Record<string, string>) =>
      fetch(`${base}/v1/refunds`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${ctx.config.payments.secretKey}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams({ payment_intent: intent, ...form }),
      });
    const tooMuch = await atProvider({ amount: String(price) });
    expect([tooMuch.status, ((await tooMuch.json()) as { error: { param?: string } }).error.param]).toEqual([
      400,
      'amount',
    ]);
    const rest = await refund(purchaseId, {});
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json()).toMatchObject({ amountCents: price - 100, refundedCents: price });
    expect((await refund(purchaseId, {})).statusCode).toBe(409);
    const again409 = await atProvider({});
    expect([again409.status, ((await again409.json()) as { error: { code?: string } }).error.code]).toEqual([
      400,
      'charge_already_refunded',
    ]);
    const listed = await fetch(`${base}/v1/refunds?payment_intent=${intent}`, {
      headers: { authorization: `Bearer ${ctx.config.payments.secretKey}` },
    });
    expect(
      ((await listed.json()) as { data: Array<{ amount: number }> }).data.map((r) => r.amount).sort((a, b) => a - b),
    ).toEqual([100, price - 100].sort((a, b) => a - b));
    await delivered();

    const { entries } = await history(await auth());
    expect(entries.map((e) => [e.kind, e.amountCents]).sort()).toEqual(
      [
        ['payment', price],
        ['refund', 100],
        ['refund', price - 100],
      ].sort(),
    );
    const refundLine = entries.find((e) => e.kind === 'refund' && e.amountCents === 100);
    const paper = (await receipt(await auth(), refundLine?.id ?? '')).json<Receipt>();
    expect(paper).toMatchObject({ kind: 'refund', totalCents: 100, vat: { ratePercent: 21, includedCents: 17 } });
    expect((await mails(email)).filter((m) => m.subject.startsWith('Te hemos devuelto'))).toHaveLength(2);
    // Owned no more: the entitlement ended.
    const owned = await ctx.sql
      .selectFrom('entitlements')
      .selectAll()
      .where('userId', '=', userId)
      .where('packageId', '=', ppv.packageId)
      .executeTakeFirst();
    expect(owned?.endsAt ?? 0).toBeLessThanOrEqual(ctx.clock.now());
  });

  it('records a purchase as one payment with a receipt and one mail; a replayed webhook records and mails nothing twice; a renewal is another line', async () => {
    const { email, auth } = await subscriber();
    const purchaseId = await buy(await auth(), PACKAGE_IDS.cine);
    const first = await history(await auth());
    expect(first.entries).toHaveLength(1);
    const [line] = first.entries;
    expect(line).toMatchObject({
      kind: 'payment',
      purchaseId,
      amountCents: 999,
      currency: 'EUR',
      vat: { country: 'ES', ratePercent: 21, includedCents: 173 },
      receipt: true,
    });
    expect(first.nextCursor).toBeNull();
    const paper = await receipt(await auth(), line?.id ?? '');
    expect(paper.statusCode, paper.body).toBe(200);
    const r = paper.json<Receipt>();
    expect(r).toMatchObject({
      kind: 'payment',
      seller: { name: 'Pantalla Demo S.L.', taxId: 'B00000000' },
      buyer: { name: 'Hilda Historial', email },
      totalCents: 999,
      currency: 'EUR',
    });
    expect(r.number).toMatch(/^PAN-\d{4}-\d{6}$/);
    expect(r.period).not.toBeNull();
    expect(r.method).toEqual({ brand: 'visa', last4: '4242' });
    expect(paper.headers['cache-control']).toBe('no-store');
    const sent = await mails(email);
    expect(sent.map((m) => m.subject)).toEqual(['Confirmación de pago: Cine Plus · Pantalla']);
    expect(sent[0]?.text).toContain('9,99\u00a0€');
    expect(sent[0]?.text).toContain(r.number);

    // Every event the sandbox sent, again (as Stripe's retries would): nothing new.
    const events = await ctx.sql.selectFrom('sandboxEvents').select('payload').execute();
    for (const { payload } of events) {
      const answer = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/payments/webhook',
        headers: {
          'content-type': 'application/json',
          'stripe-signature': stripeSignature(
            ctx.config.payments.webhookSecret,
            payload,
            Math.floor(ctx.clock.now() / 1000),
          ),
        },
        payload,
      });
      expect(answer.statusCode).toBe(200);
    }
    expect((await history(await auth())).entries).toHaveLength(1);
    expect(await mails(email)).toHaveLength(1);

    // The renewal: a second payment line with its own receipt, and a mail.
    await advance((await paidUntil(purchaseId)) + 60_000);
    const renewed = await history(await auth());
    expect(renewed.entries.map((e) => [e.kind, e.amountCents, e.receipt])).toEqual([
      ['payment', 999, true],
      ['payment', 999, true],
    ]);
    expect(renewed.entries.map((e) => e.method)).toEqual([
      { brand: 'visa', last4: '4242' },
      { brand: 'visa', last4: '4242' },
    ]);
    const numbers = await Promise.all(
      renewed.entries.map(async (e) => (await receipt(await auth(), e.id)).json<Receipt>().number),
    );
    expect(new Set(numbers).size).toBe(2);
    expect((await mails(email)).map((m) => m.subject)).toContain('Tu suscripción Cine Plus se ha renovado · Pantalla');

    // Cancelled in the settings: one mail that says until when access lasts.
    const cancelled = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/purchases/${purchaseId}/cancel`,
      headers: await auth(),
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await delivered();
    const until = new Intl.DateTimeFormat('es-ES', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(new Date(await paidUntil(purchaseId)));
    const cancelMails = (await mails(email)).filter((m) => m.subject === 'Has cancelado Cine Plus · Pantalla');
    expect(cancelMails).toHaveLength(1);
    expect(cancelMails[0]?.text).toContain(`Tienes acceso hasta el ${until}.`);
  });

  it('records a failed renewal without a receipt and mails the link to update the card', async () => {
    const { email, userId, auth } = await subscriber();
    const purchaseId = await buy(await auth(), PACKAGE_IDS.series);
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
    await advance((await paidUntil(purchaseId)) + 60_000);
    const { entries } = await history(await auth());
    const failed = entries.find((e) => e.kind === 'failed_renewal');
    expect(failed).toMatchObject({ purchaseId, amountCents: 799, receipt: false });
    expect((await receipt(await auth(), failed?.id ?? '')).statusCode).toBe(404);
    const mail = (await mails(email)).find((m) => m.subject.startsWith('No hemos podido renovar'));
    expect(mail?.text).toContain(`${ctx.config.publicUrl}/settings/`);
    expect(mail?.html).toContain(`href="${ctx.config.publicUrl}/settings/"`);
  });

  it('pages 45 lines newest first with an opaque cursor, refuses a forged one, and shows a receipt to its owner only', async () => {
    const { userId, auth } = await subscriber();
    const other = await subscriber();
    const repo = new BillingHistoryRepository(ctx.platform.db);
    const t0 = Date.UTC(2026, 10, 1);
    for (let i = 0; i < 45; i++) {
      // Every third line shares its instant with the next: the id breaks the tie.
      const at = t0 + Math.floor(i / 2) * 60_000;
      await repo.record(
        {
          id: `bil_${String(i).padStart(24, '0')}`,
          userId,
          purchaseId: 'pur_paginas',
          kind: 'payment',
          factKey: `pagina-${kind}-${i}`,
          at,
          productTitle: 'Cine',
          amountCents: 999,
          currency: 'EUR',
          vatCountry: 'ES',
          vatRate: 21,
          vatCents: 173,
          methodBrand: 'visa',
          methodLast4: '4242',
          periodFrom: null,
          periodTo: null,
          buyerName: 'Hilda',
          buyerEmail: 'h@pantalla.test',
        },
        i % 5 !== 0,
      );
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    const sizes: number[] = [];
    do {
      const page: BillingHistoryResponse = await history(await auth(), `?limit=20${cursor ? `&cursor=${cursor}` : ''}`);
      sizes.push(page.entries.length);
      seen.push(...page.entries.map((e) => e.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(sizes).toEqual([20, 20, 5]);
    expect(seen).toEqual(Array.from({ length: 45 }, (_, i) => `bil_${String(44 - i).padStart(24, '0')}`));
    for (const forged of ['nope', Buffer.from('1.bil_x').toString('base64url'), 'a'.repeat(300)]) {
      expect(
        (
          await ctx.app.inject({
            method: 'GET',
            url: `/api/v1/billing/history?cursor=${forged}`,
            headers: await auth(),
          })
        ).statusCode,
      ).toBe(400);
    }
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/v1/billing/history?limit=0', headers: await auth() }))
        .statusCode,
    ).toBe(400);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/billing/history' })).statusCode).toBe(401);
    const mine = `bil_${String(1).padStart(24, '0')}`;
    expect((await receipt(await auth(), mine)).statusCode).toBe(200);
    expect((await receipt(await other.auth(), mine)).statusCode).toBe(404);
    expect((await receipt(await auth(), `bil_${String(0).padStart(24, '0')}`)).statusCode).toBe(404);
    expect((await receipt(await auth(), 'bil_000000000000000000000999')).statusCode).toBe(404);
    expect((await receipt(await auth(), 'not-an-entry')).statusCode).toBe(400);
  });

  it('numbers receipts uniquely under concurrency and records a fact once when told many times at once', async () => {
    const { userId } = await subscriber();
    const repo = new BillingHistoryRepository(ctx.platform.db);
    const at = Date.UTC(2031, 0, 1);
    const rows = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        repo.record(
          {
            id: `bil_${String(1000 + i).padStart(24, '0')}`,
            userId,
            purchaseId: 'pur_concurrente',
            kind: 'payment',
            factKey: `concurrente-${kind}-${i % 30}`,
            at,
            productTitle: 'Cine',
            amountCents: 999,
            currency: 'EUR',
            vatCountry: 'ES',
            vatRate: 21,
            vatCents: 173,
            methodBrand: null,
            methodLast4: null,
            periodFrom: null,
            periodTo: null,
            buyerName: '',
            buyerEmail: '',
          },
          true,
        ),
      ),
    );
    const numbers = rows.flatMap((r) => (r?.receiptNumber ? [r.receiptNumber] : []));
    // 30 facts (10 told twice): 30 lines, numbered 1..30 of 2031 without a gap or a repeat.
    expect(numbers).toHaveLength(30);
    expect(numbers.sort()).toEqual(Array.from({ length: 30 }, (_, i) => `PAN-2031-${String(i + 1).padStart(6, '0')}`));
  });

  it("writes the mails in the account's language: Spanish by default, English and German when the account has them", async () => {
    const { userId, email } = await subscriber();
    const purchase: PurchaseRow = {
      ...(await ctx.sql
        .selectFrom('purchases')
        .selectAll()
        .where('status', '=', 'fulfilled')
        .executeTakeFirstOrThrow()),
      userId,
      holderName: 'https://evil.example',
    };
    const sent: MailMessage[] = [];
    const historyIn = (language: string | null) =>
      new BillingHistory({
        repo: new BillingHistoryRepository(ctx.platform.db),
        mailer: { send: async (m) => void sent.push(m) },
        contactOf: async () => ({ email, language }),
        countryOf: async () => 'DE',
        cardOf: async () => ({ brand: 'visa', last4: '4242' }),
        paymentMethodOf: async () => null,
        vat: ctx.config.vat,
        log: ctx.platform.log,
        operatorName: 'Pantalla',
        seller: () => ctx.config.operator.legal,
        settingsUrl: 'https://pantalla.example/settings/',
      });
    const at = ctx.clock.now();
    const fact = (key: string) => ({
      key,
      purchase: { ...purchase, title: 'Cine' },
      reason: 'purchase' as const,
      amountCents: 999,
      currency: 'EUR',
      at,
      period: null,
      paymentMethodId: 'pm_x',
    });
    await historyIn('en').paid(fact(`idioma-${kind}-en`));
    await historyIn('de').renewalFailed({
      key: `idioma-${kind}-de`,
      purchase: { ...purchase, title: 'Cine' },
      amountCents: 999,
      currency: 'EUR',
      at,
      graceUntil: at + 7 * 86_400_000,
    });
    await historyIn(null).cancelled({
      key: `idioma-${kind}-es`,
      purchase: { ...purchase, title: 'Cine' },
      at,
      endsAt: at + 86_400_000,
    });
    await historyIn(null).cancelled({
      key: `idioma-${kind}-es`,
      purchase: { ...purchase, title: 'Cine' },
      at,
      endsAt: at + 86_400_000,
    });
    expect(sent.map((m) => m.subject)).toEqual([
      'Payment confirmation: Cine · Pantalla',
      'Wir konnten Cine nicht verlängern · Pantalla',
      'Has cancelado Cine · Pantalla',
    ]);
    expect(sent[0]?.text).toContain('€9.99');
    expect(sent[1]?.text).toContain('9,99\u00a0€');
    expect(sent[1]?.text).toContain('https://pantalla.example/settings/');
    // The holder's name is the user's: no link can be made of it.
    expect(sent[0]?.text).not.toContain('https://evil.example');
    // The German account pays German VAT (19 %), kept on the line as it was.
    const line = await ctx.sql
      .selectFrom('billingEntries')
      .selectAll()
      .where('factKey', '=', `idioma-${kind}-en`)
      .executeTakeFirstOrThrow();
    expect([line.vatCountry, line.vatRate, line.vatCents, line.methodBrand, line.methodLast4]).toEqual([
      'DE',
      19,
      160,
      'visa',
      '4242',
    ]);
  });
});

import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperatorProductDetail, OperatorProductsPage, OperatorSales } from '@pantalla/contracts';
import { PACKAGE_IDS } from '../src/modules/commerce';
import { SANDBOX_CLOCK_ID } from '../src/modules/payment-sandbox';
import { bearerFor, DEMO } from './auth';
import { createTestContext, type TestContext } from './context';
import { databaseKinds } from './databases';
import { buy, delivered, freshSubscriber, listenOnce } from './operator-actions-fixtures';
import { makeOperator, reauthenticate } from './operator-routes';
import { until } from './payments';
import { builders } from './builders';

const kinds = await databaseKinds();
const DAY_MS = 86_400_000;
const PRODUCT = PACKAGE_IDS.cine;
const url = `/api/v1/operator/products/${PRODUCT}`;
const dayOf = (at: number) => new Date(at).toISOString().slice(0, 10);

/**
 * Products and prices at the console: a price change makes a Price at the provider and applies
 * to new purchases (and the checkout's quote) at once, while a subscription bought before keeps
 * renewing at its old price; sales per day; who may read and who may change.
 */
describe.each(kinds)('operator products and prices, on %s', (kind) => {
  let ctx: TestContext;
  let stripe: Stripe;
  let admin: Record<string, string>;
  let support: Record<string, string>;
  let content: Record<string, string>;
  let oldSubscriptionId: string;
  let oldPurchaseId: string;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
    const { base } = await listenOnce(ctx);
    const port = Number(new URL(base).port);
    stripe = new Stripe(ctx.config.payments.secretKey, {
      host: '127.0.0.1',
      port,
      protocol: 'http',
      maxNetworkRetries: 0,
    });
    admin = await bearerFor(ctx, DEMO);
    support = await makeOperator(ctx, 'soporte-productos@pantalla.test', 'soporte-productos-1234', 'support');
    content = await makeOperator(ctx, 'contenidos-productos@pantalla.test', 'contenidos-productos-1234', 'content');
    // A subscriber of Cine Plus at its seeded price, before any change.
    const before = await freshSubscriber(ctx, 'precio-antiguo');
    oldPurchaseId = await buy(ctx, await before.auth(), PRODUCT);
    oldSubscriptionId =
      (
        await ctx.sql
          .selectFrom('purchases')
          .select('subscriptionId')
          .where('id', '=', oldPurchaseId)
          .executeTakeFirstOrThrow()
      ).subscriptionId ?? '';
  }, 300_000);
  afterAll(async () => {
    await (await listenOnce(ctx)).stop();
    await ctx?.close();
  });

  it('lists products by kind and title, a page at a time; support reads, content is refused', async () => {
    const subs = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/operator/products?kind=subscription&limit=2',
      headers: support,
    });
    expect(subs.statusCode, subs.body).toBe(200);
    const page = subs.json<OperatorProductsPage>();
    expect(page.items).toHaveLength(2);
    expect(page.items.every((p) => p.kind === 'subscription')).toBe(true);
    expect(page.nextCursor).not.toBeNull();
    const next = (
      await ctx.app.inject({
        method: 'GET',
        url: `/api/v1/operator/products?kind=subscription&limit=2&cursor=${page.nextCursor}`,
        headers: support,
      })
    ).json<OperatorProductsPage>();
    expect(next.items[0]?.id).toBeLessThan(page.items[1]?.id ?? 0);
    const found = (
      await ctx.app.inject({ method: 'GET', url: '/api/v1/operator/products?q=CINE', headers: support })
    ).json<OperatorProductsPage>();
    expect(found.items.map((p) => p.id)).toContain(PRODUCT);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/v1/operator/products?kind=ppv', headers: admin }))
        .json<OperatorProductsPage>()
        .items.every((p) => p.kind === 'ppv'),
    ).toBe(true);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/v1/operator/products', headers: content })).statusCode,
    ).toBe(403);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/v1/operator/products?cursor=x', headers: admin })).statusCode,
    ).toBe(400);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/v1/operator/products/999999', headers: admin })).statusCode,
    ).toBe(404);
  });

  it('edits title and sale window (admin only, audited); support may not', async () => {
    expect(
      (await ctx.app.inject({ method: 'PATCH', url, headers: support, payload: { title: 'Nope' } })).statusCode,
    ).toBe(403);
    const saleFrom = Date.UTC(2026, 0, 1);
    const res = await ctx.app.inject({
      method: 'PATCH',
      url,
      headers: admin,
      payload: { title: 'Cine Plus HD', saleFrom },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<OperatorProductDetail>().product).toMatchObject({ title: 'Cine Plus HD', saleFrom });
    const audit = await ctx.sql
      .selectFrom('auditLog')
      .selectAll()
      .where('action', '=', 'product.update')
      .where('subjectId', '=', String(PRODUCT))
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.after ?? '{}')).toMatchObject({ title: 'Cine Plus HD', saleFrom });
    expect(JSON.parse(audit.before ?? '{}')).toHaveProperty('title');
    expect(
      (await ctx.app.inject({ method: 'PATCH', url, headers: admin, payload: { saleFrom: 10, saleUntil: 5 } }))
        .statusCode,
    ).toBe(400);
    expect((await ctx.app.inject({ method: 'PATCH', url, headers: admin, payload: {} })).statusCode).toBe(400);
    expect(
      (await ctx.app.inject({ method: 'PATCH', url, headers: admin, payload: { packageId: 999_999 } })).statusCode,
    ).toBe(400);
  });

  it('changes the price for new purchases only: re-authentication, one Price at the provider, idempotent, audited', async () => {
    const current = (await ctx.app.inject({ method: 'GET', url, headers: admin })).json<OperatorProductDetail>()
      .product;
    expect(current.priceCents).toBe(999);
    const body = { amountCents: 1299, currency: 'EUR', expectedVersion: current.priceVersion };
    const refused = await ctx.app.inject({ method: 'POST', url: `${url}/price`, headers: admin, payload: body });
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ code: string }>().code).toBe('reauth_required');
    expect(
      (await ctx.app.inject({ method: 'POST', url: `${url}/price`, headers: support, payload: body })).statusCode,
    ).toBe(403);
    await reauthenticate(ctx, admin, 'demo1234');
    // A double click: both answer the same new price, one version, one history row.
    const [first, second] = await Promise.all(
      [0, 1].map(() => ctx.app.inject({ method: 'POST', url: `${url}/price`, headers: admin, payload: body })),
    );
    expect(first?.statusCode, first?.body).toBe(200);
    expect(second?.statusCode, second?.body).toBe(200);
    const detail = (await ctx.app.inject({ method: 'GET', url, headers: support })).json<OperatorProductDetail>();
    expect(detail.product).toMatchObject({ priceCents: 1299, currency: 'EUR', priceVersion: current.priceVersion + 1 });
    expect(detail.prices).toHaveLength(1);
    expect(detail.prices[0]).toMatchObject({
      amountCents: 1299,
      previousCents: 999,
      actorEmail: DEMO,
      providerPriceId: detail.product.providerPriceId,
    });
    const price = await stripe.prices.retrieve(detail.product.providerPriceId ?? '');
    expect(price).toMatchObject({
      unit_amount: 1299,
      currency: 'eur',
      product: `pantalla_package_${PACKAGE_IDS.cine}`,
      recurring: { interval: 'month' },
    });
    const audits = await ctx.sql
      .selectFrom('auditLog')
      .selectAll()
      .where('action', '=', 'product.price')
      .where('subjectId', '=', String(PRODUCT))
      .execute();
    expect(audits).toHaveLength(1);
    expect(JSON.parse(audits[0]?.before ?? '{}')).toMatchObject({ priceCents: 999 });
    expect(JSON.parse(audits[0]?.after ?? '{}')).toMatchObject({ priceCents: 1299 });
    // A change over a version that moved on, to another price: 409.
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: `${url}/price`,
          headers: admin,
          payload: { ...body, amountCents: 1399 },
        })
      ).statusCode,
    ).toBe(409);

    // The checkout shows the new price at once, and a new purchase pays it with the new Price.
    const buyer = await freshSubscriber(ctx, 'precio-nuevo');
    const buyerAuth = await buyer.auth();
    const quote = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/purchases/quote',
      headers: buyerAuth,
      payload: { productId: PRODUCT },
    });
    expect(quote.json()).toMatchObject({ product: { priceCents: 1299 }, firstChargeCents: 1299, dueTodayCents: 1299 });
    const offers = (await ctx.app.inject({ method: 'GET', url: '/api/v1/productosppv', headers: buyerAuth })).json<{
      ppvSubsProducts: Array<{ id: number; priceCents: number }>;
    }>();
    expect(offers.ppvSubsProducts.find((p) => p.id === PRODUCT)?.priceCents).toBe(1299);
    const newPurchaseId = await buy(ctx, buyerAuth, PRODUCT);
    const newPurchase = await ctx.sql
      .selectFrom('purchases')
      .selectAll()
      .where('id', '=', newPurchaseId)
      .executeTakeFirstOrThrow();
    expect(newPurchase.amountCents).toBe(1299);
    const newSub = await stripe.subscriptions.retrieve(newPurchase.subscriptionId ?? '');
    expect(newSub.items.data[0]?.price.id).toBe(detail.product.providerPriceId);

    // The subscription bought before renews at its old price.
    const oldSub = await stripe.subscriptions.retrieve(oldSubscriptionId);
    expect(oldSub.items.data[0]?.price.unit_amount).toBe(999);
    const end = oldSub.items.data[0]?.current_period_end ?? 0;
    ctx.clock.set((end + 60) * 1000);
    await stripe.testHelpers.testClocks.advance(SANDBOX_CLOCK_ID, { frozen_time: end + 60 });
    const renewal = await until('the renewal invoice', async () => {
      const latest = await stripe.invoices.retrieve(
        String((await stripe.subscriptions.retrieve(oldSubscriptionId)).latest_invoice),
      );
      return latest.billing_reason === 'subscription_cycle' ? latest : null;
    });
    expect(renewal).toMatchObject({ status: 'paid', amount_paid: 999 });
    await delivered(ctx);
  }, 120_000);

  it('counts sales per day (count and gross) in a bounded range', async () => {
    // The clock moved a month on (the renewal): sign in again.
    support = await bearerFor(ctx, 'soporte-productos@pantalla.test');
    admin = await bearerFor(ctx, DEMO);
    content = await bearerFor(ctx, 'contenidos-productos@pantalla.test');
    // Two earlier sales on one day, set apart from the purchases this suite made.
    const day = Date.UTC(2025, 5, 10);
    const base = await ctx.sql
      .selectFrom('purchases')
      .selectAll()
      .where('id', '=', oldPurchaseId)
      .executeTakeFirstOrThrow();
    for (const [n, amount] of [
      [1, 500],
      [2, 700],
    ] as const) {
      await builders(ctx).newPurchase({
        ...base,
        id: `pur_ventas_${kind}_${n}`,
        amountCents: amount,
        paymentIntentId: null,
        subscriptionId: null,
        fulfilledAt: day + n * 3_600_000,
        createdAt: day,
      });
    }
    const res = await ctx.app.inject({
      method: 'GET',
      url: `${url}/sales?from=2025-06-09&to=2025-06-11`,
      headers: support,
    });
    expect(res.statusCode, res.body).toBe(200);
    const sales = res.json<OperatorSales>();
    expect(sales.days.map((d) => [d.day, d.count, d.grossCents])).toEqual([
      ['2025-06-09', 0, 0],
      ['2025-06-10', 2, 1200],
      ['2025-06-11', 0, 0],
    ]);
    expect(sales).toMatchObject({ totalCount: 2, totalGrossCents: 1200, currency: 'EUR' });
    const today = dayOf(base.fulfilledAt ?? 0);
    const recent = (
      await ctx.app.inject({
        method: 'GET',
        url: `${url}/sales?from=${today}&to=${dayOf(ctx.clock.now() + DAY_MS)}`,
        headers: admin,
      })
    ).json<OperatorSales>();
    expect(recent.days[0]).toMatchObject({ day: today, count: 2, grossCents: 999 + 1299 });
    const tooLong = await ctx.app.inject({
      method: 'GET',
      url: `${url}/sales?from=2024-01-01&to=2025-06-11`,
      headers: admin,
    });
    expect(tooLong.statusCode).toBe(400);
    expect(
      (await ctx.app.inject({ method: 'GET', url: `${url}/sales?from=2025-06-11&to=2025-06-09`, headers: admin }))
        .statusCode,
    ).toBe(400);
    expect(
      (await ctx.app.inject({ method: 'GET', url: `${url}/sales?from=2025-02-30&to=2025-03-01`, headers: admin }))
        .statusCode,
    ).toBe(400);
    expect(
      (await ctx.app.inject({ method: 'GET', url: `${url}/sales?from=2025-06-09&to=2025-06-11`, headers: content }))
        .statusCode,
    ).toBe(403);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { PLAYBACK_REFUSAL, openSessionResponseSchema, type OpenSessionResponse } from '@pantalla/contracts';
import { hexToBase64Url } from '@pantalla/media';
import { stripeSignature } from '../src/modules/payment-sandbox';
import { PACKAGE_IDS } from '../src/modules/commerce';
import { bearerFor, BASICO } from './auth';
import { createTestContext, type TestContext } from './context';
import { databaseKinds } from './databases';
import { listenWithWork, payWithCard } from './payments';

const kinds = await databaseKinds();
const DAY = 86_400_000;

/**
 * A subscription the provider ends (deleted, or updated to canceled/unpaid) ends its package
 * when the provider says, not at the paid period's end; open streams of it are refused at
 * their next manifest and licence.
 */
describe.each(kinds)('a subscription the provider ends, on %s', (kind) => {
  let ctx: TestContext;
  let base: string;
  let stop: () => Promise<void>;
  let auth: Record<string, string>;
  let userId: number;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
    await ctx.modules.origin.prepareDemoMedia();
    ({ base, stop } = await listenWithWork(ctx));
    auth = await bearerFor(ctx, BASICO);
    userId = (await ctx.sql.selectFrom('users').select('id').where('email', '=', BASICO).executeTakeFirstOrThrow()).id;
  }, 300_000);
  afterAll(async () => {
    await stop?.();
    await ctx?.close();
  });

  /** Buys a package's monthly subscription with the card that pays; answers its purchase and subscription ids. */
  const subscribe = async (packageId: number) => {
    const started = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/purchases',
      headers: auth,
      payload: { productId: packageId, holderName: 'Ana Básico' },
    });
    expect(started.statusCode, started.body).toBe(200);
    const { purchaseId, clientSecret } = started.json<{ purchaseId: string; clientSecret: string }>();
    expect(
      (await payWithCard(base, ctx.config.payments.publishableKey, clientSecret, '4242424242424242')).body.status,
    ).toBe('succeeded');
    const confirmed = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/purchases/${purchaseId}/confirm`,
      headers: auth,
    });
    expect(confirmed.json()).toMatchObject({ status: 'fulfilled' });
    const { subscriptionId } = await ctx.sql
      .selectFrom('purchases')
      .select('subscriptionId')
      .where('id', '=', purchaseId)
      .executeTakeFirstOrThrow();
    return { purchaseId, subscriptionId: subscriptionId ?? '' };
  };
  const entitlementEnd = async (packageId: number) =>
    (
      await ctx.sql
        .selectFrom('entitlements')
        .select('endsAt')
        .where('userId', '=', userId)
        .where('packageId', '=', packageId)
        .executeTakeFirstOrThrow()
    ).endsAt;
  /** Posts a signed provider event, as Stripe (or the sandbox) would. */
  const webhook = (id: string, type: string, createdS: number, object: Record<string, unknown>) => {
    const payload = JSON.stringify({
      id,
      object: 'event',
      type,
      created: createdS,
      data: { object: { object: 'subscription', ...object } },
    });
    const signature = stripeSignature(ctx.config.payments.webhookSecret, payload, Math.floor(ctx.clock.now() / 1000));
    return ctx.app.inject({
      method: 'POST',
      url: '/api/v1/payments/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload,
    });
  };
  const openFilm = async (packageId: number): Promise<{ session: OpenSessionResponse; kid: string }> => {
    const film = await ctx.sql
      .selectFrom('films')
      .select('id')
      .where('packageId', '=', packageId)
      .where('parental', '!=', 7)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/sessions',
      headers: auth,
      payload: {
        reference: { serviceName: 'test', type: 'VOD', id: String(film.id) },
        streamingProtocol: 'DASH',
        profileId: 0,
        deviceFingerprint: 'vitest',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    return {
      session: openSessionResponseSchema.parse(res.json()),
      kid: hexToBase64Url(
        ctx.modules.origin.keys.key(await ctx.modules.origin.rotation.currentKey('film', film.id)).kid,
      ),
    };
  };
  const manifest = (url: string) => {
    const u = new URL(url);
    return ctx.app.inject({ method: 'GET', url: `${u.pathname}${u.search}` });
  };
  const licence = (url: string, kid: string) =>
    ctx.app.inject({
      method: 'POST',
      url: new URL(url).pathname,
      headers: auth,
      payload: JSON.stringify({ kids: [kid], type: 'temporary' }),
    });
  const refusal = (res: LightMyRequestResponse) => ({
    status: res.statusCode,
    data: (res.json() as { data?: unknown }).data,
  });
  const state = async (purchaseId: string) =>
    (await ctx.app.inject({ method: 'GET', url: '/api/v1/purchases', headers: auth }))
      .json<{ subscriptions: Array<{ purchaseId: string; state: string }> }>()
      .subscriptions.find((s) => s.purchaseId === purchaseId)?.state;

  it('customer.subscription.deleted ends the package at ended_at, stops its open stream, and a replay changes nothing', async () => {
    const { purchaseId, subscriptionId } = await subscribe(PACKAGE_IDS.cine);
    expect(await entitlementEnd(PACKAGE_IDS.cine)).toBeGreaterThan(ctx.clock.now() + 27 * DAY);
    const { session, kid } = await openFilm(PACKAGE_IDS.cine);
    expect((await manifest(session.playInfo.url)).statusCode).toBe(200);
    expect((await licence(session.drm!.licenseUrl, kid)).statusCode).toBe(200);

    const endedS = Math.floor(ctx.clock.now() / 1000) - 5;
    const deleted = {
      id: subscriptionId,
      status: 'canceled',
      cancel_at_period_end: false,
      canceled_at: endedS - 100,
      ended_at: endedS,
    };
    expect((await webhook('evt_sub_deleted_1', 'customer.subscription.deleted', endedS + 1, deleted)).statusCode).toBe(
      200,
    );
    expect(await entitlementEnd(PACKAGE_IDS.cine)).toBe(endedS * 1000);
    expect(refusal(await manifest(session.playInfo.url))).toEqual({ status: 401, data: PLAYBACK_REFUSAL.noRights });
    expect(refusal(await licence(session.drm!.licenseUrl, kid)).status).toBe(401);
    expect(await state(purchaseId)).toBe('ended');

    // Replayed, or the same end told again: nothing moves, and the package is not sold back by it.
    expect(
      (
        await webhook('evt_sub_deleted_1', 'customer.subscription.deleted', endedS + 1, {
          ...deleted,
          ended_at: endedS + 10 * DAY,
        })
      ).statusCode,
    ).toBe(200);
    expect(await entitlementEnd(PACKAGE_IDS.cine)).toBe(endedS * 1000);
    expect(
      await ctx.sql.selectFrom('paymentEvents').select('eventId').where('eventId', '=', 'evt_sub_deleted_1').execute(),
    ).toHaveLength(1);
    // A renewal's payment reported after the end grants nothing past it.
    const lateInvoice = {
      object: 'invoice',
      id: 'in_late',
      parent: { subscription_details: { subscription: subscriptionId } },
      lines: { data: [{ period: { end: endedS + 30 * 86_400 } }] },
      payments: { data: [{ payment: { payment_intent: 'pi_late_renewal' } }] },
    };
    const payload = JSON.stringify({
      id: 'evt_late_invoice',
      object: 'event',
      type: 'invoice.paid',
      created: endedS + 2,
      data: { object: lateInvoice },
    });
    const late = await ctx.app.inject({
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
    expect(late.statusCode).toBe(200);
    expect(await entitlementEnd(PACKAGE_IDS.cine)).toBe(endedS * 1000);
    expect(refusal(await manifest(session.playInfo.url)).status).toBe(401);
  });

  it("customer.subscription.updated to unpaid ends it at the event's time when the provider gives no end", async () => {
    const { purchaseId, subscriptionId } = await subscribe(PACKAGE_IDS.series);
    const { session, kid } = await openFilm(PACKAGE_IDS.series);
    expect((await manifest(session.playInfo.url)).statusCode).toBe(200);
    // Still active: cancelling at period end leaves the package owned.
    const nowS = Math.floor(ctx.clock.now() / 1000);
    expect(
      (
        await webhook('evt_sub_updated_1', 'customer.subscription.updated', nowS, {
          id: subscriptionId,
          status: 'active',
          cancel_at_period_end: true,
          canceled_at: nowS,
          ended_at: null,
        })
      ).statusCode,
    ).toBe(200);
    expect(await entitlementEnd(PACKAGE_IDS.series)).toBeGreaterThan(ctx.clock.now() + 27 * DAY);
    expect((await manifest(session.playInfo.url)).statusCode).toBe(200);

    const eventS = nowS - 2;
    expect(
      (
        await webhook('evt_sub_updated_2', 'customer.subscription.updated', eventS, {
          id: subscriptionId,
          status: 'unpaid',
          cancel_at_period_end: false,
          canceled_at: null,
          ended_at: null,
        })
      ).statusCode,
    ).toBe(200);
    expect(await entitlementEnd(PACKAGE_IDS.series)).toBe(eventS * 1000);
    expect(refusal(await manifest(session.playInfo.url))).toEqual({ status: 401, data: PLAYBACK_REFUSAL.noRights });
    expect(refusal(await licence(session.drm!.licenseUrl, kid)).status).toBe(401);
    expect(await state(purchaseId)).toBe('ended');
  });
});

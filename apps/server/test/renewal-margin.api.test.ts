import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PACKAGE_IDS } from '../src/modules/commerce';
import { RENEWAL_MARGIN_MS } from '../src/modules/commerce/testing';
import { bearerFor, BASICO } from './auth';
import { createTestContext, type TestContext } from './context';
import { databaseKinds } from './databases';
import { allSandboxEventsDelivered, listenWithWork, payWithCard } from './payments';
import { builders } from './builders';

const kinds = await databaseKinds();
const HOUR = 3_600_000;

/**
 * A renewing subscription stays owned RENEWAL_MARGIN_MS past its paid period while the
 * renewal's invoice.paid is on its way; a cancelled, ended or past-due one does not.
 */
describe.each(kinds)('the renewal margin, on %s', (kind) => {
  let ctx: TestContext;
  let stop: () => Promise<void>;
  let auth: Record<string, string>;
  let userId: number;
  let purchaseId: string;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
    let base: string;
    ({ base, stop } = await listenWithWork(ctx));
    auth = await bearerFor(ctx, BASICO);
    userId = (await ctx.sql.selectFrom('users').select('id').where('email', '=', BASICO).executeTakeFirstOrThrow()).id;
    const started = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/purchases',
      headers: auth,
      payload: { productId: PACKAGE_IDS.cine, holderName: 'Ana Básico' },
    });
    expect(started.statusCode, started.body).toBe(200);
    const { clientSecret } = started.json<{ purchaseId: string; clientSecret: string }>();
    purchaseId = started.json<{ purchaseId: string }>().purchaseId;
    expect(
      (await payWithCard(base, ctx.config.payments.publishableKey, clientSecret, '4242424242424242')).body.status,
    ).toBe('succeeded');
    expect(
      (await ctx.app.inject({ method: 'POST', url: `/api/v1/purchases/${purchaseId}/confirm`, headers: auth })).json(),
    ).toMatchObject({ status: 'fulfilled' });
    // A webhook of this purchase landing later would change the state each test sets.
    await allSandboxEventsDelivered(ctx);
  }, 300_000);
  afterAll(async () => {
    await stop?.();
    await ctx?.close();
  });

  /** The paid period ended `ago` ms before now, its renewal's news not yet here, the purchase as `state` says. */
  const periodEnded = async (
    ago: number,
    state: { cancelAtPeriodEnd?: number; endedAt?: number | null; graceUntil?: number | null } = {},
  ) => {
    const end = ctx.clock.now() - ago;
    await builders(ctx).updatePurchase(purchaseId, {
      paidUntil: end,
      cancelAtPeriodEnd: 0,
      endedAt: null,
      graceUntil: null,
      ...state,
    });
    await builders(ctx).setEntitlementEnd(userId, PACKAGE_IDS.cine, end);
  };
  const owns = async () =>
    (await ctx.app.inject({ method: 'GET', url: '/api/v1/packages', headers: auth }))
      .json<{ ownedPackageIds: number[] }>()
      .ownedPackageIds.includes(PACKAGE_IDS.cine);

  it('a renewing subscription is owned within the margin after its period, not after it', async () => {
    expect(RENEWAL_MARGIN_MS).toBeGreaterThanOrEqual(HOUR);
    await periodEnded(HOUR);
    expect(await owns()).toBe(true);
    await periodEnded(RENEWAL_MARGIN_MS + 1);
    expect(await owns()).toBe(false);
  });

  it('never for a subscription cancelled at its period end, ended, or past due', async () => {
    await periodEnded(HOUR, { cancelAtPeriodEnd: 1 });
    expect(await owns()).toBe(false);
    await periodEnded(HOUR, { endedAt: ctx.clock.now() - HOUR });
    expect(await owns()).toBe(false);
    // Past due: its grace period is what it owns (here already over).
    await periodEnded(HOUR, { graceUntil: ctx.clock.now() - 1 });
    expect(await owns()).toBe(false);
  });
});

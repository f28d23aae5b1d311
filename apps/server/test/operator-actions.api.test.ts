import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { ACCOUNT_LOCKED } from '../src/modules/identity';
import { login, refresh, refreshCookieOf } from '../src/modules/identity/testing';
import { bearerFor } from './auth';
import { createTestContext, type TestContext } from './context';
import { databaseKinds } from './databases';
import {
  buy,
  delivered,
  freshSubscriber,
  listenOnce,
  products,
  SUBSCRIBER_PASSWORD,
} from './operator-actions-fixtures';

const kinds = await databaseKinds();
const ADMIN = 'admin.acciones@pantalla.test';
const SUPPORT = 'soporte.acciones@pantalla.test';
const PASSWORD = 'Consola-27-clave';
const HOUR = 3600_000;

/**
 * Issue 27: the actions on a subscriber's page. Each changes what it says, in its module,
 * with one audit row in the same transaction; a refund happens once however often clicked.
 */
describe.each(kinds)('the subscriber page actions on %s', (kind) => {
  let ctx: TestContext;
  let support: Record<string, string>;
  let base: string;
  beforeAll(async () => {
    ctx = await createTestContext(kind, { ADMIN_EMAILS: ADMIN });
    ({ base } = await listenOnce(ctx));
    await ctx.modules.identity.accounts.create({
      email: ADMIN,
      password: PASSWORD,
      name: 'Ada',
      surname: 'Admin',
      pin: null,
    });
    await ctx.modules.identity.accounts.create({
      email: SUPPORT,
      password: PASSWORD,
      name: 'Sol',
      surname: 'Soporte',
      pin: null,
    });
    const admin = await bearerFor(ctx, ADMIN);
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/v1/operator/reauth',
          headers: admin,
          payload: { password: PASSWORD },
        })
      ).statusCode,
    ).toBe(200);
    const granted = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/operator/roles',
      headers: admin,
      payload: { email: SUPPORT, role: 'support' },
    });
    expect(granted.statusCode, granted.body).toBeLessThan(300);
    support = await bearerFor(ctx, SUPPORT);
  }, 120_000);
  afterAll(async () => {
    const listening = ctx ? await listenOnce(ctx) : undefined;
    await listening?.stop();
    await ctx?.close();
  });

  const act = (path: string, payload?: Record<string, unknown>, headers = support): Promise<LightMyRequestResponse> =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/v1/operator/subscribers/${path}`,
      headers,
      ...(payload === undefined ? {} : { payload }),
    });
  const audit = (action: string, subjectId: string | number) =>
    ctx.sql
      .selectFrom('auditLog')
      .selectAll()
      .where('action', '=', action)
      .where('subjectId', '=', String(subjectId))
      .execute();
  const owned = async (userId: number) => (await ctx.modules.commerce.access.accessFor(userId)).ownedPackageIds;
  const premiumChannel = async () =>
    ctx.sql.selectFrom('channels').select(['id', 'packageId']).where('id', '=', 10).executeTakeFirstOrThrow();
  const openLive = (auth: Record<string, string>, channelId: number) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v1/sessions',
      headers: auth,
      payload: {
        reference: { serviceName: 'test', type: 'LIVE', id: String(channelId) },
        streamingProtocol: 'DASH',
        profileId: 0,
        deviceFingerprint: 'vitest',
      },
    });

  it('grants a package until its end date, after which it is owned no more and its channel refused; revokes one now', async () => {
    const start = ctx.clock.now();
    const { userId, auth } = await freshSubscriber(ctx, 'concesion');
    const channel = await premiumChannel();
    expect((await owned(userId)).has(channel.packageId)).toBe(false);
    // Only operators; a past date, an unknown package or account are refused.
    expect(
      (
        await act(
          `${userId}/packages`,
          { packageId: channel.packageId, endsAt: start + HOUR, reason: 'Compensación' },
          await auth(),
        )
      ).statusCode,
    ).toBe(403);
    expect(
      (await act(`${userId}/packages`, { packageId: channel.packageId, endsAt: start - 1, reason: 'Compensación' }))
        .statusCode,
    ).toBe(400);
    expect(
      (await act(`${userId}/packages`, { packageId: 999_999, endsAt: start + HOUR, reason: 'Compensación' }))
        .statusCode,
    ).toBe(404);
    expect(
      (await act(`999999/packages`, { packageId: channel.packageId, endsAt: start + HOUR, reason: 'Compensación' }))
        .statusCode,
    ).toBe(404);
    expect((await act(`${userId}/packages`, { packageId: channel.packageId, endsAt: start + HOUR })).statusCode).toBe(
      400,
    );

    const granted = await act(`${userId}/packages`, {
      packageId: channel.packageId,
      endsAt: start + HOUR,
      reason: 'Compensación por un corte',
    });
    expect(granted.statusCode, granted.body).toBe(200);
    expect(granted.json()).toEqual({
      packageId: channel.packageId,
      source: 'grant',
      startsAt: start,
      endsAt: start + HOUR,
    });
    const [row] = await audit('package.grant', userId);
    expect(row).toMatchObject({ actorEmail: SUPPORT, subjectType: 'user', before: null });
    expect(JSON.parse(row?.after ?? '{}')).toMatchObject({
      packageId: channel.packageId,
      endsAt: start + HOUR,
      reason: 'Compensación por un corte',
    });
    expect((await owned(userId)).has(channel.packageId)).toBe(true);
    expect((await openLive(await auth(), channel.id)).statusCode).toBe(201);
    // The same or a shorter grant changes nothing.
    expect(
      (await act(`${userId}/packages`, { packageId: channel.packageId, endsAt: start + HOUR - 1, reason: 'Otra vez' }))
        .statusCode,
    ).toBe(409);

    // Past its end date: not owned, the channel refused.
    ctx.clock.set(start + HOUR + 1);
    try {
      expect((await owned(userId)).has(channel.packageId)).toBe(false);
      const refused = await openLive(await auth(), channel.id);
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toMatchObject({ data: expect.anything() });
      // Granted again (lapsed: it starts now), then revoked at once.
      const later = await bearerFor(ctx, SUPPORT);
      expect(
        (
          await act(
            `${userId}/packages`,
            { packageId: channel.packageId, endsAt: start + 3 * HOUR, reason: 'Segunda compensación' },
            later,
          )
        ).statusCode,
      ).toBe(200);
      expect((await owned(userId)).has(channel.packageId)).toBe(true);
      const revoked = await act(
        `${userId}/packages/${channel.packageId}/revoke`,
        { reason: 'Concedido por error' },
        later,
      );
      expect(revoked.statusCode, revoked.body).toBe(200);
      expect(revoked.json()).toMatchObject({ source: 'revoked', endsAt: start + HOUR + 1 });
      expect((await owned(userId)).has(channel.packageId)).toBe(false);
      expect(await audit('package.revoke', userId)).toHaveLength(1);
      expect(
        (await act(`${userId}/packages/${channel.packageId}/revoke`, { reason: 'Otra vez' }, later)).statusCode,
      ).toBe(404);
    } finally {
      ctx.clock.set(start);
    }
  });

  it('refunds a purchase exactly once under 10 clicks at once: one provider refund, one audit row, the entitlement ended', async () => {
    const { userId, auth } = await freshSubscriber(ctx, 'devolucion');
    const { ppv } = await products(ctx);
    const purchaseId = await buy(ctx, await auth(), ppv.id);
    expect((await owned(userId)).has(ppv.packageId)).toBe(true);
    const path = `${userId}/purchases/${purchaseId}/refund`;
    // Sensitive: the password again first.
    const unconfirmed = await act(path, { reason: 'Cobro duplicado' });
    expect([unconfirmed.statusCode, unconfirmed.json<{ code: string }>().code]).toEqual([403, 'reauth_required']);
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/v1/operator/reauth',
          headers: support,
          payload: { password: PASSWORD },
        })
      ).statusCode,
    ).toBe(200);

    const answers = await Promise.all(Array.from({ length: 10 }, () => act(path, { reason: 'Cobro duplicado' })));
    const ok = answers.filter((a) => a.statusCode === 200);
    expect(
      answers.every((a) => a.statusCode === 200 || a.statusCode === 409),
      answers.map((a) => a.body).join('\n'),
    ).toBe(true);
    expect(ok.length).toBeGreaterThan(0);
    expect(new Set(ok.map((a) => a.json<{ refundId: string }>().refundId)).size).toBe(1);
    expect(ok[0]?.json()).toMatchObject({ purchaseId, packageId: ppv.packageId, currency: 'EUR' });

    const intent =
      (
        await ctx.sql
          .selectFrom('purchases')
          .select('paymentIntentId')
          .where('id', '=', purchaseId)
          .executeTakeFirstOrThrow()
      ).paymentIntentId ?? '';
    const listed = await fetch(`${base}/v1/refunds?payment_intent=${intent}`, {
      headers: { authorization: `Bearer ${ctx.config.payments.secretKey}` },
    });
    expect(((await listed.json()) as { data: unknown[] }).data).toHaveLength(1);
    expect(await audit('purchase.refund', purchaseId)).toHaveLength(1);
    expect((await owned(userId)).has(ppv.packageId)).toBe(false);
    await delivered(ctx);
    const refunds = await ctx.sql
      .selectFrom('billingEntries')
      .select('id')
      .where('userId', '=', userId)
      .where('kind', '=', 'refund')
      .execute();
    expect(refunds).toHaveLength(1);
    // Later clicks: refused, nothing more written.
    expect((await act(path, { reason: 'Cobro duplicado' })).statusCode).toBe(409);
    expect(await audit('purchase.refund', purchaseId)).toHaveLength(1);
  });

  it('cancels a subscription through the provider: it renews no more; a second cancel is a 409', async () => {
    const { userId, auth } = await freshSubscriber(ctx, 'cancelacion');
    const { subscription } = await products(ctx);
    const purchaseId = await buy(ctx, await auth(), subscription.id);
    const cancelled = await act(`${userId}/purchases/${purchaseId}/cancel`, { reason: 'Lo pidió por teléfono' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ purchaseId, status: 'cancelled' });
    const row = await ctx.sql
      .selectFrom('purchases')
      .select(['cancelAtPeriodEnd', 'subscriptionId'])
      .where('id', '=', purchaseId)
      .executeTakeFirstOrThrow();
    expect(row.cancelAtPeriodEnd).toBe(1);
    const atProvider = await fetch(`${base}/v1/subscriptions/${row.subscriptionId ?? ''}`, {
      headers: { authorization: `Bearer ${ctx.config.payments.secretKey}` },
    });
    expect(((await atProvider.json()) as { cancel_at_period_end: boolean }).cancel_at_period_end).toBe(true);
    expect(await audit('subscription.cancel', purchaseId)).toHaveLength(1);
    expect((await act(`${userId}/purchases/${purchaseId}/cancel`, { reason: 'Otra vez' })).statusCode).toBe(409);
    // Still owned until the period's end.
    expect((await owned(userId)).has(subscription.packageId)).toBe(true);
  });

  it('refunds a subscription: it ends at the provider and here, and renews no more', async () => {
    const { userId, auth } = await freshSubscriber(ctx, 'devolucion-suscripcion');
    const { subscription } = await products(ctx);
    const purchaseId = await buy(ctx, await auth(), subscription.id);
    expect((await owned(userId)).has(subscription.packageId)).toBe(true);
    const reauth = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/operator/reauth',
      headers: support,
      payload: { password: PASSWORD },
    });
    expect(reauth.statusCode).toBe(200);
    const refunded = await act(`${userId}/purchases/${purchaseId}/refund`, { reason: 'No lo quería' });
    expect(refunded.statusCode, refunded.body).toBe(200);
    const row = await ctx.sql
      .selectFrom('purchases')
      .select(['endedAt', 'subscriptionId'])
      .where('id', '=', purchaseId)
      .executeTakeFirstOrThrow();
    // Ended: by the refund, or already by the provider's own event (its time, which may come first).
    expect(row.endedAt).not.toBeNull();
    const atProvider = await fetch(`${base}/v1/subscriptions/${row.subscriptionId ?? ''}`, {
      headers: { authorization: `Bearer ${ctx.config.payments.secretKey}` },
    });
    expect(((await atProvider.json()) as { status: string }).status).toBe('canceled');
    await delivered(ctx);
    expect((await owned(userId)).has(subscription.packageId)).toBe(false);
    // Nor does the end of the paid month bring it back.
    const start = ctx.clock.now();
    try {
      ctx.clock.set(start + 40 * 24 * HOUR);
      expect((await owned(userId)).has(subscription.packageId)).toBe(false);
    } finally {
      ctx.clock.set(start);
    }
  });

  it('locks an account: its tokens, password sign-in and refresh are refused, its streams closed; unlocking lets it in again', async () => {
    const { userId, email } = await freshSubscriber(ctx, 'bloqueo');
    const signedIn = await login(ctx, { username: email, password: SUBSCRIBER_PASSWORD });
    expect(signedIn.statusCode).toBe(200);
    const cookie = refreshCookieOf(signedIn)?.value ?? '';
    const token = { authorization: `Bearer ${signedIn.json<{ idToken: string }>().idToken}` };
    expect((await openLive(token, 1)).statusCode).toBe(201);

    const locked = await act(`${userId}/lock`, { reason: 'Uso fraudulento' });
    expect(locked.statusCode, locked.body).toBe(200);
    expect(locked.json()).toEqual({ userId, lockedAt: ctx.clock.now() });
    expect((await act(`${userId}/lock`, { reason: 'Otra vez' })).statusCode).toBe(409);
    const old = await ctx.app.inject({ method: 'GET', url: '/api/v1/billing/alert', headers: token });
    expect(old.statusCode).toBe(401);
    const again = await login(ctx, { username: email, password: SUBSCRIBER_PASSWORD });
    expect([again.statusCode, again.json<{ message: string }>().message]).toEqual([401, ACCOUNT_LOCKED]);
    expect((await refresh(ctx, cookie)).statusCode).toBe(401);
    const open = await ctx.sql
      .selectFrom('streamSessions')
      .select('id')
      .where('userId', '=', userId)
      .where('closedAt', 'is', null)
      .execute();
    expect(open).toHaveLength(0);
    expect(await audit('account.lock', userId)).toHaveLength(1);

    const unlocked = await act(`${userId}/unlock`, { reason: 'Aclarado con el titular' });
    expect(unlocked.statusCode).toBe(200);
    expect(unlocked.json()).toEqual({ userId, lockedAt: null });
    expect(await audit('account.unlock', userId)).toHaveLength(1);
    expect((await login(ctx, { username: email, password: SUBSCRIBER_PASSWORD })).statusCode).toBe(200);
    expect((await act(`${userId}/unlock`, { reason: 'Otra vez' })).statusCode).toBe(409);
  });

  it('mails a password reset to the account and closes one stream or all, each audited', async () => {
    const { userId, email, auth } = await freshSubscriber(ctx, 'correo');
    const mailed = await act(`${userId}/password-reset`);
    expect(mailed.statusCode, mailed.body).toBe(200);
    expect(mailed.json()).toEqual({ sentTo: email });
    const mail = await ctx.sql.selectFrom('outbox').selectAll().where('to', '=', email).execute();
    expect(mail.some((m) => m.text.includes('/resetpassword/'))).toBe(true);
    expect(await audit('account.reset-mail', userId)).toHaveLength(1);

    const first = await openLive(await auth(), 1);
    expect(first.statusCode, first.body).toBe(201);
    const sessionId = first.json<{ id: string }>().id;
    const closed = await act(`${userId}/streams/${sessionId}/close`);
    expect([closed.statusCode, closed.json()]).toEqual([200, { closed: 1 }]);
    expect((await act(`${userId}/streams/${sessionId}/close`)).statusCode).toBe(404);
    expect(await audit('stream.close', userId)).toHaveLength(1);
    expect((await openLive(await auth(), 1)).statusCode).toBe(201);
    const all = await act(`${userId}/streams/close`);
    expect([all.statusCode, all.json()]).toEqual([200, { closed: 1 }]);
    expect(await audit('streams.close-all', userId)).toHaveLength(1);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REAUTH_WINDOW_MS } from '@pantalla/contracts';
import { bearerFor, BASICO, DEMO } from './auth';
import { createTestContext, type TestContext } from './context';
import { databaseKinds } from './databases';
import { builders } from './builders';

const kinds = await databaseKinds();

describe.each(kinds)('the console door and re-authentication on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
  });
  afterAll(async () => ctx?.close());

  it('lets an ADMIN_EMAILS account in as admin and refuses a subscriber', async () => {
    const admin = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/operator/me',
      headers: await bearerFor(ctx, DEMO),
    });
    expect(admin.statusCode).toBe(200);
    expect(admin.json()).toMatchObject({ email: DEMO, roles: ['admin'], reauthUntil: null });
    const subscriber = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/operator/me',
      headers: await bearerFor(ctx, BASICO),
    });
    expect(subscriber.statusCode).toBe(403);
    expect(subscriber.json()).toMatchObject({ code: 'forbidden', message: 'Solo un operador puede hacer esto.' });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/operator/me' })).statusCode).toBe(401);
  });

  it('opens sensitive actions for 5 minutes after the right password, on that sign-in only', async () => {
    const headers = await bearerFor(ctx, DEMO);
    const wrong = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/operator/reauth',
      headers,
      payload: { password: 'no-es-esta' },
    });
    expect(wrong.statusCode).toBe(400);
    const right = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/operator/reauth',
      headers,
      payload: { password: 'demo1234' },
    });
    expect(right.statusCode).toBe(200);
    expect(right.json().reauthUntil).toBe(ctx.clock.now() + REAUTH_WINDOW_MS);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/operator/me', headers })).json().reauthUntil).toBe(
      ctx.clock.now() + REAUTH_WINDOW_MS,
    );
    ctx.clock.advance(REAUTH_WINDOW_MS + 1);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/v1/operator/me', headers })).json().reauthUntil,
    ).toBeNull();
  });

  it('keeps a locked account out of every signed-in route', async () => {
    const headers = await bearerFor(ctx, BASICO);
    const user = await ctx.modules.identity.accounts.findByEmail(BASICO);
    await builders(ctx).updateUser(user?.id ?? 0, { lockedAt: ctx.clock.now() });
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/billing/alert', headers });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ data: { reason: 'locked' } });
    await builders(ctx).updateUser(user?.id ?? 0, { lockedAt: null });
  });
});

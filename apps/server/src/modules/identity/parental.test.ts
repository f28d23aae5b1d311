import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parentalGrantSchema } from '@pantalla/contracts';
import { databaseKinds } from '../../../test/databases';
import { createTestContext, type TestContext } from '../../../test/context';
import { PIN_INCORRECT } from './parental.service';
import { BASICO, bearer, signIn } from './test-support';

const kinds = await databaseKinds();
const MINUTE = 60 * 1000;

describe.each(kinds)('parental PIN on %s', (kind) => {
  let ctx: TestContext;
  let demo: { idToken: string; userId: number };
  beforeAll(async () => {
    ctx = await createTestContext(kind);
  });
  afterAll(async () => ctx?.close());
  beforeEach(async () => {
    await ctx.sql.deleteFrom('loginAttempts').execute();
    demo = await signIn(ctx);
  });

  const verify = (idToken: string, pin: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/v1/parental/verify', headers: bearer(idToken), payload: { pin } });

  it('grants 15 minutes for the right PIN, which the licence server can check', async () => {
    const parental = ctx.modules.identity.parental;
    expect(await parental.hasFreshParentalGrant(demo.userId)).toBe(false);
    const res = await verify(demo.idToken, '1234');
    expect(res.statusCode).toBe(200);
    const { grantedUntil } = parentalGrantSchema.parse(res.json());
    expect(grantedUntil).toBe(Math.floor(ctx.clock.now() / 1000) + 900);
    expect(await parental.hasFreshParentalGrant(demo.userId)).toBe(true);
    ctx.clock.advance(900 * 1000);
    expect(await parental.hasFreshParentalGrant(demo.userId)).toBe(false);
  });

  it('refuses a wrong PIN with 400 and the spec’s message', async () => {
    const res = await verify(demo.idToken, '0000');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ statusCode: 400, code: 'bad_request', message: PIN_INCORRECT });
    expect(await ctx.modules.identity.parental.hasFreshParentalGrant(demo.userId)).toBe(false);
  });

  it('answers 409 when the user has no PIN', async () => {
    const basico = await signIn(ctx, { username: BASICO.email, password: BASICO.password });
    const res = await verify(basico.idToken, '1234');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'conflict' });
  });

  it('requires a signed-in user', async () => {
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/v1/parental/verify', payload: { pin: '1234' } })).statusCode,
    ).toBe(401);
  });

  it('locks after 5 wrong PINs for 15 minutes, even for the right PIN, then opens again', async () => {
    for (let i = 0; i < 5; i++) expect((await verify(demo.idToken, '9999')).statusCode).toBe(400);
    const locked = await verify(demo.idToken, '1234');
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ code: 'rate_limited', data: { retryAfterSeconds: 900 } });
    expect(locked.headers['retry-after']).toBe('900');
    expect(locked.json<{ message: string }>().message).toMatch(/PIN parental.*15 minutos/);
    ctx.clock.advance(15 * MINUTE);
    demo = await signIn(ctx);
    expect((await verify(demo.idToken, '1234')).statusCode).toBe(200);
  });

  it('a right PIN clears earlier misses', async () => {
    for (let i = 0; i < 4; i++) await verify(demo.idToken, '9999');
    expect((await verify(demo.idToken, '1234')).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) expect((await verify(demo.idToken, '9999')).statusCode).toBe(400);
    expect((await verify(demo.idToken, '1234')).statusCode).toBe(200);
  });
});

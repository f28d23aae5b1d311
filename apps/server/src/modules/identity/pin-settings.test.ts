import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parentalStatusSchema } from '@pantalla/contracts';
import { databaseKinds } from '../../../test/databases';
import { createTestContext, type TestContext } from '../../../test/context';
import { ACCOUNT_PASSWORD_WRONG, CURRENT_PIN_WRONG } from './credential-checks';
import { PIN_INCORRECT } from './parental.service';
import { BASICO, DEMO, bearer, signIn } from './test-support';

const kinds = await databaseKinds();

describe.each(kinds)('settings: parental PIN on %s', (kind) => {
  let ctx: TestContext;
  let demo: { idToken: string; userId: number };
  let basico: { idToken: string; userId: number };
  beforeAll(async () => {
    ctx = await createTestContext(kind);
  });
  afterAll(async () => ctx?.close());
  beforeEach(async () => {
    await ctx.sql.deleteFrom('loginAttempts').execute();
    demo = await signIn(ctx);
    basico = await signIn(ctx, { username: BASICO.email, password: BASICO.password });
  });

  const post = (idToken: string, url: string, payload: unknown) =>
    ctx.app.inject({ method: 'POST', url: `/api/v1${url}`, headers: bearer(idToken), payload: payload as object });
  const put = (idToken: string, payload: unknown) =>
    ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/parental/pin',
      headers: bearer(idToken),
      payload: payload as object,
    });
  const hasPin = async (userId: number) => (await ctx.modules.identity.accounts.find(userId))?.hasPin;

  it('step 1 checks the current PIN: 204 when right, 400 with message 50 when wrong, 409 without a PIN', async () => {
    expect((await post(demo.idToken, '/parental/pin/check', { pin: '1234' })).statusCode).toBe(204);
    const wrong = await post(demo.idToken, '/parental/pin/check', { pin: '4321' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      statusCode: 400,
      code: 'bad_request',
      message: CURRENT_PIN_WRONG,
      data: { wrong: 'currentPin' },
    });
    expect((await post(basico.idToken, '/parental/pin/check', { pin: '1234' })).statusCode).toBe(409);
    expect((await post(demo.idToken, '/parental/pin/check', { pin: '12a4' })).statusCode).toBe(400);
  });

  it('step 4 checks the account password: 204 when right, 400 with message 52 when wrong', async () => {
    expect((await post(demo.idToken, '/account/password/check', { password: DEMO.password })).statusCode).toBe(204);
    const wrong = await post(demo.idToken, '/account/password/check', { password: 'nope-nope' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      statusCode: 400,
      code: 'bad_request',
      message: ACCOUNT_PASSWORD_WRONG,
      data: { wrong: 'password' },
    });
    expect((await post(demo.idToken, '/account/password/check', { password: '' })).statusCode).toBe(400);
  });

  it('answers 401 to a request without a live session (the app shows message 51 and signs out)', async () => {
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/v1/account/password/check', payload: { password: 'x' } }))
        .statusCode,
    ).toBe(401);
    expect(
      (
        await ctx.app.inject({
          method: 'PUT',
          url: '/api/v1/parental/pin',
          payload: { currentPin: null, password: 'x', pin: '1111' },
        })
      ).statusCode,
    ).toBe(401);
  });

  it('defines a PIN (password required), which the player’s gate takes at once, stored hashed', async () => {
    const noPassword = await put(basico.idToken, { currentPin: null, password: null, pin: '2468' });
    expect(noPassword.json()).toMatchObject({ statusCode: 400, data: { wrong: 'password' } });
    expect(await hasPin(basico.userId)).toBe(false);
    const res = await put(basico.idToken, { currentPin: null, password: BASICO.password, pin: '2468' });
    expect(res.statusCode).toBe(200);
    expect(parentalStatusSchema.parse(res.json())).toEqual({ hasPin: true });
    const row = await ctx.sql
      .selectFrom('users')
      .select('pinHash')
      .where('id', '=', basico.userId)
      .executeTakeFirstOrThrow();
    expect(row.pinHash).not.toContain('2468');
    expect((await post(basico.idToken, '/parental/verify', { pin: '2468' })).statusCode).toBe(200);
    // Disable again so the next test sees the seeded state.
    expect((await put(basico.idToken, { currentPin: '2468', password: null, pin: '' })).json()).toEqual({
      hasPin: false,
    });
    expect(await hasPin(basico.userId)).toBe(false);
  });

  it('changes a PIN only with the current PIN and the password; grants under the old PIN end', async () => {
    expect((await post(demo.idToken, '/parental/verify', { pin: '1234' })).statusCode).toBe(200);
    expect(await ctx.modules.identity.parental.hasFreshParentalGrant(demo.userId)).toBe(true);
    expect(
      (await put(demo.idToken, { currentPin: '0000', password: DEMO.password, pin: '5678' })).json(),
    ).toMatchObject({ message: CURRENT_PIN_WRONG });
    expect((await put(demo.idToken, { currentPin: null, password: DEMO.password, pin: '5678' })).json()).toMatchObject({
      data: { wrong: 'currentPin' },
    });
    expect((await put(demo.idToken, { currentPin: '1234', password: 'wrong-one', pin: '5678' })).json()).toMatchObject({
      message: ACCOUNT_PASSWORD_WRONG,
    });
    const changed = await put(demo.idToken, { currentPin: '1234', password: DEMO.password, pin: '5678' });
    expect(changed.statusCode).toBe(200);
    expect(await ctx.modules.identity.parental.hasFreshParentalGrant(demo.userId)).toBe(false);
    expect((await post(demo.idToken, '/parental/verify', { pin: '1234' })).json()).toMatchObject({
      message: PIN_INCORRECT,
    });
    expect((await post(demo.idToken, '/parental/verify', { pin: '5678' })).statusCode).toBe(200);
    expect((await put(demo.idToken, { currentPin: '5678', password: DEMO.password, pin: '1234' })).statusCode).toBe(
      200,
    );
  });

  it('disables with the current PIN only, and refuses to disable what is not set', async () => {
    expect((await put(demo.idToken, { currentPin: '9999', password: null, pin: '' })).statusCode).toBe(400);
    expect(await hasPin(demo.userId)).toBe(true);
    expect((await put(demo.idToken, { currentPin: '1234', password: null, pin: '' })).json()).toEqual({
      hasPin: false,
    });
    expect((await post(demo.idToken, '/parental/verify', { pin: '1234' })).statusCode).toBe(409);
    expect((await put(demo.idToken, { currentPin: null, password: null, pin: '' })).statusCode).toBe(409);
    expect((await put(demo.idToken, { currentPin: null, password: DEMO.password, pin: '1234' })).statusCode).toBe(200);
  });

  it('refuses malformed PINs with 400', async () => {
    for (const pin of ['123', '12345', 'abcd', ' 123']) {
      expect((await put(demo.idToken, { currentPin: '1234', password: DEMO.password, pin })).statusCode).toBe(400);
    }
  });

  it('locks the PIN after 5 wrong entries across the settings and the player’s gate, even the right one', async () => {
    for (let i = 0; i < 3; i++)
      expect((await post(demo.idToken, '/parental/pin/check', { pin: '0000' })).statusCode).toBe(400);
    for (let i = 0; i < 2; i++)
      expect((await post(demo.idToken, '/parental/verify', { pin: '0000' })).statusCode).toBe(400);
    const locked = await post(demo.idToken, '/parental/pin/check', { pin: '1234' });
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ code: 'rate_limited', data: { retryAfterSeconds: 900 } });
    expect((await put(demo.idToken, { currentPin: '1234', password: DEMO.password, pin: '' })).statusCode).toBe(429);
    expect(await hasPin(demo.userId)).toBe(true);
    ctx.clock.advance(15 * 60 * 1000);
    demo = await signIn(ctx);
    expect((await post(demo.idToken, '/parental/pin/check', { pin: '1234' })).statusCode).toBe(204);
  });

  it('locks the password check after 5 wrong entries', async () => {
    for (let i = 0; i < 5; i++)
      expect((await post(basico.idToken, '/account/password/check', { password: 'wrong-pass' })).statusCode).toBe(400);
    const locked = await post(basico.idToken, '/account/password/check', { password: BASICO.password });
    expect(locked.statusCode).toBe(429);
    expect(locked.json<{ message: string }>().message).toMatch(/contraseña.*15 minutos/);
    ctx.clock.advance(15 * 60 * 1000);
    basico = await signIn(ctx, { username: BASICO.email, password: BASICO.password });
    expect((await post(basico.idToken, '/account/password/check', { password: BASICO.password })).statusCode).toBe(204);
  });
});

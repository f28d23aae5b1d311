import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { userInfoSchema } from '@pantalla/contracts';
import { databaseKinds } from '../../../test/databases';
import { createTestContext, type TestContext } from '../../../test/context';
import { ACCOUNT_PASSWORD_WRONG } from './credential-checks';
import { SAME_PASSWORD } from './session.service';
import { BASICO, bearer, login, refresh, refreshCookieOf, signIn } from './test-support';

const kinds = await databaseKinds();

describe.each(kinds)('settings: password change on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
  });
  afterAll(async () => ctx?.close());
  beforeEach(async () => {
    await ctx.sql.deleteFrom('loginAttempts').execute();
  });

  const basicoLogin = { username: BASICO.email, password: BASICO.password };
  const change = (device: { idToken: string; cookie: string }, currentPassword: string, newPassword: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v1/account/password',
      headers: bearer(device.idToken),
      cookies: { pantalla_rt: device.cookie },
      payload: { currentPassword, newPassword },
    });
  const account = (idToken: string) =>
    ctx.app.inject({ method: 'GET', url: '/api/v1/account', headers: bearer(idToken) });

  it('signs every other device out and keeps this one signed in with a new idToken and a rotated cookie', async () => {
    const here = await signIn(ctx, basicoLogin);
    const there = await signIn(ctx, basicoLogin);
    const res = await change(here, BASICO.password, 'nueva-clave-1');
    expect(res.statusCode, res.body).toBe(200);
    const info = userInfoSchema.parse(res.json());
    const rotated = refreshCookieOf(res);
    expect(rotated?.value).toBeTruthy();
    expect(rotated?.value).not.toBe(here.cookie);

    // The other device: its idToken and its refresh family stop working at once.
    expect((await account(there.idToken)).json()).toMatchObject({ statusCode: 401, data: { reason: 'revoked' } });
    expect((await refresh(ctx, there.cookie)).statusCode).toBe(401);
    // This device: the old idToken is dead too, the new one and the rotated cookie work.
    expect((await account(here.idToken)).statusCode).toBe(401);
    expect((await account(info.idToken)).statusCode).toBe(200);
    expect((await refresh(ctx, rotated!.value)).statusCode).toBe(200);

    expect((await login(ctx, basicoLogin)).statusCode).toBe(400);
    const again = await signIn(ctx, { username: BASICO.email, password: 'nueva-clave-1' });
    expect((await change(again, 'nueva-clave-1', BASICO.password)).statusCode).toBe(200);
  });

  it('requires the right current password, a new one of 6 to 30 characters, and a different one', async () => {
    const here = await signIn(ctx, basicoLogin);
    const wrong = await change(here, 'not-the-password', 'nueva-clave-2');
    expect(wrong.json()).toEqual({
      statusCode: 400,
      code: 'bad_request',
      message: ACCOUNT_PASSWORD_WRONG,
      data: { wrong: 'password' },
    });
    expect((await change(here, BASICO.password, 'corta')).json()).toMatchObject({
      statusCode: 400,
      message: 'La contraseña debe tener entre 6 y 30 caracteres',
    });
    expect((await change(here, BASICO.password, 'x'.repeat(31))).statusCode).toBe(400);
    expect((await change(here, BASICO.password, BASICO.password)).json()).toMatchObject({
      statusCode: 400,
      message: SAME_PASSWORD,
    });
    expect((await account(here.idToken)).statusCode).toBe(200);
  });

  it('without a refresh cookie, this device starts a new session', async () => {
    const here = await signIn(ctx, basicoLogin);
    const res = await change({ idToken: here.idToken, cookie: '' }, BASICO.password, 'nueva-clave-3');
    expect(res.statusCode).toBe(200);
    expect((await refresh(ctx, here.cookie)).statusCode).toBe(401);
    expect((await refresh(ctx, refreshCookieOf(res)!.value)).statusCode).toBe(200);
    const again = await signIn(ctx, { username: BASICO.email, password: 'nueva-clave-3' });
    expect((await change(again, 'nueva-clave-3', BASICO.password)).statusCode).toBe(200);
  });

  it('locks after 5 wrong current passwords', async () => {
    const here = await signIn(ctx, basicoLogin);
    for (let i = 0; i < 5; i++) expect((await change(here, 'wrong-pass', 'nueva-clave-4')).statusCode).toBe(400);
    expect((await change(here, BASICO.password, 'nueva-clave-4')).statusCode).toBe(429);
    ctx.clock.advance(15 * 60 * 1000);
  });

  it('requires a signed-in user', async () => {
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/v1/account/password',
          payload: { currentPassword: 'a', newPassword: 'bbbbbb' },
        })
      ).statusCode,
    ).toBe(401);
  });
});

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mailListSchema, PASSWORD_RECOVERY_CONFIRMATION, type Mail } from '@pantalla/contracts';
import { databaseKinds } from '../../../test/databases';
import { createTestContext, type TestContext } from '../../../test/context';
import { RESET_LINK_INVALID } from '@pantalla/contracts';
import { BASICO, bearer, login, refresh, signIn } from './test-support';

const kinds = await databaseKinds();
const MINUTE = 60 * 1000;

describe.each(kinds)('password recovery on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind, { PUBLIC_URL: 'https://tv.example.test' });
  });
  afterAll(async () => ctx?.close());
  beforeEach(async () => {
    await ctx.sql.deleteFrom('loginAttempts').execute();
  });

  const recover = (email: string, ip = '127.0.0.1') =>
    ctx.app.inject({ method: 'POST', url: '/api/v1/tb-user/passwordRecovery', payload: { email }, remoteAddress: ip });
  const reset = (token: string, password: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/v1/password-reset', payload: { token, password } });
  const mails = async (to?: string): Promise<Mail[]> =>
    mailListSchema.parse(
      (
        await ctx.app.inject({ method: 'GET', url: `/dev/mail.json${to ? `?to=${encodeURIComponent(to)}` : ''}` })
      ).json(),
    );
  const tokenOf = (mail: Mail | undefined) => /\/resetpassword\/([\w-]+)/.exec(mail?.text ?? '')?.[1] ?? '';

  it('answers the same confirmation for a known and an unknown address; only the known one gets mail', async () => {
    const before = (await mails()).length;
    const known = await recover('Basico@Pantalla.test');
    const unknown = await recover('nadie@pantalla.test');
    const notAnEmail = await recover('no es un correo');
    for (const res of [known, unknown, notAnEmail]) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: PASSWORD_RECOVERY_CONFIRMATION });
    }
    expect(known.body).toBe(unknown.body);
    const all = await mails();
    expect(all).toHaveLength(before + 1);
    const mail = all[0];
    expect(mail).toMatchObject({ to: BASICO.email, subject: 'Restablece tu contraseña de Pantalla' });
    expect(mail?.text).toMatch(/^Hola:/);
    expect(mail?.text).toMatch(/https:\/\/tv\.example\.test\/resetpassword\/[\w-]{43}\n/);
    expect(mail?.html).toContain(`<a href="https://tv.example.test/resetpassword/${tokenOf(mail)}">`);
    // Only a hash of the token is stored.
    const stored = await ctx.sql.selectFrom('passwordResets').select('tokenHash').execute();
    expect(stored.some((r) => r.tokenHash === tokenOf(mail))).toBe(false);
  });

  it('the link sets a new password once, signs out everywhere, and the old password stops working', async () => {
    const session = await signIn(ctx, { username: BASICO.email, password: BASICO.password });
    await recover(BASICO.email);
    const token = tokenOf((await mails(BASICO.email))[0]);

    const first = await reset(token, 'nueva-clave');
    expect(first.statusCode).toBe(200);
    expect(first.json<{ message: string }>().message).toMatch(/contraseña/);

    const second = await reset(token, 'otra-clave');
    expect(second.statusCode).toBe(400);
    expect(second.json()).toMatchObject({ code: 'bad_request', message: RESET_LINK_INVALID });

    expect((await login(ctx, { username: BASICO.email, password: BASICO.password })).statusCode).toBe(400);
    expect((await login(ctx, { username: BASICO.email, password: 'nueva-clave' })).statusCode).toBe(200);
    // The idToken and the refresh cookie from before the reset are dead.
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/v1/account', headers: bearer(session.idToken) })).statusCode,
    ).toBe(401);
    expect((await refresh(ctx, session.cookie)).statusCode).toBe(401);

    // Restore the demo password for the other tests.
    await recover(BASICO.email);
    expect((await reset(tokenOf((await mails(BASICO.email))[0]), BASICO.password)).statusCode).toBe(200);
  });

  it('a link expires after 1 hour', async () => {
    await recover(BASICO.email, '10.9.0.1');
    const token = tokenOf((await mails(BASICO.email))[0]);
    ctx.clock.advance(60 * MINUTE);
    const res = await reset(token, 'nueva-clave');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: RESET_LINK_INVALID });
    expect((await login(ctx, { username: BASICO.email, password: BASICO.password })).statusCode).toBe(200);
  });

  it('a link used just before its hour is up still works', async () => {
    ctx.clock.advance(60 * MINUTE);
    await recover(BASICO.email, '10.9.0.2');
    const token = tokenOf((await mails(BASICO.email))[0]);
    ctx.clock.advance(60 * MINUTE - 1000);
    expect((await reset(token, BASICO.password)).statusCode).toBe(200);
  });

  it('a reset voids the user’s other outstanding links', async () => {
    ctx.clock.advance(60 * MINUTE);
    await recover(BASICO.email, '10.9.0.3');
    const older = tokenOf((await mails(BASICO.email))[0]);
    await recover(BASICO.email, '10.9.0.3');
    const newer = tokenOf((await mails(BASICO.email))[0]);
    expect(newer).not.toBe(older);
    expect((await reset(newer, BASICO.password)).statusCode).toBe(200);
    expect((await reset(older, 'otra-clave')).statusCode).toBe(400);
  });

  it('refuses unknown tokens and passwords outside 6 to 30 characters', async () => {
    expect((await reset('x'.repeat(43), 'nueva-clave')).json()).toMatchObject({ message: RESET_LINK_INVALID });
    ctx.clock.advance(60 * MINUTE);
    await recover(BASICO.email, '10.9.0.4');
    const token = tokenOf((await mails(BASICO.email))[0]);
    for (const password of ['12345', 'x'.repeat(31)]) {
      const res = await reset(token, password);
      expect(res.statusCode).toBe(400);
      expect(res.json<{ message: string }>().message).toContain('La contraseña debe tener entre 6 y 30 caracteres');
    }
    // Six characters off the common-password list.
    expect((await reset(token, 'k7#qZp')).statusCode).toBe(200);
    expect((await login(ctx, { username: BASICO.email, password: 'k7#qZp' })).statusCode).toBe(200);
    await recover(BASICO.email, '10.9.0.4');
    expect((await reset(tokenOf((await mails(BASICO.email))[0]), BASICO.password)).statusCode).toBe(200);
  });

  it('limits mails quietly: 3 per account per hour, 10 requests per address per hour', async () => {
    ctx.clock.advance(60 * MINUTE);
    const before = (await mails(BASICO.email)).length;
    for (let i = 0; i < 5; i++) {
      const res = await recover(BASICO.email, `10.8.0.${i}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: PASSWORD_RECOVERY_CONFIRMATION });
    }
    expect((await mails(BASICO.email)).length).toBe(before + 3);

    ctx.clock.advance(60 * MINUTE);
    for (let i = 0; i < 10; i++) await recover(`nadie${i}@pantalla.test`, '10.8.1.1');
    const blocked = await recover(BASICO.email, '10.8.1.1');
    expect(blocked.statusCode).toBe(200);
    expect((await mails(BASICO.email)).length).toBe(before + 3);
    expect((await recover(BASICO.email, '10.8.1.2')).statusCode).toBe(200);
    expect((await mails(BASICO.email)).length).toBe(before + 4);
  });

  it('a reset lifts a login lock on the account', async () => {
    ctx.clock.advance(60 * MINUTE);
    // Six failures: the account's backoff makes the next attempt wait.
    for (let i = 0; i < 6; i++) await login(ctx, { username: BASICO.email, password: 'wrong-password' });
    expect((await login(ctx, { username: BASICO.email, password: BASICO.password })).statusCode).toBe(429);
    await recover(BASICO.email, '10.7.0.1');
    expect((await reset(tokenOf((await mails(BASICO.email))[0]), BASICO.password)).statusCode).toBe(200);
    expect((await login(ctx, { username: BASICO.email, password: BASICO.password })).statusCode).toBe(200);
  });
});

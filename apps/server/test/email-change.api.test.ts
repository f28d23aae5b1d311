import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EMAIL_CHANGE_MESSAGES } from '@pantalla/contracts';
import { ACCOUNT_PASSWORD_WRONG, EMAIL_CHANGE_TTL_MS } from '../src/modules/identity/testing';
import { createTestContext, type TestContext } from './context';
import { databaseKinds } from './databases';
import { builders } from './builders';

const kinds = await databaseKinds();

describe.each(kinds)('e-mail change on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind, { PUBLIC_URL: 'https://tv.example.test' });
  });
  afterAll(async () => ctx?.close());
  beforeEach(async () => {
    await builders(ctx).forgetLoginAttempts();
  });

  const PASSWORD = 'Cambio-correo-26';
  let serial = 0;
  /** A fresh account, signed in: each test changes its own address. */
  async function account() {
    serial += 1;
    const email = `correo.${kind}.${serial}@pantalla.test`;
    await ctx.modules.identity.accounts.create({
      email,
      password: PASSWORD,
      name: 'Elena',
      surname: 'Correo',
      pin: null,
    });
    const auth = await signInAs(email, PASSWORD);
    if (!auth) throw new Error('sign-in failed');
    return { email, auth };
  }
  const login = (username: string, password: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { flow: 'password', username, password },
      remoteAddress: '10.26.6.1',
    });
  async function signInAs(username: string, password: string) {
    const res = await login(username, password);
    return res.statusCode === 200 ? { authorization: `Bearer ${res.json<{ idToken: string }>().idToken}` } : null;
  }
  const ask = (auth: Record<string, string> | null, payload: Record<string, unknown>) =>
    ctx.app.inject({ method: 'POST', url: '/api/v1/account/email', ...(auth ? { headers: auth } : {}), payload });
  const confirm = (token: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/v1/account/email/confirm', payload: { token } });
  const mails = (to: string) => ctx.sql.selectFrom('outbox').selectAll().where('to', '=', to).orderBy('id').execute();
  /** The token of the newest link mailed to `to`. */
  async function linkTo(to: string): Promise<string> {
    const last = (await mails(to)).at(-1);
    const token = /\/confirm-email\/([A-Za-z0-9_-]+)/.exec(last?.text ?? '')?.[1];
    if (!token) throw new Error(`no link mailed to ${to}`);
    return token;
  }

  it('mails a link to the new address and tells the old one; the link moves sign-in to the new address', async () => {
    const { email, auth } = await account();
    const next = `Nueva.${kind}@Pantalla.test`;
    const asked = await ask(auth, { email: next, password: PASSWORD });
    expect(asked.json()).toEqual({ message: EMAIL_CHANGE_MESSAGES.sent });
    const lower = next.toLowerCase();
    const status = await ctx.app.inject({ method: 'GET', url: '/api/v1/account/email', headers: auth });
    expect(status.json()).toMatchObject({ email, pending: { email: lower } });

    const [link] = await mails(lower);
    expect(link?.subject).toBe('Confirma tu nuevo correo electrónico de Pantalla');
    expect(link?.text).toContain('https://tv.example.test/confirm-email/');
    const told = await mails(email);
    expect(told.map((m) => m.subject)).toEqual(['Se ha pedido cambiar el correo electrónico de tu cuenta de Pantalla']);
    expect(told[0]?.text).toContain(lower);
    // Hashed at rest: the token is nowhere in the table.
    const token = await linkTo(lower);
    const rows = await ctx.sql.selectFrom('emailChanges').selectAll().where('newEmail', '=', lower).execute();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(token);

    // Nothing changes until the link is followed.
    expect(await signInAs(email, PASSWORD)).not.toBeNull();
    const done = await confirm(token);
    expect(done.json()).toEqual({ email: lower });
    expect(done.headers['cache-control']).toBe('no-store');

    expect(await signInAs(lower, PASSWORD)).not.toBeNull();
    expect((await login(email, PASSWORD)).statusCode).toBe(400);
    expect((await mails(email)).map((m) => m.subject).at(-1)).toBe(
      'El correo electrónico de tu cuenta de Pantalla ha cambiado',
    );
    // Sessions are kept (docs/decisions.md): this device still works and sees its new address.
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/account/email', headers: auth })).json()).toEqual({
      email: lower,
      pending: null,
    });
    // The address counts as confirmed: whoever followed the link reads its mail.
    const user = await ctx.sql
      .selectFrom('users')
      .select('emailConfirmedAt')
      .where('email', '=', lower)
      .executeTakeFirstOrThrow();
    expect(user.emailConfirmedAt).not.toBeNull();
  });

  it('works once, and not after 24 hours', async () => {
    const { auth } = await account();
    const next = `una.vez.${kind}@pantalla.test`;
    await ask(auth, { email: next, password: PASSWORD });
    const token = await linkTo(next);
    expect((await confirm(token)).statusCode).toBe(200);
    expect((await confirm(token)).json()).toMatchObject({
      statusCode: 400,
      message: EMAIL_CHANGE_MESSAGES.linkInvalid,
    });

    const other = await account();
    const late = `tarde.${kind}@pantalla.test`;
    await ask(other.auth, { email: late, password: PASSWORD });
    const lateToken = await linkTo(late);
    ctx.clock.advance(EMAIL_CHANGE_TTL_MS);
    expect((await confirm(lateToken)).json()).toMatchObject({
      statusCode: 400,
      message: EMAIL_CHANGE_MESSAGES.linkInvalid,
    });
    expect(await signInAs(other.email, PASSWORD)).not.toBeNull();
    // Malformed tokens are refused by the schema, with no 5xx.
    expect((await confirm('short')).statusCode).toBe(400);
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/v1/account/email/confirm', payload: {} })).statusCode,
    ).toBe(400);
  });

  it('a newer link voids the older ones once followed; a password change voids them all', async () => {
    const { email, auth } = await account();
    await ask(auth, { email: `primera.${kind}@pantalla.test`, password: PASSWORD });
    const first = await linkTo(`primera.${kind}@pantalla.test`);
    await ask(auth, { email: `segunda.${kind}@pantalla.test`, password: PASSWORD });
    const second = await linkTo(`segunda.${kind}@pantalla.test`);
    expect((await confirm(second)).statusCode).toBe(200);
    expect((await confirm(first)).statusCode).toBe(400);

    const again = await signInAs(`segunda.${kind}@pantalla.test`, PASSWORD);
    await ask(again, { email: `tercera.${kind}@pantalla.test`, password: PASSWORD });
    const third = await linkTo(`tercera.${kind}@pantalla.test`);
    const changed = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/account/password',
      headers: again!,
      payload: { currentPassword: PASSWORD, newPassword: 'Otra-clave-26b' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await confirm(third)).json()).toMatchObject({
      statusCode: 400,
      message: EMAIL_CHANGE_MESSAGES.linkInvalid,
    });
    expect(await signInAs(`segunda.${kind}@pantalla.test`, 'Otra-clave-26b')).not.toBeNull();
    expect(email).not.toBe(`segunda.${kind}@pantalla.test`);
  });

  it('needs the right password and a different address; answers a taken address like any other and tells its owner', async () => {
    const { email, auth } = await account();
    const wrong = await ask(auth, { email: `otra.${kind}@pantalla.test`, password: 'not-the-password' });
    expect(wrong.json()).toEqual({
      statusCode: 400,
      code: 'bad_request',
      message: ACCOUNT_PASSWORD_WRONG,
      data: { wrong: 'password' },
    });
    expect(await mails(`otra.${kind}@pantalla.test`)).toEqual([]);
    expect((await ask(auth, { email: email.toUpperCase(), password: PASSWORD })).json()).toMatchObject({
      statusCode: 400,
      message: EMAIL_CHANGE_MESSAGES.same,
    });
    expect((await ask(auth, { email: 'no-es-un-correo', password: PASSWORD })).json()).toMatchObject({
      statusCode: 400,
      message: 'Introduce un correo electrónico válido',
    });
    expect((await ask(null, { email: `otra.${kind}@pantalla.test`, password: PASSWORD })).statusCode).toBe(401);

    const holder = await account();
    const before = (await mails(holder.email)).length;
    const taken = await ask(auth, { email: holder.email, password: PASSWORD });
    expect(taken.json()).toEqual({ message: EMAIL_CHANGE_MESSAGES.sent });
    const holderMails = await mails(holder.email);
    expect(holderMails).toHaveLength(before + 1);
    expect(holderMails.at(-1)?.subject).toBe('Tu dirección ya tiene una cuenta de Pantalla');
    expect(holderMails.at(-1)?.text).not.toContain('/confirm-email/');
    expect(
      await ctx.sql.selectFrom('emailChanges').select('tokenHash').where('newEmail', '=', holder.email).execute(),
    ).toEqual([]);
  });

  it('refuses the change when the address was taken after the link was sent', async () => {
    const { email, auth } = await account();
    const next = `carrera.${kind}@pantalla.test`;
    await ask(auth, { email: next, password: PASSWORD });
    const token = await linkTo(next);
    await ctx.modules.identity.accounts.create({
      email: next,
      password: PASSWORD,
      name: 'Otra',
      surname: 'Persona',
      pin: null,
    });
    expect((await confirm(token)).json()).toMatchObject({ statusCode: 400, message: EMAIL_CHANGE_MESSAGES.taken });
    expect(await signInAs(email, PASSWORD)).not.toBeNull();
  });

  it('limits requests to 3 an hour per account, and wrong passwords to 5 per 15 minutes', async () => {
    const { auth } = await account();
    for (let i = 0; i < 3; i++)
      expect((await ask(auth, { email: `limite${i}.${kind}@pantalla.test`, password: PASSWORD })).statusCode).toBe(200);
    const limited = await ask(auth, { email: `limite9.${kind}@pantalla.test`, password: PASSWORD });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect(limited.json<{ message: string }>().message).toMatch(
      /^Ya has pedido varios cambios de correo electrónico\. Vuelve a intentarlo dentro de \d+ minutos\.$/,
    );
    expect(await mails(`limite9.${kind}@pantalla.test`)).toEqual([]);
    ctx.clock.advance(60 * 60 * 1000);
    expect((await ask(auth, { email: `limite9.${kind}@pantalla.test`, password: PASSWORD })).statusCode).toBe(200);

    const other = await account();
    for (let i = 0; i < 5; i++)
      expect((await ask(other.auth, { email: `x${i}.${kind}@pantalla.test`, password: 'wrong-pass' })).statusCode).toBe(
        400,
      );
    expect((await ask(other.auth, { email: `x.${kind}@pantalla.test`, password: PASSWORD })).statusCode).toBe(429);
    ctx.clock.advance(15 * 60 * 1000);
  });

  it('exports the pending change and erases it with the account', async () => {
    const { auth } = await account();
    const next = `borrar.${kind}@pantalla.test`;
    await ask(auth, { email: next, password: PASSWORD });
    const exported = await ctx.app.inject({ method: 'GET', url: '/api/v1/account/export', headers: auth });
    expect(exported.json()).toMatchObject({ emailChanges: [{ newEmail: next, usedAt: null }] });
    const deleted = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/account/delete',
      headers: auth,
      payload: { password: PASSWORD },
    });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(await ctx.sql.selectFrom('emailChanges').select('tokenHash').where('newEmail', '=', next).execute()).toEqual(
      [],
    );
    expect(await mails(next)).toEqual([]);
  });
});

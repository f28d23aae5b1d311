import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ALREADY_CONFIRMED,
  CONFIRMATION_LINK_INVALID,
  EMAIL_CONFIRMED,
  mailListSchema,
  type Mail,
} from '@pantalla/contracts';
import { databaseKinds } from '../../../test/databases';
import { createTestContext, type TestContext } from '../../../test/context';
import { bearer, register, registrationForm, signIn } from './test-support';

const kinds = await databaseKinds();
const DAY = 24 * 60 * 60 * 1000;

describe.each(kinds)('email confirmation on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind, { PUBLIC_URL: 'https://tv.example.test' });
  });
  afterAll(async () => ctx?.close());

  const mails = async (to: string): Promise<Mail[]> =>
    mailListSchema.parse(
      (await ctx.app.inject({ method: 'GET', url: `/dev/mail.json?to=${encodeURIComponent(to)}` })).json(),
    );
  const tokenOf = (mail: Mail | undefined) => /\/confirm\/([\w-]+)/.exec(mail?.text ?? '')?.[1] ?? '';
  const confirm = (token: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/v1/registration/confirm', payload: { token } });
  let n = 0;
  async function newAccount(): Promise<string> {
    const email = `confirma-${kind}-${++n}@pantalla.test`;
    expect((await register(ctx, registrationForm({ login: email }), `10.80.${n}.1`)).statusCode).toBe(201);
    return email;
  }

  it('mails a working, single-use link; the token is stored hashed; sign-in tells the app until it is followed', async () => {
    const email = await newAccount();
    const [mail] = await mails(email);
    expect(mail).toMatchObject({ to: email, subject: 'Confirma tu cuenta de Pantalla' });
    expect(mail?.text).toMatch(/^Hola, Lucía:/);
    expect(mail?.text).toMatch(/https:\/\/tv\.example\.test\/confirm\/[\w-]{43}\n/);
    const token = tokenOf(mail);
    expect(mail?.html).toContain(`<a href="https://tv.example.test/confirm/${token}">`);
    const stored = await ctx.sql.selectFrom('emailConfirmations').select('tokenHash').execute();
    expect(stored.some((r) => r.tokenHash === token)).toBe(false);

    // Unconfirmed, the account may sign in (and so buy); the app shows a reminder.
    const before = await signIn(ctx, { username: email, password: 'secreto1' });
    const info = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { flow: 'password', username: email, password: 'secreto1' },
    });
    expect(info.json()).toMatchObject({ emailConfirmed: false });
    expect(before.idToken).toBeTruthy();

    const first = await confirm(token);
    expect([first.statusCode, first.json<{ message: string }>().message]).toEqual([200, EMAIL_CONFIRMED]);
    const second = await confirm(token);
    expect([second.statusCode, second.json<{ message: string }>().message]).toEqual([400, CONFIRMATION_LINK_INVALID]);
    const after = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { flow: 'password', username: email, password: 'secreto1' },
    });
    expect(after.json()).toMatchObject({ emailConfirmed: true });
  });

  it('a link expires after 7 days; a new one can be asked for, three an hour, and the old ones die when one is used', async () => {
    const email = await newAccount();
    const oldToken = tokenOf((await mails(email))[0]);
    ctx.clock.advance(7 * DAY);
    expect((await confirm(oldToken)).statusCode).toBe(400);

    const { idToken } = await signIn(ctx, { username: email, password: 'secreto1' });
    const resend = () =>
      ctx.app.inject({ method: 'POST', url: '/api/v1/registration/confirmation-mail', headers: bearer(idToken) });
    for (let i = 0; i < 3; i++) expect((await resend()).statusCode).toBe(200);
    expect((await resend()).statusCode).toBe(429);
    const sent = await mails(email);
    expect(sent).toHaveLength(4);
    const [newest, older] = [tokenOf(sent[0]), tokenOf(sent[1])];
    expect((await confirm(older)).statusCode).toBe(200);
    expect((await confirm(newest)).statusCode).toBe(400);
    const again = await resend();
    expect([again.statusCode, again.json<{ message: string }>().message]).toEqual([409, ALREADY_CONFIRMED]);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/v1/registration/confirmation-mail' })).statusCode).toBe(
      401,
    );
  });

  it('a password reset confirms the address too (the mailbox answered)', async () => {
    const email = await newAccount();
    await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/tb-user/passwordRecovery',
      payload: { email },
      remoteAddress: '10.81.0.1',
    });
    const resetToken = /\/resetpassword\/([\w-]+)/.exec((await mails(email))[0]?.text ?? '')?.[1] ?? '';
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/v1/password-reset',
          payload: { token: resetToken, password: 'nueva-clave' },
        })
      ).statusCode,
    ).toBe(200);
    const row = await ctx.sql
      .selectFrom('users')
      .select('emailConfirmedAt')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(row.emailConfirmedAt).toBe(ctx.clock.now());
  });

  it('refuses malformed confirmation bodies with the link message, never a 5xx', async () => {
    for (const payload of [{}, { token: 'short' }, { token: 7 }, { token: 'x'.repeat(500) }]) {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/v1/registration/confirm', payload });
      expect(res.statusCode).toBe(400);
    }
    expect((await confirm('a'.repeat(43))).json<{ message: string }>().message).toBe(CONFIRMATION_LINK_INVALID);
  });
});

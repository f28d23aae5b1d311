import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  mailListSchema,
  PASSWORD_TOO_COMMON,
  REGISTRATION_MESSAGES,
  REGISTRATION_REFUSALS,
  type Mail,
} from '@pantalla/contracts';
import {
  BASICO,
  bearer,
  DEMO,
  formToken,
  isCommonPassword,
  login,
  refreshCookieName,
  register,
  registrationForm,
  signIn,
} from '../../src/modules/identity/testing';
import { createTestContext, type TestContext } from '../context';
import { databaseKinds } from '../databases';
import { builders } from '../builders';

const kinds = await databaseKinds();
const message = (res: { json<T>(): T }) => res.json<{ message: string }>().message;

describe.each(kinds)(
  'accounts: form tokens, common passwords, two-step and mails (issue items 12, 14, 16) on %s',
  (kind) => {
    let ctx: TestContext;
    beforeAll(async () => {
      ctx = await createTestContext(kind);
    });
    afterAll(async () => ctx?.close());
    beforeEach(async () => {
      await builders(ctx).forgetLoginAttempts('registration-address:');
    });
    const email = (what: string) => `${what}-${kind}-${Math.random().toString(36).slice(2, 8)}@pantalla.test`;
    const mails = async (to: string): Promise<Mail[]> =>
      mailListSchema.parse(
        (await ctx.app.inject({ method: 'GET', url: `/dev/mail.json?to=${encodeURIComponent(to)}` })).json(),
      );

    it('12. a form token makes one account: replayed from another address with another email it is refused', async () => {
      const token = await formToken(ctx);
      expect(
        (await register(ctx, registrationForm({ login: email('uno'), formToken: token }), '10.91.0.1')).statusCode,
      ).toBe(201);
      for (let i = 2; i < 6; i++) {
        const again = await register(ctx, registrationForm({ login: email('otro'), formToken: token }), `10.91.0.${i}`);
        expect([again.statusCode, message(again)]).toEqual([400, REGISTRATION_REFUSALS.formExpired]);
      }
    });

    it('12. ten parallel sign-ups with one token make at most one account', async () => {
      const token = await formToken(ctx);
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          register(ctx, registrationForm({ login: email(`par${i}`), formToken: token }), `10.92.0.${i}`),
        ),
      );
      expect(answers.filter((a) => a.statusCode === 201).length).toBeLessThanOrEqual(1);
      for (const refused of answers.filter((a) => a.statusCode !== 201))
        expect(message(refused)).toBe(REGISTRATION_REFUSALS.formExpired);
    });

    it('12. a form refused for its content (a taken email, a common password) keeps its token for the corrected form', async () => {
      const token = await formToken(ctx);
      const taken = await register(ctx, registrationForm({ login: BASICO.email, formToken: token }));
      expect(message(taken)).toBe(REGISTRATION_MESSAGES.emailTaken);
      const common = await register(
        ctx,
        registrationForm({ login: email('comun'), passw: 'password', formToken: token }),
      );
      expect([common.statusCode, message(common)]).toEqual([400, PASSWORD_TOO_COMMON]);
      expect((await register(ctx, registrationForm({ login: email('bien'), formToken: token }))).statusCode).toBe(201);
    });

    it('12. the most common passwords are refused at registration (any case), the 6-character minimum keeps its message', async () => {
      for (const passw of ['123456', 'qwerty', 'Password1', 'iloveyou', 'PASSWORD']) {
        const res = await register(ctx, registrationForm({ login: email('comun'), passw }));
        expect([passw, res.statusCode, message(res)]).toEqual([passw, 400, PASSWORD_TOO_COMMON]);
      }
      expect(message(await register(ctx, registrationForm({ passw: '12345' })))).toBe(
        REGISTRATION_MESSAGES.passwordLength,
      );
      expect((await register(ctx, registrationForm({ login: email('raro'), passw: 'k7#qZp' }))).statusCode).toBe(201);
    });

    it('12. a password change and a recovery reset refuse a common password too; the demo accounts’ passwords still work', async () => {
      // The demo seed is not checked, and its published passwords are not on the list anyway.
      expect(isCommonPassword(DEMO.password) || isCommonPassword(BASICO.password)).toBe(false);
      const signedIn = await signIn(ctx, { username: BASICO.email, password: BASICO.password });
      const change = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/account/password',
        headers: bearer(signedIn.idToken),
        cookies: { [refreshCookieName(ctx.config.publicUrl)]: signedIn.cookie },
        payload: { currentPassword: BASICO.password, newPassword: 'abc123' },
      });
      expect([change.statusCode, message(change)]).toEqual([400, PASSWORD_TOO_COMMON]);
      await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/tb-user/passwordRecovery',
        payload: { email: DEMO.email },
        remoteAddress: '10.93.0.1',
      });
      const token = /\/resetpassword\/([\w-]+)/.exec((await mails(DEMO.email))[0]?.text ?? '')?.[1] ?? '';
      expect(token).not.toBe('');
      const reset = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/password-reset',
        payload: { token, password: 'letmein' },
      });
      expect([reset.statusCode, message(reset)]).toEqual([400, PASSWORD_TOO_COMMON]);
      for (const account of [DEMO, BASICO])
        expect(
          (await login(ctx, { username: account.email, password: account.password }, { ip: '10.93.0.2' })).statusCode,
        ).toBe(200);
    });

    it('14. a client’s twoStep flag no longer lifts the names’ rule; only a product the server sells does', async () => {
      const url = 'https://evil.example/premio';
      const flagged = await register(ctx, registrationForm({ twoStep: true, username: url }));
      expect([flagged.statusCode, message(flagged)]).toEqual([400, REGISTRATION_MESSAGES.nameLetters]);
      const unknownProduct = await register(ctx, registrationForm({ product: '987654', username: url }));
      expect([unknownProduct.statusCode, message(unknownProduct)]).toEqual([400, REGISTRATION_MESSAGES.nameLetters]);
      expect((await register(ctx, registrationForm({ product: '2', username: 'R2-D2' }))).statusCode).toBe(201);
    });

    it('14. user-given text never becomes a link in a mail: URLs, host names and addresses in a name are broken', async () => {
      const to = email('enlace');
      const name = 'Visita https://evil.example/premio o www.malo.test y escribe a jefe@malo.test';
      expect((await register(ctx, registrationForm({ login: to, product: '2', username: name }))).statusCode).toBe(201);
      const [mail] = await mails(to);
      expect(mail).toBeDefined();
      for (const body of [mail?.text ?? '', mail?.html ?? '']) {
        for (const linkable of ['https://', 'evil.example', 'www.malo.test', 'jefe@malo', 'malo.test'])
          expect(body, linkable).not.toContain(linkable);
        // The name is still readable, and our own confirmation link is still there.
        expect(body).toContain('Visita https');
        expect(body).toMatch(/http:\/\/localhost:\d+\/confirm\/[\w-]+/);
      }
    });
  },
);

describe.each(kinds)('the refresh cookie’s name (issue item 16) on %s', (kind) => {
  let https: TestContext;
  let demo: TestContext;
  beforeAll(async () => {
    https = await createTestContext(kind, { PUBLIC_URL: 'https://tv.example.test' });
    demo = await createTestContext(kind, {}, { demo: true });
  });
  afterAll(async () => {
    await https?.close();
    await demo?.close();
  });

  it('over https: __Secure-pantalla_rt, Secure, on /api/v1; a plain pantalla_rt planted beside it is not read', async () => {
    const res = await login(https, { username: DEMO.email, password: DEMO.password });
    const lines = [res.headers['set-cookie']].flat().filter((l): l is string => typeof l === 'string');
    const line = lines.find((l) => l.startsWith('__Secure-pantalla_rt=')) ?? '';
    expect(line).toMatch(/^__Secure-pantalla_rt=[\w-]{43};/);
    expect(line).toMatch(/; Secure/);
    expect(line).toMatch(/; Path=\/api\/v1/);
    expect(lines.some((l) => l.startsWith('pantalla_rt='))).toBe(false);
    const value = /^__Secure-pantalla_rt=([\w-]+)/.exec(line)?.[1] ?? '';
    const refreshed = await https.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { flow: 'refresh' },
      cookies: { '__Secure-pantalla_rt': value },
    });
    expect(refreshed.statusCode).toBe(200);
    const planted = await https.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { flow: 'refresh' },
      cookies: { pantalla_rt: value },
    });
    expect(planted.statusCode).toBe(401);
  });

  it('the demo on http://localhost keeps pantalla_rt (a browser refuses a prefixed cookie from plain http)', async () => {
    const res = await login(demo, { username: DEMO.email, password: DEMO.password });
    expect(res.cookies.map((c) => c.name)).toContain('pantalla_rt');
    expect(res.cookies.map((c) => c.name)).not.toContain('__Secure-pantalla_rt');
  });
});

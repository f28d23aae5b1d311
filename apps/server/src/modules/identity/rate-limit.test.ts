import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { databaseKinds } from '../../../test/databases';
import { createTestContext, type TestContext } from '../../../test/context';
import { SIGN_IN_LINK_INVALID, SIGN_IN_LINK_SENT } from '@pantalla/contracts';
import { KNOWN_DEVICE_PREFIX, KnownDevices } from './known-device';
import { BASICO, DEMO, login, refreshCookieOf, refreshSetCookieLine } from './test-support';

const kinds = await databaseKinds();
const MINUTE = 60 * 1000;

describe.each(kinds)('login rate limits on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
  });
  afterAll(async () => ctx?.close());
  beforeEach(async () => {
    await ctx.sql.deleteFrom('loginAttempts').execute();
    await ctx.sql.deleteFrom('outbox').execute();
  });

  const fail = (username: string, ip: string, cookies: Record<string, string> = {}) =>
    attempt(username, 'wrong-password', ip, cookies);
  const attempt = (username: string, password: string, ip: string, cookies: Record<string, string> = {}) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { flow: 'password', username, password },
      remoteAddress: ip,
      cookies,
    });
  /** Signs in from a fresh browser and answers its remembered-device cookie. */
  const knownDevice = async (account: { email: string; password: string }) => {
    const res = await attempt(account.email, account.password, '10.99.0.1');
    expect(res.statusCode).toBe(200);
    const cookie = res.cookies.find((c) => c.name.startsWith(KNOWN_DEVICE_PREFIX));
    if (!cookie) throw new Error('no remembered-device cookie');
    await ctx.sql.deleteFrom('loginAttempts').execute();
    return { [cookie.name]: cookie.value };
  };
  const linkMailsTo = (email: string) =>
    ctx.sql
      .selectFrom('outbox')
      .selectAll()
      .where('to', '=', email)
      .where('subject', 'like', '%iniciar sesión%')
      .orderBy('id', 'desc')
      .execute();

  it('throttles 100 guesses against one account from 20 addresses: five answered, the rest wait, doubling', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 100; i++) statuses.push((await fail(DEMO.email, `10.1.0.${i % 20}`)).statusCode);
    // Five plain failures, then the account is under attack: one guess answered with the link step, no more.
    expect(statuses.slice(0, 5)).toEqual(Array(5).fill(400));
    expect(statuses[5]).toBe(202);
    expect(statuses.slice(6).every((s) => s === 429)).toBe(true);
    const waiting = await fail(DEMO.email, '10.1.0.99');
    expect(waiting.headers['retry-after']).toBe('1');
    expect(waiting.json<{ message: string }>().message).toBe(
      'Demasiados intentos fallidos de inicio de sesión. Vuelve a intentarlo dentro de 1 segundo.',
    );

    // A guesser who waits exactly as told: each wait doubles up to 15 minutes.
    const start = ctx.clock.now();
    const waits: number[] = [];
    let answered = 6;
    for (let i = 0; answered < 100; i++) {
      const res = await fail(DEMO.email, `10.1.0.${i % 20}`);
      if (res.statusCode === 429) {
        const wait = Number(res.headers['retry-after']);
        waits.push(wait);
        ctx.clock.advance(wait * 1000);
      } else {
        // Under attack the answer never says whether the password was right.
        expect(res.statusCode).toBe(202);
        answered++;
      }
    }
    expect(waits.slice(0, 11)).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 900]);
    expect(Math.max(...waits)).toBe(900);
    // 100 guesses took the guesser over 20 hours instead of seconds.
    expect(ctx.clock.now() - start).toBeGreaterThan(20 * 60 * MINUTE);
    expect(await linkMailsTo(DEMO.email)).toHaveLength(0);
  }, 180_000);

  it('never keeps the owner out on a remembered device, however hard the account is attacked', async () => {
    const device = await knownDevice(DEMO);
    for (let i = 0; i < 30; i++) await fail(DEMO.email, `10.2.0.${i % 20}`);
    expect((await attempt(DEMO.email, DEMO.password, '10.2.1.1')).statusCode).toBe(429);
    const owner = await attempt(DEMO.email, DEMO.password, '10.2.1.1', device);
    expect(owner.statusCode).toBe(200);
    expect(refreshCookieOf(owner)?.value).toMatch(/^[\w-]{43}$/);
    // The remembered device's own typos still count, but only against itself.
    expect((await fail(DEMO.email, '10.2.1.1', device)).statusCode).toBe(400);
    expect((await attempt(DEMO.email, DEMO.password, '10.2.1.1', device)).statusCode).toBe(200);
  });

  it('a device cookie of one account is nothing to another, nor once altered', async () => {
    const demoDevice = await knownDevice(DEMO);
    const [[name, value]] = Object.entries(demoDevice) as [[string, string]];
    for (let i = 0; i < 6; i++) await fail(BASICO.email, `10.3.0.${i}`);
    // BASICO's cookie name carrying DEMO's value, and DEMO's name with a changed value.
    const basico = await ctx.sql
      .selectFrom('users')
      .select('id')
      .where('email', '=', BASICO.email)
      .executeTakeFirstOrThrow();
    const forged = { [new KnownDevices(ctx.config.authSecret).cookieName(basico.id)]: value };
    ctx.clock.advance(MINUTE);
    expect((await attempt(BASICO.email, BASICO.password, '10.3.1.1', forged)).statusCode).toBe(202);
    for (let i = 0; i < 6; i++) await fail(DEMO.email, `10.3.2.${i}`);
    ctx.clock.advance(MINUTE);
    expect(
      (await attempt(DEMO.email, DEMO.password, '10.3.1.1', { [name]: `${value.slice(0, -2)}AA` })).statusCode,
    ).toBe(202);
    ctx.clock.advance(MINUTE);
    expect((await attempt(DEMO.email, DEMO.password, '10.3.1.1', demoDevice)).statusCode).toBe(200);
  });

  it('sets the remembered-device cookie: httpOnly, Secure, SameSite=Strict, half a year, per account', async () => {
    const res = await attempt(DEMO.email, DEMO.password, '10.4.0.1');
    const header = res.headers['set-cookie'];
    const line = (Array.isArray(header) ? header : [header ?? '']).find((l) => l.startsWith(KNOWN_DEVICE_PREFIX)) ?? '';
    expect(line).toMatch(/^pantalla_kd_[\w-]{16}=[\w-]+\.\d+\.[\w-]{43};/);
    for (const part of ['HttpOnly', 'Secure', 'SameSite=Strict', 'Path=/api/v1', 'Max-Age=15552000'])
      expect(line).toContain(part);
    const other = await attempt(BASICO.email, BASICO.password, '10.4.0.1');
    const otherNames = other.cookies.filter((c) => c.name.startsWith(KNOWN_DEVICE_PREFIX)).map((c) => c.name);
    expect(otherNames).toHaveLength(1);
    expect(line.startsWith(`${otherNames[0]}=`)).toBe(false);
  });

  it('without remember-me the remembered-device cookie is a session cookie: nothing outlives the browser', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { flow: 'password', username: DEMO.email, password: DEMO.password, rememberMe: false },
      remoteAddress: '10.4.1.1',
    });
    expect(res.statusCode).toBe(200);
    const header = res.headers['set-cookie'];
    const line = (Array.isArray(header) ? header : [header ?? '']).find((l) => l.startsWith(KNOWN_DEVICE_PREFIX)) ?? '';
    expect(line).toContain('HttpOnly');
    expect(line).not.toContain('Max-Age');
    expect(line).not.toContain('Expires');
  });

  it('an unknown device with the right password gets the link step while the account is under attack; the link signs in once', async () => {
    for (let i = 0; i < 5; i++) await fail(DEMO.email, `10.5.0.${i}`);
    const step = await attempt(DEMO.email, DEMO.password, '10.5.1.1');
    expect(step.statusCode).toBe(202);
    expect(step.json()).toEqual({ step: 'sign-in-link', message: SIGN_IN_LINK_SENT });
    expect(refreshCookieOf(step)).toBeUndefined();
    expect(step.body).not.toContain('idToken');
    const [mail] = await linkMailsTo(DEMO.email);
    const token = /\/signin\/([\w-]{43})/.exec(mail?.text ?? '')?.[1] ?? '';
    expect(token).not.toBe('');
    expect(mail?.html).toContain(`/signin/${token}`);

    ctx.clock.advance(14 * MINUTE);
    const done = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { flow: 'link', token },
      remoteAddress: '10.5.1.1',
    });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ email: DEMO.email, rememberMe: true });
    expect(refreshCookieOf(done)?.value).toMatch(/^[\w-]{43}$/);
    const device = Object.fromEntries(
      done.cookies.filter((c) => c.name.startsWith(KNOWN_DEVICE_PREFIX)).map((c) => [c.name, c.value]),
    );
    expect(Object.keys(device)).toHaveLength(1);

    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { flow: 'link', token },
      remoteAddress: '10.5.1.1',
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'bad_request', message: SIGN_IN_LINK_INVALID });
    // The device the link opened on is remembered now: the password alone signs in there.
    expect((await attempt(DEMO.email, DEMO.password, '10.5.1.1', device)).statusCode).toBe(200);
  });

  it('a sign-in link carries remember-me off through to the session, and expires after 15 minutes', async () => {
    const linkTo = async () => /\/signin\/([\w-]{43})/.exec((await linkMailsTo(DEMO.email))[0]?.text ?? '')?.[1] ?? '';
    const useLink = (token: string) =>
      ctx.app.inject({ method: 'POST', url: '/api/v1/login', payload: { flow: 'link', token } });
    for (let i = 0; i < 5; i++) await fail(DEMO.email, `10.6.0.${i}`);
    const sessionOnly = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { flow: 'password', username: DEMO.email, password: DEMO.password, rememberMe: false },
      remoteAddress: '10.6.1.1',
    });
    expect(sessionOnly.statusCode).toBe(202);
    const first = await useLink(await linkTo());
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ rememberMe: false });
    expect(refreshSetCookieLine(first)).not.toContain('Max-Age');

    ctx.clock.advance(MINUTE);
    expect((await attempt(DEMO.email, DEMO.password, '10.6.1.2')).statusCode).toBe(202);
    const late = await linkTo();
    ctx.clock.advance(15 * MINUTE);
    const expired = await useLink(late);
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toMatchObject({ message: SIGN_IN_LINK_INVALID });
    expect((await useLink('x'.repeat(43))).statusCode).toBe(400);
  });

  it('under attack a wrong password gets the same answer and no mail; unknown accounts too', async () => {
    for (let i = 0; i < 5; i++) await fail(DEMO.email, `10.7.0.${i}`);
    const wrong = await fail(DEMO.email, '10.7.1.1');
    ctx.clock.advance(MINUTE);
    const right = await attempt(DEMO.email, DEMO.password, '10.7.1.1');
    expect(wrong.statusCode).toBe(202);
    expect(wrong.body).toBe(right.body);
    expect(await linkMailsTo(DEMO.email)).toHaveLength(1);
    for (let i = 0; i < 5; i++) expect((await fail('nadie@pantalla.test', `10.7.2.${i}`)).statusCode).toBe(400);
    expect((await fail('nadie@pantalla.test', '10.7.3.1')).body).toBe(right.body);
  });

  it('mails at most 3 sign-in links in 15 minutes; the answer stays the same', async () => {
    for (let i = 0; i < 5; i++) await fail(DEMO.email, `10.8.0.${i}`);
    for (let i = 0; i < 5; i++) {
      expect((await attempt(DEMO.email, DEMO.password, '10.8.1.1')).statusCode).toBe(202);
      ctx.clock.advance(20_000);
    }
    expect(await linkMailsTo(DEMO.email)).toHaveLength(3);
  });

  it('under attack a right password counts like a wrong one, so the next wait tells nothing', async () => {
    for (let i = 0; i < 6; i++) await fail(DEMO.email, `10.8.2.${i}`);
    ctx.clock.advance(MINUTE);
    expect((await attempt(DEMO.email, DEMO.password, '10.8.3.1')).statusCode).toBe(202);
    const afterRight = await fail(DEMO.email, '10.8.3.1');
    await ctx.sql.deleteFrom('loginAttempts').execute();
    for (let i = 0; i < 6; i++) await fail(DEMO.email, `10.8.4.${i}`);
    ctx.clock.advance(MINUTE);
    expect((await fail(DEMO.email, '10.8.3.1')).statusCode).toBe(202);
    const afterWrong = await fail(DEMO.email, '10.8.3.1');
    expect(afterRight.statusCode).toBe(429);
    expect(afterRight.headers['retry-after']).toBe(afterWrong.headers['retry-after']);
  });

  it('30 failures from one shared address lock out nobody: another account’s owner gets the link step, a known device signs in', async () => {
    const device = await knownDevice(DEMO);
    const ip = '10.9.0.1';
    for (let i = 0; i < 30; i++) expect((await fail(`user${i}@pantalla.test`, ip)).statusCode).toBe(400);
    // The address is under attack: no tokens for unknown devices there, whatever the password.
    const other = await attempt(BASICO.email, BASICO.password, ip);
    expect(other.statusCode).toBe(202);
    expect(await linkMailsTo(BASICO.email)).toHaveLength(1);
    expect((await fail(`user31@pantalla.test`, ip)).statusCode).toBe(202);
    expect((await attempt(DEMO.email, DEMO.password, ip, device)).statusCode).toBe(200);
    // Another address is not affected, and the address recovers after 15 minutes.
    expect((await attempt(BASICO.email, BASICO.password, '10.9.0.2')).statusCode).toBe(200);
    ctx.clock.advance(15 * MINUTE);
    expect((await attempt(BASICO.email, BASICO.password, ip)).statusCode).toBe(200);
  }, 90_000);

  it('a flood of 300 failures from one address is refused before any password is hashed; a known device still signs in', async () => {
    const device = await knownDevice(DEMO);
    const ip = '10.13.0.1';
    // The 300 failures written straight into the log (counting them is the test above's business).
    const now = ctx.clock.now();
    await ctx.sql
      .insertInto('loginAttempts')
      .values(Array.from({ length: 300 }, (_, i) => ({ key: `login-address:${ip}`, at: now - 60_000 + i })))
      .execute();
    const refused = await attempt(BASICO.email, BASICO.password, ip);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBe(14 * 60);
    expect((await attempt(DEMO.email, DEMO.password, ip, device)).statusCode).toBe(200);
    ctx.clock.advance(14 * MINUTE + 1);
    expect((await attempt(BASICO.email, BASICO.password, ip)).statusCode).toBe(202);
  });

  it('a remembered device with five wrong passwords is unknown until they age out; its typos do not count on the account', async () => {
    const device = await knownDevice(DEMO);
    for (let i = 0; i < 5; i++) expect((await fail(DEMO.email, '10.10.0.1', device)).statusCode).toBe(400);
    expect((await attempt(DEMO.email, DEMO.password, '10.10.0.2')).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) await fail(DEMO.email, `10.10.1.${i}`);
    ctx.clock.advance(MINUTE);
    // The device is over its own count: it meets the attacked account as any unknown device.
    expect((await attempt(DEMO.email, DEMO.password, '10.10.0.1', device)).statusCode).toBe(202);
    ctx.clock.advance(15 * MINUTE);
    expect((await attempt(DEMO.email, DEMO.password, '10.10.0.1', device)).statusCode).toBe(200);
    expect((await attempt(DEMO.email, DEMO.password, '10.10.0.3')).statusCode).toBe(202);
  });

  it('lets no more than six of a burst of parallel guesses be tried', async () => {
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => fail(DEMO.email, `10.11.0.${i}`)));
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s !== 429).length).toBeLessThanOrEqual(6);
    expect(statuses.every((s) => s === 400 || s === 202 || s === 429)).toBe(true);
  });

  it('a password reset (the mailbox proven) clears the account’s backoff', async () => {
    for (let i = 0; i < 8; i++) await fail(DEMO.email, `10.12.0.${i}`);
    expect((await attempt(DEMO.email, DEMO.password, '10.12.1.1')).statusCode).toBe(429);
    await ctx.app.inject({ method: 'POST', url: '/api/v1/tb-user/passwordRecovery', payload: { email: DEMO.email } });
    const mail = await ctx.sql
      .selectFrom('outbox')
      .select('text')
      .where('to', '=', DEMO.email)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const token = /\/resetpassword\/([\w-]+)/.exec(mail.text)?.[1] ?? '';
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/v1/password-reset',
          payload: { token, password: DEMO.password },
        })
      ).statusCode,
    ).toBe(200);
    expect((await attempt(DEMO.email, DEMO.password, '10.12.1.1')).statusCode).toBe(200);
  });

  const failForwarded = (target: TestContext, i: number, forwardedFor: string) =>
    target.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      remoteAddress: '10.9.9.9',
      headers: { 'x-forwarded-for': forwardedFor },
      payload: { flow: 'password', username: `x${i}@pantalla.test`, password: 'wrong-password' },
    });

  it('ignores X-Forwarded-For unless a proxy is trusted, so the address limit cannot be dodged', async () => {
    // Each attempt claims a new address; the limit still counts the real peer, now under attack.
    for (let i = 0; i < 30; i++) await failForwarded(ctx, i, `198.51.100.${i}`);
    const res = await login(ctx, { username: DEMO.email, password: DEMO.password }, { ip: '10.9.9.9' });
    expect(res.statusCode).toBe(202);
  }, 90_000);

  it('reads the client address from X-Forwarded-For behind a trusted proxy (TRUST_PROXY)', async () => {
    const proxied = await createTestContext(kind, { TRUST_PROXY: '10.9.9.9' });
    try {
      for (let i = 0; i < 30; i++) await failForwarded(proxied, i, '203.0.113.9');
      const limited = await proxied.app.inject({
        method: 'POST',
        url: '/api/v1/login',
        remoteAddress: '10.9.9.9',
        headers: { 'x-forwarded-for': '203.0.113.9' },
        payload: { flow: 'password', username: DEMO.email, password: DEMO.password },
      });
      expect(limited.statusCode).toBe(202);
      const other = await proxied.app.inject({
        method: 'POST',
        url: '/api/v1/login',
        remoteAddress: '10.9.9.9',
        headers: { 'x-forwarded-for': '203.0.113.10' },
        payload: { flow: 'password', username: DEMO.email, password: DEMO.password },
      });
      expect(other.statusCode).toBe(200);
    } finally {
      await proxied.close();
    }
  }, 90_000);
});

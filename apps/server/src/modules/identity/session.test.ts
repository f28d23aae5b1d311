import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userInfoSchema } from '@pantalla/contracts';
import { databaseKinds } from '../../../test/databases';
import { createTestContext, type TestContext } from '../../../test/context';
import { BASICO, bearer, DEMO, login, refresh, refreshCookieOf, refreshSetCookieLine, signIn } from './test-support';
import { INVALID_CREDENTIALS, REFRESH_GRACE_MS } from './session.service';

const kinds = await databaseKinds();
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

describe.each(kinds)('sign-in and refresh tokens on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
  });
  afterAll(async () => ctx?.close());

  it('answers the user info and a persistent, locked-down refresh cookie with remember-me', async () => {
    const now = ctx.clock.now();
    const res = await login(ctx, { username: DEMO.email, password: DEMO.password, rememberMe: true });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const info = userInfoSchema.parse(res.json());
    expect(info).toMatchObject({
      email: DEMO.email,
      username: DEMO.email,
      regionId: 1,
      rememberMe: true,
      hasPin: true,
      channelOrder: [],
    });
    expect(info.skin.logos.map((l) => l.type).sort()).toEqual([3001, 3002]);
    expect(info.profiles[0]).toMatchObject({ name: 'Default', isAdult: true });
    const nowSeconds = Math.floor(now / 1000);
    expect(info.idTokenExpiration).toBe(nowSeconds + 2 * 3600);
    expect(info.idTokenExpirationIso).toBe(new Date(info.idTokenExpiration * 1000).toISOString());
    expect(info.refreshTokenExpiration).toBe(Math.floor((now + 60 * DAY) / 1000));
    expect(info.refreshTokenExpirationIso).toBe(new Date(info.refreshTokenExpiration * 1000).toISOString());
    // Nothing secret in the body: no refresh token, no hashes, no PIN.
    expect(res.body).not.toMatch(/refreshToken"|scrypt|pin"/);

    const cookie = refreshCookieOf(res);
    expect(cookie?.value).toMatch(/^[\w-]{43}$/);
    expect(res.body).not.toContain(cookie?.value);
    const line = refreshSetCookieLine(res);
    expect(line).toContain('Max-Age=5184000');
    expect(line).toContain('Path=/api/v1');
    expect(line).toContain('HttpOnly');
    expect(line).toContain('Secure');
    expect(line).toContain('SameSite=Strict');
    expect(line).not.toContain('Expires=');
  });

  it('defaults to remember-me when the field is absent', async () => {
    const res = await login(ctx, { username: BASICO.email, password: BASICO.password });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ rememberMe: true, hasPin: false });
    expect(refreshSetCookieLine(res)).toContain('Max-Age=5184000');
  });

  it('sets a session cookie (no Max-Age, no Expires) without remember-me', async () => {
    const now = ctx.clock.now();
    const res = await login(ctx, { username: DEMO.email, password: DEMO.password, rememberMe: false });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      rememberMe: false,
      refreshTokenExpiration: Math.floor((now + 12 * HOUR) / 1000),
    });
    const line = refreshSetCookieLine(res);
    expect(line).toMatch(/^pantalla_rt=[\w-]{43};/);
    expect(line).not.toContain('Max-Age');
    expect(line).not.toContain('Expires');
    expect(line).toContain('HttpOnly');
    expect(line).toContain('Secure');
    expect(line).toContain('SameSite=Strict');
    expect(line).toContain('Path=/api/v1');
  });

  it('accepts the email in any case and with spaces around it', async () => {
    const res = await login(ctx, { username: '  Demo@Pantalla.TEST ', password: DEMO.password });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: DEMO.email });
  });

  it('refuses a wrong password and an unknown user alike: 400, same message', async () => {
    const wrong = await login(ctx, { username: DEMO.email, password: 'not-the-password' }, { ip: '10.0.0.1' });
    const unknown = await login(ctx, { username: 'nadie@pantalla.test', password: 'whatever1' }, { ip: '10.0.0.2' });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ statusCode: 400, code: 'bad_request', message: INVALID_CREDENTIALS });
      expect(refreshCookieOf(res)).toBeUndefined();
    }
    expect(wrong.body).toBe(unknown.body);
  });

  it('costs about the same time for an unknown user as for a wrong password', async () => {
    const time = async (username: string) => {
      const start = performance.now();
      await login(ctx, { username, password: 'not-the-password' }, { ip: '10.0.0.3' });
      return performance.now() - start;
    };
    await time('warm-up@pantalla.test');
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 3; i++) {
      known.push(await time(BASICO.email));
      unknown.push(await time(`nadie${i}@pantalla.test`));
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[1] ?? 0;
    // Both run one scrypt; without the dummy hash the unknown case would be ~10x faster.
    expect(median(unknown)).toBeGreaterThan(median(known) * 0.4);
    await ctx.sql.deleteFrom('loginAttempts').execute();
  });

  it('the idToken opens authenticated routes; a forged or missing one does not', async () => {
    const { idToken } = await signIn(ctx);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/account', headers: bearer(idToken) })).statusCode).toBe(
      200,
    );
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/account' })).statusCode).toBe(401);
    const forged = `${idToken.slice(0, -4)}AAAA`;
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/account', headers: bearer(forged) })).statusCode).toBe(
      401,
    );
  });

  it('the idToken expires after 2 hours', async () => {
    const { idToken } = await signIn(ctx);
    ctx.clock.advance(2 * HOUR - 1000);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/account', headers: bearer(idToken) })).statusCode).toBe(
      200,
    );
    ctx.clock.advance(1000);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/account', headers: bearer(idToken) })).statusCode).toBe(
      401,
    );
  });

  it('rotates the refresh token: a new cookie, keeping persistence, and fresh tokens', async () => {
    const first = await signIn(ctx);
    ctx.clock.advance(1000);
    const res = await refresh(ctx, first.cookie);
    expect(res.statusCode).toBe(200);
    const info = userInfoSchema.parse(res.json());
    expect(info).toMatchObject({ email: DEMO.email, rememberMe: true });
    expect(info.idToken).not.toBe(first.idToken);
    const next = refreshCookieOf(res)?.value;
    expect(next).toMatch(/^[\w-]{43}$/);
    expect(next).not.toBe(first.cookie);
    expect(refreshSetCookieLine(res)).toContain('Max-Age=5184000');
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/v1/account', headers: bearer(info.idToken) })).statusCode,
    ).toBe(200);
    // The rotated chain keeps working.
    const again = await refresh(ctx, next);
    expect(again.statusCode).toBe(200);
  });

  it('keeps a session-only family session-only across rotation', async () => {
    const res = await login(ctx, { username: DEMO.email, password: DEMO.password, rememberMe: false });
    const rotated = await refresh(ctx, refreshCookieOf(res)?.value);
    expect(rotated.statusCode).toBe(200);
    expect(rotated.json()).toMatchObject({ rememberMe: false });
    expect(refreshSetCookieLine(rotated)).not.toContain('Max-Age');
  });

  it('reuse of a rotated token revokes the whole family, the newest token too', async () => {
    const { cookie: old } = await signIn(ctx);
    const rotated = await refresh(ctx, old);
    const newest = refreshCookieOf(rotated)?.value;
    expect(rotated.statusCode).toBe(200);

    // Past the grace window two tabs racing would have, a replay is a replay.
    ctx.clock.advance(REFRESH_GRACE_MS + 1);
    const replay = await refresh(ctx, old);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({ code: 'unauthorized', data: { reason: 'reused' } });
    // The dead cookie is cleared.
    expect(refreshSetCookieLine(replay)).toMatch(/^pantalla_rt=;/);

    const afterReplay = await refresh(ctx, newest);
    expect(afterReplay.statusCode).toBe(401);
  });

  it('two refreshes racing with one token get the same new token, and the family gains no member', async () => {
    const { cookie } = await signIn(ctx);
    const members = async () => {
      const { userId } = await ctx.sql
        .selectFrom('users')
        .select('id as userId')
        .where('email', '=', DEMO.email)
        .executeTakeFirstOrThrow();
      return (await ctx.sql.selectFrom('refreshTokens').select('tokenHash').where('userId', '=', userId).execute())
        .length;
    };
    const before = await members();
    const [a, b] = await Promise.all([refresh(ctx, cookie), refresh(ctx, cookie)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const next = refreshCookieOf(a)?.value;
    expect(next).toMatch(/^[\w-]{43}$/);
    expect(refreshCookieOf(b)?.value).toBe(next);
    // A third tab a few seconds later, still within the grace: the same token again.
    ctx.clock.advance(REFRESH_GRACE_MS - 1000);
    const late = await refresh(ctx, cookie);
    expect(late.statusCode).toBe(200);
    expect(refreshCookieOf(late)?.value).toBe(next);
    expect(await members()).toBe(before + 1);
    // The shared new token rotates as usual; the old one, past the grace, ends the family.
    const onward = await refresh(ctx, next);
    expect(onward.statusCode).toBe(200);
    ctx.clock.advance(REFRESH_GRACE_MS + 1);
    expect((await refresh(ctx, cookie)).statusCode).toBe(401);
    expect((await refresh(ctx, refreshCookieOf(onward)?.value)).statusCode).toBe(401);
  });

  it('within the grace a token traded in twice since leads to the family’s newest, not a new one', async () => {
    const { cookie } = await signIn(ctx);
    const second = refreshCookieOf(await refresh(ctx, cookie))?.value;
    const third = refreshCookieOf(await refresh(ctx, second))?.value;
    expect(third).not.toBe(second);
    const late = await refresh(ctx, cookie);
    expect(late.statusCode).toBe(200);
    expect(refreshCookieOf(late)?.value).toBe(third);
  });

  it('other families of the same user survive a reuse elsewhere', async () => {
    const a = await signIn(ctx);
    const b = await signIn(ctx);
    await refresh(ctx, a.cookie);
    ctx.clock.advance(REFRESH_GRACE_MS + 1);
    expect((await refresh(ctx, a.cookie)).statusCode).toBe(401);
    expect((await refresh(ctx, b.cookie)).statusCode).toBe(200);
  });

  it('refuses a missing or unknown refresh cookie with 401', async () => {
    expect((await refresh(ctx)).statusCode).toBe(401);
    expect((await refresh(ctx, 'x'.repeat(43))).statusCode).toBe(401);
  });

  it('expires a remember-me token after 60 days and a session token after 12 hours', async () => {
    const persistent = await signIn(ctx);
    const session = refreshCookieOf(
      await login(ctx, { username: DEMO.email, password: DEMO.password, rememberMe: false }),
    )?.value;
    ctx.clock.advance(12 * HOUR);
    const sessionRes = await refresh(ctx, session);
    expect(sessionRes.statusCode).toBe(401);
    expect(sessionRes.json()).toMatchObject({ data: { reason: 'expired' } });
    ctx.clock.advance(60 * DAY - 12 * HOUR - 1000);
    const stillAlive = await refresh(ctx, persistent.cookie);
    expect(stillAlive.statusCode).toBe(200);
    // Each rotation restarts the 60 days; unused, the new token dies 60 days later.
    ctx.clock.advance(60 * DAY);
    expect((await refresh(ctx, refreshCookieOf(stillAlive)?.value)).statusCode).toBe(401);
  });

  it('logout revokes the family and clears the cookie; the idToken of a later sign-in is unaffected', async () => {
    const { cookie } = await signIn(ctx);
    const res = await ctx.app.inject({ method: 'POST', url: '/api/v1/logout', cookies: { pantalla_rt: cookie } });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    const line = refreshSetCookieLine(res);
    expect(line).toMatch(/^pantalla_rt=;/);
    expect(line).toContain('Path=/api/v1');
    expect((await refresh(ctx, cookie)).statusCode).toBe(401);
  });

  it('logout answers 204 without a cookie, with a bogus one, and with any body', async () => {
    const cases = [
      { method: 'POST' as const, url: '/api/v1/logout' },
      { method: 'POST' as const, url: '/api/v1/logout', cookies: { pantalla_rt: 'bogus' } },
      { method: 'POST' as const, url: '/api/v1/logout', headers: { 'content-type': 'application/json' }, payload: '' },
      {
        method: 'POST' as const,
        url: '/api/v1/logout',
        headers: { 'content-type': 'application/json' },
        payload: '{not json',
      },
      { method: 'POST' as const, url: '/api/v1/logout', payload: {} },
    ];
    for (const request of cases) expect((await ctx.app.inject(request)).statusCode).toBe(204);
  });

  it('a new sign-in with an old cookie replaces that session', async () => {
    const first = await signIn(ctx);
    const second = await login(ctx, { username: DEMO.email, password: DEMO.password }, { cookie: first.cookie });
    expect(second.statusCode).toBe(200);
    expect((await refresh(ctx, first.cookie)).statusCode).toBe(401);
    expect((await refresh(ctx, refreshCookieOf(second)?.value)).statusCode).toBe(200);
  });

  it('stores refresh tokens only as sha256 hashes', async () => {
    const { cookie } = await signIn(ctx);
    const rows = await ctx.sql.selectFrom('refreshTokens').select('tokenHash').execute();
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.tokenHash))).toBe(true);
    expect(rows.some((r) => r.tokenHash === cookie)).toBe(false);
  });
});

import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mailListSchema } from '@pantalla/contracts';
import { INFLATED_TOO_LARGE, TOO_DEEP } from '../../src/platform/body';
import {
  BASICO,
  bearer,
  DEMO,
  login,
  OUTBOX_REFUSED,
  refresh,
  REFRESH_GRACE_MS,
  refreshCookieOf,
  signIn,
} from '../../src/modules/identity/testing';
import { databaseKinds } from '../databases';
import { ADMIN, createSecurityContext, OUTSIDE, type SecurityContext } from './context';
import { builders } from '../builders';

const kinds = await databaseKinds();

/** A body of `size` bytes made on demand, counting how much of it the server pulled. */
function countingBody(size: number): { stream: Readable; read(): number } {
  let sent = 0;
  const chunk = Buffer.alloc(64 * 1024, 0x20);
  const stream = new Readable({
    read() {
      if (sent >= size) return void this.push(null);
      sent += chunk.length;
      this.push(chunk);
    },
  });
  return { stream, read: () => sent };
}

describe.each(kinds)('the holes an outside probe found stay closed on %s', (kind) => {
  let s: SecurityContext;
  beforeAll(async () => {
    s = await createSecurityContext(kind);
  });
  afterAll(async () => s?.ctx.close());
  beforeEach(async () => {
    await builders(s.ctx).forgetLoginAttempts();
  });
  const ctx = () => s.ctx;

  it('1. the development outbox: only this machine, or the mail’s own recipient, reads a mail', async () => {
    await ctx().app.inject({
      method: 'POST',
      url: '/api/v1/tb-user/passwordRecovery',
      payload: { email: ADMIN.email },
      remoteAddress: OUTSIDE,
    });
    // An outsider, even one claiming to be this machine through X-Forwarded-For, reads nothing.
    for (const headers of [{}, { 'x-forwarded-for': '127.0.0.1' }]) {
      const res = await ctx().app.inject({
        method: 'GET',
        url: `/dev/mail.json?to=${ADMIN.email}`,
        remoteAddress: OUTSIDE,
        headers,
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ message: OUTBOX_REFUSED });
      expect(res.body).not.toContain('resetpassword');
    }
    expect((await ctx().app.inject({ method: 'GET', url: '/dev/mail', remoteAddress: OUTSIDE })).statusCode).toBe(403);
    // Through a proxy on this very machine, still not local.
    expect(
      (
        await ctx().app.inject({
          method: 'GET',
          url: '/dev/mail.json',
          remoteAddress: '127.0.0.1',
          headers: { 'x-forwarded-for': OUTSIDE },
        })
      ).statusCode,
    ).toBe(403);
    // A signed-in subscriber asking for the admin's mail gets only their own (none).
    const other = await s.call('basico', { method: 'GET', url: `/dev/mail.json?to=${ADMIN.email}` });
    expect(other.statusCode).toBe(200);
    expect(mailListSchema.parse(other.json())).toEqual([]);
    // The recipient reads their own mail; so does this machine.
    const own = mailListSchema.parse((await s.call('admin', { method: 'GET', url: '/dev/mail.json' })).json());
    expect(own.length).toBeGreaterThan(0);
    expect(own.every((m) => m.to === ADMIN.email)).toBe(true);
    const local = mailListSchema.parse(
      (
        await ctx().app.inject({ method: 'GET', url: `/dev/mail.json?to=${ADMIN.email}`, remoteAddress: '127.0.0.1' })
      ).json(),
    );
    expect(local.length).toBe(own.length);
  });

  it('3. authentication before the body: a 64 MB upload without a token is refused having read almost none of it', async () => {
    for (const url of [
      '/api/v1/admin/ingest/xmltv',
      '/api/v1/sessions',
      '/api/v1/profiles',
      '/api/v1/parental/verify',
    ]) {
      const body = countingBody(64 * 1024 * 1024);
      const res = await ctx().app.inject({
        method: 'POST',
        url,
        remoteAddress: OUTSIDE,
        headers: { 'content-type': 'application/json', 'content-length': String(64 * 1024 * 1024) },
        payload: body.stream,
      });
      expect(res.statusCode, url).toBe(401);
      expect(body.read(), url).toBeLessThan(1024 * 1024);
    }
  });

  it('3. every route has a body limit that fits it: sign-in takes 16 KB, not 1 MB', async () => {
    const big = { flow: 'password', username: DEMO.email, password: 'x'.repeat(100 * 1024) };
    const res = await ctx().app.inject({ method: 'POST', url: '/api/v1/login', payload: big, remoteAddress: OUTSIDE });
    expect(res.statusCode).toBe(413);
    const routes = ctx().app.routeTable.entries();
    expect(routes.every((r) => r.bodyLimit !== undefined && r.bodyLimit <= 64 * 1024 * 1024)).toBe(true);
    expect(routes.filter((r) => r.url === '/api/v1/login').map((r) => r.bodyLimit)).toEqual([16 * 1024]);
  });

  it('4. deeply nested JSON is refused before parsing, without a credential', async () => {
    const deep = `${'['.repeat(7000)}${']'.repeat(7000)}`;
    const res = await ctx().app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: deep,
      headers: { 'content-type': 'application/json' },
      remoteAddress: OUTSIDE,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: TOO_DEEP });
  });

  it('4. a gzip bomb is cut at the route’s limit while inflating; an honest gzip body works', async () => {
    // Under the route's 16 KB as sent, 12 MB once inflated.
    const bomb = gzipSync(Buffer.alloc(12 * 1024 * 1024, 0x20), { level: 9 });
    expect(bomb.length).toBeLessThan(16 * 1024);
    const res = await ctx().app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: bomb,
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      remoteAddress: OUTSIDE,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ message: INFLATED_TOO_LARGE });
    const honest = gzipSync(JSON.stringify({ flow: 'password', username: BASICO.email, password: BASICO.password }));
    const ok = await ctx().app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: honest,
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      remoteAddress: OUTSIDE,
    });
    expect(ok.statusCode).toBe(200);
  });

  it('6. signing out ends the idToken of that sign-in at once; another device stays signed in', async () => {
    const here = await signIn(ctx());
    const elsewhere = await signIn(ctx());
    expect(
      (await ctx().app.inject({ method: 'GET', url: '/api/v1/account', headers: bearer(here.idToken) })).statusCode,
    ).toBe(200);
    await ctx().app.inject({ method: 'POST', url: '/api/v1/logout', cookies: { pantalla_rt: here.cookie } });
    const after = await ctx().app.inject({ method: 'GET', url: '/api/v1/account', headers: bearer(here.idToken) });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ data: { reason: 'revoked' } });
    expect(
      (await ctx().app.inject({ method: 'GET', url: '/api/v1/account', headers: bearer(elsewhere.idToken) }))
        .statusCode,
    ).toBe(200);
  });

  it('6. a reused refresh token ends every idToken of its family', async () => {
    const first = await signIn(ctx());
    const rotated = await refresh(ctx(), first.cookie);
    const newest = rotated.json<{ idToken: string }>().idToken;
    ctx().clock.advance(REFRESH_GRACE_MS + 1);
    expect((await refresh(ctx(), first.cookie)).statusCode).toBe(401);
    for (const token of [first.idToken, newest]) {
      expect(
        (await ctx().app.inject({ method: 'GET', url: '/api/v1/account', headers: bearer(token) })).statusCode,
      ).toBe(401);
    }
  });

  it('7. twenty tabs refreshing one cookie at once stay signed in; a replay after the grace window ends the family', async () => {
    const { cookie } = await signIn(ctx());
    const answers = await Promise.all(Array.from({ length: 20 }, () => refresh(ctx(), cookie)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    const cookies = answers.map((a) => refreshCookieOf(a)?.value ?? '');
    // Whichever cookie the browser kept, the next refresh works.
    const kept = cookies[cookies.length - 1] ?? '';
    const next = await refresh(ctx(), kept);
    expect(next.statusCode).toBe(200);
    const idToken = next.json<{ idToken: string }>().idToken;
    ctx().clock.advance(REFRESH_GRACE_MS + 1);
    const replay = await refresh(ctx(), cookie);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({ data: { reason: 'reused' } });
    expect((await refresh(ctx(), refreshCookieOf(next)?.value)).statusCode).toBe(401);
    expect(
      (await ctx().app.inject({ method: 'GET', url: '/api/v1/account', headers: bearer(idToken) })).statusCode,
    ).toBe(401);
  });

  it('8. a guesser cannot lock the owner out: the owner’s remembered device signs in, the guesser waits longer each time', async () => {
    const owner = await login(ctx(), { username: DEMO.email, password: DEMO.password }, { ip: '192.0.2.10' });
    const device = Object.fromEntries(
      owner.cookies.filter((c) => c.name.startsWith('pantalla_kd_')).map((c) => [c.name, c.value]),
    );
    await builders(ctx()).forgetLoginAttempts();
    // Five guesses, then the account is under attack: the sixth learns nothing, the seventh waits.
    for (let i = 0; i < 5; i++)
      expect(
        (await login(ctx(), { username: DEMO.email, password: 'adivina' }, { ip: `198.51.100.${60 + i}` })).statusCode,
      ).toBe(400);
    expect(
      (await login(ctx(), { username: DEMO.email, password: 'adivina' }, { ip: '198.51.100.66' })).statusCode,
    ).toBe(202);
    expect(
      (await login(ctx(), { username: DEMO.email, password: 'adivina' }, { ip: '198.51.100.67' })).statusCode,
    ).toBe(429);
    expect(
      (await login(ctx(), { username: DEMO.email, password: DEMO.password }, { ip: '198.51.100.66' })).statusCode,
    ).toBe(429);
    const back = await ctx().app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { flow: 'password', username: DEMO.email, password: DEMO.password },
      remoteAddress: '192.0.2.10',
      cookies: device,
    });
    expect(back.statusCode).toBe(200);
  });
});

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { databaseKinds } from '../../../test/databases';
import { createTestContext, type TestContext } from '../../../test/context';
import { BASICO, DEMO, login } from './test-support';

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
  });

  const fail = (username: string, ip: string) => login(ctx, { username, password: 'wrong-password' }, { ip });

  it('locks an account from an address after 5 failures there in 15 minutes, with Retry-After', async () => {
    for (let i = 0; i < 5; i++) expect((await fail(DEMO.email, '10.1.0.1')).statusCode).toBe(400);
    ctx.clock.advance(MINUTE);
    const locked = await login(ctx, { username: DEMO.email, password: DEMO.password }, { ip: '10.1.0.1' });
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ statusCode: 429, code: 'rate_limited', data: { retryAfterSeconds: 14 * 60 } });
    expect(locked.json<{ message: string }>().message).toBe(
      'Demasiados intentos fallidos de inicio de sesión. Vuelve a intentarlo dentro de 14 minutos.',
    );
    expect(locked.headers['retry-after']).toBe(String(14 * 60));
    // Other accounts are not affected; the owner, from another address, still signs in.
    expect((await login(ctx, { username: BASICO.email, password: BASICO.password }, { ip: '10.1.0.1' })).statusCode).toBe(200);
    expect((await login(ctx, { username: DEMO.email, password: DEMO.password }, { ip: '10.1.1.1' })).statusCode).toBe(200);
  });

  it('locks unknown accounts the same way, so the limit reveals nothing', async () => {
    for (let i = 0; i < 5; i++) expect((await fail('nadie@pantalla.test', '10.2.0.1')).statusCode).toBe(400);
    expect((await fail('nadie@pantalla.test', '10.2.0.1')).statusCode).toBe(429);
  });

  it('opens again once the 15-minute window has passed', async () => {
    for (let i = 0; i < 5; i++) await fail(DEMO.email, '10.3.0.1');
    ctx.clock.advance(15 * MINUTE - 1000);
    expect((await login(ctx, { username: DEMO.email, password: DEMO.password }, { ip: '10.3.0.1' })).statusCode).toBe(429);
    ctx.clock.advance(1000);
    expect((await login(ctx, { username: DEMO.email, password: DEMO.password }, { ip: '10.3.0.1' })).statusCode).toBe(200);
  });

  it('a success clears the account counter', async () => {
    for (let i = 0; i < 4; i++) await fail(DEMO.email, '10.4.0.1');
    expect((await login(ctx, { username: DEMO.email, password: DEMO.password }, { ip: '10.4.0.1' })).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) expect((await fail(DEMO.email, '10.4.0.1')).statusCode).toBe(400);
    expect((await login(ctx, { username: DEMO.email, password: DEMO.password }, { ip: '10.4.0.1' })).statusCode).toBe(200);
  });

  it('limits one address to 30 failures in 15 minutes across accounts', async () => {
    const ip = '10.5.0.1';
    for (let i = 0; i < 30; i++) expect((await fail(`user${i}@pantalla.test`, ip)).statusCode).toBe(400);
    const blocked = await login(ctx, { username: DEMO.email, password: DEMO.password }, { ip });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBe(String(15 * 60));
    // Another address still signs in.
    expect((await login(ctx, { username: DEMO.email, password: DEMO.password }, { ip: '10.5.0.2' })).statusCode).toBe(200);
    ctx.clock.advance(15 * MINUTE);
    expect((await login(ctx, { username: DEMO.email, password: DEMO.password }, { ip })).statusCode).toBe(200);
  });

  it('lets no more than 5 of a burst of parallel guesses through', async () => {
    const results = await Promise.all(Array.from({ length: 20 }, () => fail(DEMO.email, '10.6.0.1')));
    const statuses = results.map((r) => r.statusCode);
    const failures = statuses.filter((s) => s === 400).length;
    expect(failures).toBeLessThanOrEqual(5);
    expect(statuses.every((s) => s === 400 || s === 429)).toBe(true);
    // Guesses refused in the burst do not count; the ones tried do.
    const next = await login(ctx, { username: DEMO.email, password: DEMO.password }, { ip: '10.6.0.1' });
    expect(next.statusCode).toBe(failures === 5 ? 429 : 200);
  });

  it('knocking while locked does not extend the lock', async () => {
    for (let i = 0; i < 5; i++) await fail(DEMO.email, '10.7.0.1');
    for (let m = 0; m < 14; m++) {
      ctx.clock.advance(MINUTE);
      expect((await fail(DEMO.email, '10.7.0.1')).statusCode).toBe(429);
    }
    ctx.clock.advance(MINUTE);
    expect((await login(ctx, { username: DEMO.email, password: DEMO.password }, { ip: '10.7.0.1' })).statusCode).toBe(200);
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
    // Each attempt claims a new address; the limit still counts the real peer.
    for (let i = 0; i < 30; i++) await failForwarded(ctx, i, `198.51.100.${i}`);
    const res = await login(ctx, { username: DEMO.email, password: DEMO.password }, { ip: '10.9.9.9' });
    expect(res.statusCode).toBe(429);
  });

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
      expect(limited.statusCode).toBe(429);
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
  });
});

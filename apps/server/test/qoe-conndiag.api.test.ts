import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connDiagRunsSchema, type ConnDiagReport } from '@pantalla/contracts';
import { SPEED_RUNS_PER_HOUR } from '../src/modules/qoe/testing';
import { bearerFor, BASICO, DEMO } from './auth';
import { createTestContext, type TestContext } from './context';
import { databaseKinds } from './databases';
import { makeOperator } from './operator-routes';

const kinds = await databaseKinds();
const SEND = '/api/v1/qoe/conndiag';
const report = (mbps: number[]): ConnDiagReport => ({
  browser: 'Chrome',
  os: 'Android',
  screen: 'phone',
  results: mbps.map((m, i) => ({
    server: i === 0 ? 'Pantalla' : 'Pruebas',
    host: i === 0 ? 'media.pantalla.test' : `cdn${i}.pantalla.test:8443`,
    mbps: m,
  })),
});

describe.each(kinds)('/conndiag/ speed results on %s', (kind) => {
  let ctx: TestContext;
  let viewer: Record<string, string>;
  let other: Record<string, string>;
  let support: Record<string, string>;
  let content: Record<string, string>;
  let viewerId: number;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
    viewer = await bearerFor(ctx, BASICO);
    other = await bearerFor(ctx, DEMO);
    support = await makeOperator(ctx, 'support-speed@pantalla.test', 'support-speed-1234', 'support');
    content = await makeOperator(ctx, 'content-speed@pantalla.test', 'content-speed-1234', 'content');
    viewerId = (await ctx.sql.selectFrom('users').select('id').where('email', '=', BASICO).executeTakeFirstOrThrow())
      .id;
  });
  afterAll(async () => ctx?.close());

  const send = (payload: unknown, headers: Record<string, string> | null = viewer) =>
    ctx.app.inject({
      method: 'POST',
      url: SEND,
      headers: { ...(headers ?? {}), 'content-type': 'application/json' },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });
  const read = (userId: number | string, headers = support, limit = '') =>
    ctx.app.inject({ method: 'GET', url: `/api/v1/operator/qoe/speed-tests?userId=${userId}${limit}`, headers });

  it("keeps a signed-in subscriber's runs and shows support the latest first", async () => {
    expect((await send(report([42.5, 0]), null)).statusCode).toBe(401);
    expect((await send(report([12.345, 3.1]))).statusCode).toBe(202);
    ctx.clock.advance(60_000);
    expect((await send(report([80, 0]))).statusCode).toBe(202);
    expect((await send(report([5]), other)).statusCode).toBe(202);
    const res = await read(viewerId);
    expect(res.statusCode).toBe(200);
    const runs = connDiagRunsSchema.parse(res.json()).items;
    expect(runs.map((r) => r.results.map((x) => x.mbps))).toEqual([
      [80, 0],
      [12.35, 3.1],
    ]);
    expect(runs[0]).toMatchObject({
      browser: 'Chrome',
      os: 'Android',
      screen: 'phone',
      results: [{ server: 'Pantalla', host: 'media.pantalla.test' }, { host: 'cdn1.pantalla.test:8443' }],
    });
    expect(runs[0]!.at - runs[1]!.at).toBe(60_000);
    expect(connDiagRunsSchema.parse((await read(viewerId, support, '&limit=1')).json()).items).toHaveLength(1);
  });

  it('refuses malformed runs with 400 and oversized ones with 413', async () => {
    const malformed: unknown[] = [
      '{"results":',
      {},
      report([]),
      report([1, 2, 3, 4, 5, 6, 7, 8, 9]),
      report([-1]),
      { ...report([1]), extra: true },
      { ...report([1]), screen: 'watch' },
      { ...report([1]), results: [{ server: 'Pantalla', host: 'http://evil/path', mbps: 1 }] },
      { ...report([1]), results: [{ server: 'Pantalla', host: 'a.test', mbps: 1, ip: '1.2.3.4' }] },
      { ...report([1]), browser: 'Chrome\u0000' },
    ];
    for (const payload of malformed) expect((await send(payload)).statusCode, JSON.stringify(payload)).toBe(400);
    expect((await send({ ...report([1]), os: 'x'.repeat(5000) })).statusCode).toBe(413);
  });

  it('support and admins read it; content operators and subscribers do not; a bad id is a 400', async () => {
    expect((await read(viewerId, content)).statusCode).toBe(403);
    expect((await read(viewerId, viewer)).statusCode).toBe(403);
    expect((await read('abc')).statusCode).toBe(400);
    expect((await read(viewerId, support, '&limit=500')).statusCode).toBe(400);
  });

  it('rate-limits each account and forgets runs older than QOE_RAW_DAYS', async () => {
    // `other` sent one run already: the hour's allowance ends within this loop.
    let last = 0;
    for (let i = 0; i < SPEED_RUNS_PER_HOUR; i += 1) last = (await send(report([9]), other)).statusCode;
    expect(last).toBe(429);
    ctx.clock.advance((ctx.platform.config.qoeRawDays + 1) * 24 * 60 * 60_000);
    await ctx.modules.qoe.runScheduled();
    // The operator's session has long expired by now: the table itself is read.
    expect(await ctx.sql.selectFrom('qoeSpeedTests').select('id').execute()).toEqual([]);
  });
});

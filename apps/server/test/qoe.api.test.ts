import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  qoeAlertsSchema,
  qoeBreakdownSchema,
  qoeOverviewSchema,
  type QoeBeacon,
  type QoeView,
} from '@pantalla/contracts';
import { addView, emptySums, figuresOf } from '../src/modules/qoe/testing';
import { bearerFor, BASICO, DEMO } from './auth';
import { createTestContext, type TestContext } from './context';
import { databaseKinds } from './databases';
import { makeOperator } from './operator-routes';

const kinds = await databaseKinds();
const BEACONS = '/api/v1/qoe/beacons';

let seq = 0;
function view(at: number, fields: Partial<QoeView> = {}): QoeView {
  seq += 1;
  return {
    viewId: `qoe-test-view-${seq}-${Math.floor(at / 1000)}`,
    itemType: 'LIVE',
    itemId: 1,
    startedAt: at,
    startupMs: 900,
    zap: false,
    ended: true,
    exitBeforeStart: false,
    rebufferCount: 0,
    rebufferMs: 0,
    watchMs: 60_000,
    playingMs: 59_000,
    errorCode: null,
    licenceCode: null,
    avgBitrate: 2_000_000,
    renditionSwitches: 1,
    droppedFrames: 0,
    ...fields,
  };
}
/** The figures of raw view rows, computed straight. */
function straightOf(
  rows: readonly {
    startupMs: number | null;
    errorCode: number | null;
    exitBeforeStart: number;
    rebufferMs: number;
    watchMs: number;
    userId: number;
  }[],
) {
  return figuresOf(
    rows
      .map((r) => ({
        startupMs: r.startupMs,
        errorCode: r.errorCode,
        exitBeforeStart: r.exitBeforeStart === 1,
        rebufferMs: Number(r.rebufferMs),
        watchMs: Number(r.watchMs),
      }))
      .reduce(addView, emptySums()),
    new Set(rows.map((r) => r.userId)).size,
  );
}
const beacon = (views: QoeView[], browser = 'Chrome'): QoeBeacon => ({
  playerVersion: 'shaka 5.2.12',
  browser,
  os: 'Linux',
  screen: 'desktop',
  views,
});

describe.each(kinds)('quality of experience on %s', (kind) => {
  let ctx: TestContext;
  let viewer: Record<string, string>;
  let other: Record<string, string>;
  let admin: Record<string, string>;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
    viewer = await bearerFor(ctx, BASICO);
    other = await bearerFor(ctx, DEMO);
    admin = await makeOperator(ctx, 'admin-qoe@pantalla.test', 'admin-qoe-1234', 'admin');
  });
  afterAll(async () => ctx?.close());

  const post = (payload: unknown, headers = viewer) =>
    ctx.app.inject({
      method: 'POST',
      url: BEACONS,
      headers: { ...headers, 'content-type': 'application/json' },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });

  it('accepts a beacon from a signed-in viewer only', async () => {
    expect((await post(beacon([view(ctx.clock.now())]))).statusCode).toBe(202);
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: BEACONS,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(beacon([view(ctx.clock.now())])),
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses malformed beacons with 400 and oversized ones with 413', async () => {
    const at = ctx.clock.now();
    const malformed: unknown[] = [
      '{"views":',
      {},
      beacon([]),
      { ...beacon([view(at)]), extra: 1 },
      beacon([{ ...view(at), startupMs: -5 }]),
      beacon([{ ...view(at), viewId: 'x' }]),
      beacon([{ ...view(at), itemType: 'RADIO' } as unknown as QoeView]),
      { ...beacon([view(at)]), screen: 'watch' },
      { ...beacon([view(at)]), browser: 'Chrome\u0000' },
      beacon(Array.from({ length: 9 }, () => view(at))),
    ];
    for (const payload of malformed) expect((await post(payload)).statusCode, JSON.stringify(payload)).toBe(400);
    const big = { ...beacon([view(at)]), os: 'x'.repeat(5000) };
    expect((await post(big)).statusCode).toBe(413);
  });

  it('limits beacons per account per minute', async () => {
    ctx.clock.advance(61_000);
    const codes: number[] = [];
    for (let i = 0; i < 21; i += 1) codes.push((await post(beacon([view(ctx.clock.now())]), other)).statusCode);
    expect(codes.slice(0, 20).every((c) => c === 202)).toBe(true);
    expect(codes[20]).toBe(429);
  });

  it('aggregates equal a straight computation over the raw views', async () => {
    ctx.clock.advance(61_000);
    const now = ctx.clock.now();
    const crafted = [
      view(now - 50 * 60_000, { itemId: 2, startupMs: 400 }),
      view(now - 40 * 60_000, { itemId: 2, startupMs: 2600, rebufferCount: 2, rebufferMs: 3000 }),
      view(now - 30 * 60_000, { itemId: 3, startupMs: null, exitBeforeStart: true, watchMs: 4000, playingMs: 0 }),
      view(now - 20 * 60_000, {
        itemId: 3,
        startupMs: null,
        errorCode: 6007,
        licenceCode: 403,
        watchMs: 2000,
        playingMs: 0,
      }),
      view(now - 10 * 60_000, { itemType: 'VOD', itemId: 9, startupMs: 7000 }),
      view(now - 2 * 60_000, { itemId: 2, startupMs: 1100, zap: true, ended: false }),
    ];
    expect((await post(beacon(crafted.slice(0, 3)))).statusCode).toBe(202);
    expect((await post(beacon(crafted.slice(3)), other)).statusCode).toBe(202);
    // A running summary arriving after the view's final one changes nothing.
    expect((await post(beacon([{ ...crafted[0]!, ended: false, watchMs: 1 }]))).statusCode).toBe(202);
    // A later summary of the same view replaces the earlier one.
    expect((await post(beacon([{ ...crafted[5]!, ended: true, watchMs: 90_000 }]), other)).statusCode).toBe(202);
    await ctx.modules.qoe.flush();
    await ctx.modules.qoe.runScheduled();

    const raw = await ctx.sql
      .selectFrom('qoeViews')
      .selectAll()
      .where('startedAt', '>=', now - 60 * 60_000)
      .execute();
    expect(raw.find((r) => r.viewId === crafted[0]!.viewId)).toMatchObject({ ended: 1, watchMs: 60_000 });
    expect(raw.find((r) => r.viewId === crafted[5]!.viewId)).toMatchObject({ ended: 1, watchMs: 90_000 });
    const straight = figuresOf(
      raw
        .map((r) => ({
          startupMs: r.startupMs,
          errorCode: r.errorCode,
          exitBeforeStart: r.exitBeforeStart === 1,
          rebufferMs: Number(r.rebufferMs),
          watchMs: Number(r.watchMs),
        }))
        .reduce(addView, emptySums()),
      new Set(raw.map((r) => r.userId)).size,
    );
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/operator/qoe/overview?range=1h', headers: admin });
    expect(res.statusCode, res.body).toBe(200);
    const overview = qoeOverviewSchema.parse(res.json());
    // Sums added per minute, then over minutes: equal to the straight sum but for float rounding.
    expect({ ...overview.totals, startupScore: null }).toEqual({ ...straight, startupScore: null });
    expect(overview.totals.startupScore).toBeCloseTo(straight.startupScore ?? 0, 12);
    expect(overview.totals.views).toBeGreaterThanOrEqual(crafted.length);
    expect(overview.points).toHaveLength(60);
    expect(overview.points.reduce((sum, p) => sum + p.views, 0)).toBe(straight.views);
    expect(overview.peakConcurrent).toBeGreaterThanOrEqual(1);

    const byChannel = qoeBreakdownSchema.parse(
      (
        await ctx.app.inject({
          method: 'GET',
          url: '/api/v1/operator/qoe/breakdown?by=channel&range=1h',
          headers: admin,
        })
      ).json(),
    );
    const channel3 = byChannel.rows.find((r) => r.key === 'LIVE:3');
    expect(channel3).toMatchObject({ views: 2, started: 0, failurePct: 50, exitsBeforeStart: 1, uniqueViewers: 2 });
    const byError = qoeBreakdownSchema.parse(
      (
        await ctx.app.inject({ method: 'GET', url: '/api/v1/operator/qoe/breakdown?by=error&range=1h', headers: admin })
      ).json(),
    );
    expect(byError.rows).toEqual([expect.objectContaining({ key: '6007', views: 1 })]);
    const byTitle = qoeBreakdownSchema.parse(
      (
        await ctx.app.inject({ method: 'GET', url: '/api/v1/operator/qoe/breakdown?by=title&range=1h', headers: admin })
      ).json(),
    );
    expect(byTitle.rows).toEqual([expect.objectContaining({ key: 'VOD:9', views: 1, startupP95Ms: 8000 })]);

    // 24 h and 7 d are whole hours read from the hourly rollups: equal to the raw views of their window too.
    for (const range of ['24h', '7d'] as const) {
      const wide = qoeOverviewSchema.parse(
        (
          await ctx.app.inject({ method: 'GET', url: `/api/v1/operator/qoe/overview?range=${range}`, headers: admin })
        ).json(),
      );
      expect(wide.from % 3_600_000).toBe(0);
      const inWindow = await ctx.sql
        .selectFrom('qoeViews')
        .selectAll()
        .where('startedAt', '>=', wide.from)
        .where('startedAt', '<', wide.to)
        .execute();
      const expected = straightOf(inWindow);
      expect({ ...wide.totals, startupScore: null }, range).toEqual({ ...expected, startupScore: null });
      expect(wide.totals.startupScore).toBeCloseTo(expected.startupScore ?? 0, 12);
      const channels = qoeBreakdownSchema.parse(
        (
          await ctx.app.inject({
            method: 'GET',
            url: `/api/v1/operator/qoe/breakdown?by=channel&range=${range}`,
            headers: admin,
          })
        ).json(),
      );
      const row = channels.rows.find((r) => r.key === 'LIVE:2');
      expect(row && { ...row, name: null, startupScore: null }, range).toEqual({
        key: 'LIVE:2',
        name: null,
        ...straightOf(inWindow.filter((r) => r.itemType === 'LIVE' && r.itemId === 2)),
        startupScore: null,
      });
    }
  });

  it('an alert fires when a channel fails, mails the operators, and clears on recovery', async () => {
    const put = await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/operator/qoe/thresholds',
      headers: admin,
      payload: { failurePct: 40, startupP95Ms: 9000, minViews: 3 },
    });
    expect(put.statusCode, put.body).toBe(200);
    const audit = await ctx.sql.selectFrom('auditLog').selectAll().where('action', '=', 'qoe.thresholds').execute();
    expect(audit).toHaveLength(1);

    ctx.clock.advance(10 * 60_000);
    const failing = Array.from({ length: 4 }, (_, i) =>
      view(ctx.clock.now() - (i + 1) * 30_000, { itemId: 11, startupMs: null, errorCode: 3016 }),
    );
    expect((await post(beacon(failing))).statusCode).toBe(202);
    await ctx.modules.qoe.flush();
    await ctx.modules.qoe.runScheduled();
    const open = qoeAlertsSchema.parse(
      (await ctx.app.inject({ method: 'GET', url: '/api/v1/operator/qoe/alerts?state=open', headers: admin })).json(),
    );
    expect(open.items).toEqual([
      expect.objectContaining({
        kind: 'failure',
        itemType: 'LIVE',
        itemId: 11,
        value: 100,
        threshold: 40,
        views: 4,
        clearedAt: null,
      }),
    ]);
    expect(open.thresholds).toEqual({ failurePct: 40, startupP95Ms: 9000, minViews: 3 });
    const mails = await ctx.sql
      .selectFrom('outbox')
      .select(['to', 'subject'])
      .where('subject', 'like', 'Alerta de calidad%')
      .execute();
    expect(mails.map((m) => m.to)).toContain('admin-qoe@pantalla.test');
    // Judged again a minute later, the same alert stays one.
    ctx.clock.advance(60_000);
    await ctx.modules.qoe.runScheduled();
    expect(
      qoeAlertsSchema.parse(
        (await ctx.app.inject({ method: 'GET', url: '/api/v1/operator/qoe/alerts?state=open', headers: admin })).json(),
      ).items,
    ).toHaveLength(1);

    ctx.clock.advance(6 * 60_000);
    const healthy = Array.from({ length: 4 }, (_, i) =>
      view(ctx.clock.now() - (i + 1) * 20_000, { itemId: 11, startupMs: 800 }),
    );
    expect((await post(beacon(healthy))).statusCode).toBe(202);
    await ctx.modules.qoe.flush();
    await ctx.modules.qoe.runScheduled();
    const after = qoeAlertsSchema.parse(
      (await ctx.app.inject({ method: 'GET', url: '/api/v1/operator/qoe/alerts', headers: admin })).json(),
    );
    expect(after.items.find((a) => a.itemId === 11)?.clearedAt).toBe(ctx.clock.now());
    expect(
      qoeAlertsSchema.parse(
        (await ctx.app.inject({ method: 'GET', url: '/api/v1/operator/qoe/alerts?state=open', headers: admin })).json(),
      ).items,
    ).toEqual([]);
  });

  it('keeps the console to operators', async () => {
    for (const url of [
      '/api/v1/operator/qoe/overview',
      '/api/v1/operator/qoe/breakdown?by=device',
      '/api/v1/operator/qoe/alerts',
    ]) {
      expect((await ctx.app.inject({ method: 'GET', url, headers: viewer })).statusCode).toBe(403);
    }
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/v1/operator/qoe/breakdown?by=nope', headers: admin }))
        .statusCode,
    ).toBe(400);
    const support = await makeOperator(ctx, 'soporte-qoe@pantalla.test', 'soporte-qoe-1234', 'support');
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/v1/operator/qoe/overview?range=7d', headers: support }))
        .statusCode,
    ).toBe(200);
  });

  it('forgets raw views after QOE_RAW_DAYS while the aggregates stay', async () => {
    ctx.clock.advance(31 * 24 * 60 * 60_000);
    await ctx.modules.qoe.runScheduled();
    expect(await ctx.sql.selectFrom('qoeViews').select('viewId').execute()).toEqual([]);
    expect((await ctx.sql.selectFrom('qoeMinutes').select('minute').execute()).length).toBeGreaterThan(0);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  qoeAlertsSchema,
  qoeBreakdownSchema,
  qoeItemReportSchema,
  qoeViewPageSchema,
  qoeViewRecordSchema,
  type QoeBeacon,
  type QoeEvent,
  type QoeView,
} from '@pantalla/contracts';
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
    viewId: `qoe-console-${seq}-${Math.floor(at / 1000)}`,
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
const beacon = (views: QoeView[], browser = 'Chrome', screen: QoeBeacon['screen'] = 'desktop'): QoeBeacon => ({
  playerVersion: 'shaka 5.2.12',
  browser,
  os: 'Linux',
  screen,
  views,
});

/** A failing view's timeline as its player sends it. */
const TIMELINE: QoeEvent[] = [
  [120, 'bitrate', 1_500_000],
  [900, 'first', 0],
  [2000, 'stall', 0],
  [2400, 'resume', 0],
  [2600, 'bitrate', 3_000_000],
  [3000, 'error', 3016],
];

describe.each(kinds)("the console's channel, view and subscriber pages of quality on %s", (kind) => {
  let ctx: TestContext;
  let viewer: Record<string, string>;
  let other: Record<string, string>;
  let admin: Record<string, string>;
  let channel: { id: number; name: string };
  let film: { id: number; title: string };
  let basicoId: number;
  const sent: QoeView[] = [];
  beforeAll(async () => {
    ctx = await createTestContext(kind);
    viewer = await bearerFor(ctx, BASICO);
    other = await bearerFor(ctx, DEMO);
    admin = await makeOperator(ctx, 'admin-qoe-console@pantalla.test', 'admin-qoe-console-1234', 'admin');
    channel = await ctx.sql.selectFrom('channels').select(['id', 'name']).orderBy('id').executeTakeFirstOrThrow();
    film = await ctx.sql.selectFrom('films').select(['id', 'title']).orderBy('id').executeTakeFirstOrThrow();
    basicoId = (await ctx.sql.selectFrom('users').select('id').where('email', '=', BASICO).executeTakeFirstOrThrow())
      .id;
    const now = ctx.clock.now();
    // Basico: 5 views of the channel (one failing on a phone), one of a film; Demo: 2 of the channel.
    sent.push(
      ...Array.from({ length: 4 }, (_, i) =>
        view(now - (50 - i * 10) * 60_000, { itemId: channel.id, startupMs: 500 * (i + 1) }),
      ),
    );
    sent.push(
      view(now - 5 * 60_000, {
        itemId: channel.id,
        startupMs: null,
        errorCode: 3016,
        watchMs: 3000,
        playingMs: 0,
        events: TIMELINE,
      }),
    );
    sent.push(view(now - 4 * 60_000, { itemType: 'VOD', itemId: film.id, startupMs: 1200 }));
    const post = (b: QoeBeacon, headers: Record<string, string>) =>
      ctx.app.inject({ method: 'POST', url: BEACONS, headers, payload: b });
    expect((await post(beacon(sent.slice(0, 4)), viewer)).statusCode).toBe(202);
    expect((await post(beacon(sent.slice(4, 6), 'Safari', 'phone'), viewer)).statusCode).toBe(202);
    const demoViews = [
      view(now - 30 * 60_000, { itemId: channel.id }),
      view(now - 20 * 60_000, { itemId: channel.id }),
    ];
    expect((await post(beacon(demoViews, 'Firefox'), other)).statusCode).toBe(202);
    await ctx.modules.qoe.flush();
    await ctx.modules.qoe.runScheduled();
  });
  afterAll(async () => ctx?.close());

  const get = (url: string, headers = admin) =>
    ctx.app.inject({ method: 'GET', url: `/api/v1/operator/qoe/${url}`, headers });

  it('names channels and titles in the breakdowns and alerts', async () => {
    const byChannel = qoeBreakdownSchema.parse((await get('breakdown?by=channel&range=1h')).json());
    expect(byChannel.rows.find((r) => r.key === `LIVE:${channel.id}`)).toMatchObject({ name: channel.name, views: 7 });
    const byTitle = qoeBreakdownSchema.parse((await get('breakdown?by=title&range=1h')).json());
    expect(byTitle.rows).toEqual([expect.objectContaining({ key: `VOD:${film.id}`, name: film.title })]);
    const byDevice = qoeBreakdownSchema.parse((await get('breakdown?by=device&range=1h')).json());
    expect(byDevice.rows.every((r) => r.name === null)).toBe(true);

    expect(
      (
        await ctx.app.inject({
          method: 'PUT',
          url: '/api/v1/operator/qoe/thresholds',
          headers: admin,
          payload: { failurePct: 20, startupP95Ms: 60_000, minViews: 1 },
        })
      ).statusCode,
    ).toBe(200);
    await ctx.modules.qoe.runScheduled();
    const alerts = qoeAlertsSchema.parse((await get('alerts?state=open')).json());
    expect(alerts.items).toEqual([
      expect.objectContaining({ kind: 'failure', itemId: channel.id, name: channel.name }),
    ]);
    const mail = await ctx.sql
      .selectFrom('outbox')
      .select(['subject'])
      .where('subject', 'like', 'Alerta de calidad%')
      .executeTakeFirstOrThrow();
    expect(mail.subject).toContain(channel.name);
  });

  it("a channel's page: its own figures, breakdowns and alert", async () => {
    const res = await get(`items/LIVE/${channel.id}?range=1h`);
    expect(res.statusCode, res.body).toBe(200);
    const page = qoeItemReportSchema.parse(res.json());
    expect(page).toMatchObject({ itemType: 'LIVE', itemId: channel.id, name: channel.name, range: '1h' });
    // Only the channel's 7 views: the film's is left out.
    expect(page.totals).toMatchObject({ views: 7, started: 6, uniqueViewers: 2, failurePct: (100 * 1) / 7 });
    expect(page.points.reduce((sum, p) => sum + p.views, 0)).toBe(7);
    expect(Object.fromEntries(page.breakdowns.device.map((r) => [r.key, r.views]))).toEqual({ desktop: 6, phone: 1 });
    expect(Object.fromEntries(page.breakdowns.browser.map((r) => [r.key, r.views]))).toEqual({
      Chrome: 4,
      Firefox: 2,
      Safari: 1,
    });
    expect(page.breakdowns.error).toEqual([expect.objectContaining({ key: '3016', views: 1, failurePct: 100 })]);
    expect(page.alerts).toEqual([expect.objectContaining({ itemId: channel.id, clearedAt: null })]);

    const filmPage = qoeItemReportSchema.parse((await get(`items/VOD/${film.id}?range=1h`)).json());
    expect(filmPage).toMatchObject({ name: film.title, totals: expect.objectContaining({ views: 1 }), alerts: [] });
    const gone = qoeItemReportSchema.parse((await get('items/LIVE/2147483000')).json());
    expect(gone).toMatchObject({ name: null, totals: expect.objectContaining({ views: 0 }) });
  });

  it("pages a channel's and a subscriber's views newest first, each one opening", async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await get(
        `items/LIVE/${channel.id}/views?limit=3${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      expect(res.statusCode, res.body).toBe(200);
      const page = qoeViewPageSchema.parse(res.json());
      expect(page.items.length).toBeLessThanOrEqual(3);
      seen.push(...page.items.map((v) => v.viewId));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(7);
    expect(new Set(seen).size).toBe(7);

    const mine = qoeViewPageSchema.parse((await get(`subscribers/${basicoId}/views?limit=20`)).json());
    expect(mine.nextCursor).toBeNull();
    expect(mine.items.map((v) => v.viewId)).toEqual(
      [...sent].sort((a, b) => b.startedAt - a.startedAt).map((v) => v.viewId),
    );
    const failed = mine.items.find((v) => v.errorCode === 3016);
    expect(failed).toMatchObject({
      userId: basicoId,
      name: channel.name,
      screen: 'phone',
      browser: 'Safari',
      startupMs: null,
      ended: true,
    });
    // Its events in order, as sent; a view without them reads an empty timeline.
    expect(failed?.events).toEqual(TIMELINE);
    expect(mine.items.find((v) => v.errorCode === null)?.events).toEqual([]);

    const one = await get(`views/${failed?.viewId ?? ''}`);
    expect(one.statusCode).toBe(200);
    expect(qoeViewRecordSchema.parse(one.json())).toEqual(failed);
    expect(one.headers['cache-control']).toContain('no-store');
  });

  it('refuses bad input with 400, an unknown view with 404, and subscribers and content operators with 403', async () => {
    for (const url of [
      'items/RADIO/1',
      'items/LIVE/0',
      'items/LIVE/1?range=2y',
      'items/LIVE/1/views?limit=0',
      'items/LIVE/1/views?cursor=nada',
      `subscribers/x/views`,
      'views/a',
    ]) {
      expect((await get(url)).statusCode, url).toBe(400);
    }
    expect((await get('views/no-existe-nunca')).statusCode).toBe(404);
    const badEvents: unknown[] = [
      [[10, 'dance', 0]],
      [[-1, 'first', 0]],
      [[10, 'first']],
      Array.from({ length: 33 }, (_, i) => [i, 'bitrate', 1000]),
    ];
    for (const events of badEvents) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: BEACONS,
        headers: viewer,
        payload: beacon([{ ...view(ctx.clock.now()), events: events as QoeEvent[] }]),
      });
      expect(res.statusCode, JSON.stringify(events)).toBe(400);
    }
    const content = await makeOperator(ctx, 'contenidos-qoe-console@pantalla.test', 'contenidos-qoe-1234', 'content');
    for (const headers of [viewer, content]) {
      expect((await get(`items/LIVE/${channel.id}`, headers)).statusCode).toBe(403);
      expect((await get(`subscribers/${basicoId}/views`, headers)).statusCode).toBe(403);
    }
    const support = await makeOperator(ctx, 'soporte-qoe-console@pantalla.test', 'soporte-qoe-console-1234', 'support');
    expect((await get(`subscribers/${basicoId}/views`, support)).statusCode).toBe(200);
  });
});

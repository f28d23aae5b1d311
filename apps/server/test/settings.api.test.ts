import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manifestTestEventsSchema, openStreamListSchema, diagResponseSchema } from '@pantalla/contracts';
import { databaseKinds } from './databases';
import { createTestContext, type TestContext } from './context';
import { bearerFor, BASICO, DEMO } from './auth';

const kinds = await databaseKinds();
const CHROME_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX_ANDROID = 'Mozilla/5.0 (Android 14; Mobile; rv:120.0) Gecko/120.0 Firefox/120.0';

describe.each(kinds)('settings and diagnostics API on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind, {
      DIAG_SERVERS: JSON.stringify([
        { name: 'Madrid', baseUrl: 'https://mad.cdn.test/media/speed/' },
        { name: 'Madrid', baseUrl: 'https://mad2.cdn.test/media/speed' },
      ]),
    });
  });
  afterAll(async () => ctx?.close());

  const open = async (headers: Record<string, string>, ua: string, type: string, id: number) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/sessions',
      headers: { ...headers, 'user-agent': ua },
      payload: {
        reference: { serviceName: 'test', type, id: String(id) },
        streamingProtocol: 'DASH',
        profileId: 0,
        deviceFingerprint: 'vitest',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ id: string }>().id;
  };
  const list = async (headers: Record<string, string>) => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/sessions', headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    return openStreamListSchema.parse(res.json()).resources;
  };

  it('lists the open streams with device, what plays and since when; closing one and resetting all empty it', async () => {
    const basico = await bearerFor(ctx, BASICO);
    const film = await ctx.sql
      .selectFrom('films')
      .select(['id', 'title'])
      .where('packageId', '=', 1)
      .where('parental', '!=', 7)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const first = await open(basico, CHROME_LINUX, 'LIVE', 1);
    ctx.clock.advance(1000);
    const second = await open(basico, FIREFOX_ANDROID, 'VOD', film.id);
    const streams = await list(basico);
    expect(streams.map((s) => s.id)).toEqual([first, second]);
    expect(streams[0]).toMatchObject({ device: 'Chrome · Linux', type: 'LIVE' });
    expect(streams[0]!.title).toMatch(/^Pantalla Uno/);
    expect(streams[1]).toMatchObject({
      device: 'Firefox · Android',
      type: 'VOD',
      title: film.title,
      since: new Date(ctx.clock.now()).toISOString(),
    });
    // Another account sees none of them.
    expect(await list(await bearerFor(ctx, DEMO))).toEqual([]);

    expect(
      (await ctx.app.inject({ method: 'DELETE', url: `/api/v1/sessions/${first}`, headers: basico })).statusCode,
    ).toBe(204);
    expect((await list(basico)).map((s) => s.id)).toEqual([second]);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/v1/sessions/reset', headers: basico })).statusCode).toBe(
      204,
    );
    expect(await list(basico)).toEqual([]);
    expect(
      (await ctx.app.inject({ method: 'POST', url: `/api/v1/sessions/${second}/heartbeat`, headers: basico }))
        .statusCode,
    ).toBeGreaterThanOrEqual(400);
  });

  it('requires a signed-in user for the list', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/sessions' })).statusCode).toBe(401);
  });

  it('gives the manifest test’s catch-up events to administrators only', async () => {
    const refused = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/manifest-test/events',
      headers: await bearerFor(ctx, BASICO),
    });
    expect(refused.statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/manifest-test/events' })).statusCode).toBe(401);

    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/manifest-test/events',
      headers: await bearerFor(ctx, DEMO),
    });
    expect(res.statusCode).toBe(200);
    const { resources } = manifestTestEventsSchema.parse(res.json());
    expect(resources.length).toBeGreaterThan(0);
    const now = ctx.clock.now();
    const channels = new Map(
      (await ctx.sql.selectFrom('channels').select(['id', 'catchupHours']).execute()).map((c) => [
        c.id,
        c.catchupHours,
      ]),
    );
    for (const event of resources) {
      const hours = channels.get(event.channelId) ?? 0;
      expect(hours).toBeGreaterThan(0);
      expect(Date.parse(event.end)).toBeLessThanOrEqual(now);
      expect(Date.parse(event.start)).toBeGreaterThanOrEqual(now - hours * 3600_000);
      expect(event.url).toBe(`${ctx.config.media.baseUrl}/media/catchup/${event.id}`);
    }
    const starts = resources.map((e) => Date.parse(e.start));
    expect([...starts].sort((a, b) => b - a)).toEqual(starts);

    const recent = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/manifest-test/events?hours=2',
      headers: await bearerFor(ctx, DEMO),
    });
    const lastTwoHours = manifestTestEventsSchema.parse(recent.json()).resources;
    expect(lastTwoHours.length).toBeGreaterThan(0);
    expect(lastTwoHours.length).toBeLessThan(resources.length);
    expect(lastTwoHours).toEqual(resources.filter((e) => Date.parse(e.end) > now - 2 * 3600_000));
    expect(
      (
        await ctx.app.inject({
          method: 'GET',
          url: '/api/v1/manifest-test/events?hours=0',
          headers: await bearerFor(ctx, DEMO),
        })
      ).statusCode,
    ).toBe(400);
  });

  it('lists the configured speed-test servers in diag.json', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/media/diag.json' });
    expect(diagResponseSchema.parse(res.json())).toEqual({
      groups: [
        { name: 'Madrid', fileKey: 'media_0.ts', baseUrl: 'https://mad.cdn.test/media/speed' },
        { name: 'Madrid', fileKey: 'media_0.ts', baseUrl: 'https://mad2.cdn.test/media/speed' },
      ],
    });
  });
});

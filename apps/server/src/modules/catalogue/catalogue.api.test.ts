import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Channel, EpgDayResponse, Film, Genre } from '@pantalla/contracts';
import { databaseKinds } from '../../../test/databases';
import { createTestContext, type TestContext } from '../../../test/context';
import { BASICO, DEMO, bearerFor } from '../../../test/auth';
import { CatalogueRepository } from './catalogue.repository';
import { GuideRepository } from './guide.repository';

const kinds = await databaseKinds();

describe.each(kinds)('catalogue API on %s', (kind) => {
  let ctx: TestContext;
  let demo: Record<string, string>;
  let basico: Record<string, string>;
  const get = (url: string, headers: Record<string, string> = demo) => ctx.app.inject({ method: 'GET', url, headers });
  const json = async (url: string, headers?: Record<string, string>) => {
    const res = await get(url, headers);
    if (res.statusCode !== 200) throw new Error(`${url} → ${res.statusCode} ${res.body}`);
    return res.json();
  };

  beforeAll(async () => {
    ctx = await createTestContext(kind);
    demo = await bearerFor(ctx, DEMO);
    basico = await bearerFor(ctx, BASICO);
  });
  afterAll(async () => ctx?.close());

  it('reads the channels changed since an instant with the channel count of the same statement, and the stamp that says when to', async () => {
    const repo = new CatalogueRepository(ctx.platform.db);
    const stamp = await repo.referenceStamp();
    expect(stamp.channels).toBeGreaterThan(10);
    const none = await repo.channelsUpdatedSince(stamp.updatedAt + 1);
    expect(none).toEqual({ rows: [], count: null });
    const latest = await repo.channelsUpdatedSince(stamp.updatedAt);
    expect(latest.count).toBe(stamp.channels);
    expect(latest.rows.length).toBeGreaterThan(0);
    expect(latest.rows.every((r) => r.updatedAt === stamp.updatedAt && !('totalChannels' in r))).toBe(true);
    const all = await repo.channelsUpdatedSince(0);
    expect(all.rows.map((r) => r.id).sort((a, b) => a - b)).toEqual(
      (await repo.listChannels()).map((r) => r.id).sort((a, b) => a - b),
    );
  });

  it('answers the window query the same through SQLite arrays as through Kysely, for every channel and for a list', async () => {
    const fast = new GuideRepository(ctx.platform.db);
    const plain = new GuideRepository({ ...ctx.platform.db, selectArrays: null });
    const now = ctx.clock.now();
    for (const ids of [null, [1, 2, 92], []]) {
      const a = await fast.eventsInWindow(now - 3_600_000, now + 6 * 3_600_000, 24 * 3_600_000, ids);
      expect(a).toEqual(await plain.eventsInWindow(now - 3_600_000, now + 6 * 3_600_000, 24 * 3_600_000, ids));
      if (ids === null) expect(a.length).toBeGreaterThan(50);
    }
    // A block read a few channels at a time (SQLite) is the one query's answer.
    const block = await plain.eventsStartingIn(now - 3 * 3_600_000, now + 3 * 3_600_000);
    expect(block.length).toBeGreaterThan(50);
    expect(
      await new GuideRepository(ctx.platform.db, 7).eventsStartingIn(now - 3 * 3_600_000, now + 3 * 3_600_000),
    ).toEqual(block);
    expect(await fast.eventsStartingIn(now - 3 * 3_600_000, now + 3 * 3_600_000)).toEqual(block);
    const channelIds = (await ctx.sql.selectFrom('channels').select('id').execute()).map((c) => c.id);
    for (const ids of [channelIds, channelIds.slice(0, 3), []]) {
      const live = (await fast.liveAt(now, 24 * 3_600_000, ids)).length;
      if (ids.length > 3) expect(live).toBeGreaterThan(10);
      expect(await fast.liveCountAt(now, 24 * 3_600_000, ids)).toBe(live);
      expect(await plain.liveCountAt(now, 24 * 3_600_000, ids)).toBe(live);
    }
  });

  it('counts a window’s programmes per genre as the grouped count does, and finds the next pay-per-view event', async () => {
    const repo = new GuideRepository(ctx.platform.db);
    const now = ctx.clock.now();
    const [from, to] = [now - 7 * 86_400_000, now + 2 * 86_400_000];
    const grouped = async (column: 'genreId' | 'sectionId') =>
      ctx.sql
        .selectFrom('events')
        .select([`${column} as g`, (eb) => eb.fn.countAll<number>().as('n')])
        .where('startTime', '>=', from)
        .where('startTime', '<', to)
        .where(column, 'is not', null)
        .groupBy(column)
        .execute();
    const genreIds = new Set((await ctx.sql.selectFrom('genres').select('id').execute()).map((g) => g.id));
    const expected = new Map<number, number>();
    for (const r of [...(await grouped('genreId')), ...(await grouped('sectionId'))])
      if (r.g !== null && genreIds.has(r.g)) expected.set(r.g, (expected.get(r.g) ?? 0) + Number(r.n));
    expect(expected.size).toBeGreaterThan(3);
    expect(await repo.eventCountsByGenre(from, to)).toEqual(expected);
    const [ppv] = await repo.upcomingPpv(now, 1);
    const first = await ctx.sql
      .selectFrom('events')
      .select('id')
      .where('ppvPriceCents', 'is not', null)
      .where('endTime', '>', now)
      .orderBy('startTime')
      .executeTakeFirst();
    expect(ppv?.id).toBe(first?.id);
    expect(ppv?.id).toBeDefined();
  });

  it('counts every row of a screen as its resources count them, channels and what is on now included', async () => {
    const screens = await json('/api/v1/screens');
    const kinds = new Set<string>();
    for (const screen of screens.resources as { listGroupId: number }[]) {
      const rows = (await json(`/api/v1/screen/lists?listGroupId=${screen.listGroupId}`)).resources as {
        id: number;
        kind: string;
        total: number;
      }[];
      for (const row of rows) {
        if (row.kind === 'keep-watching') continue;
        kinds.add(row.kind);
        expect((await json(`/api/v1/lists/${row.id}/resources?limit=1`)).total, `${row.kind} ${row.id}`).toBe(
          row.total,
        );
      }
    }
    expect(kinds).toContain('channels');
    expect(kinds).toContain('live-now');
  });

  it('requires a session', async () => {
    for (const url of [
      '/api/v1/channels',
      '/api/v1/screens',
      '/api/v1/search?term=casa',
      '/api/v1/epg/1/2026-01-01',
      '/api/v1/productosppv',
    ]) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(401);
    }
  });

  it('answers screens, lists and every row', async () => {
    const screens = await json('/api/v1/screens?lineupId=1&regionId=1');
    const home = screens.resources.find((s: { alias: string }) => s.alias === 'home');
    const lists = await json(home.query);
    expect(lists.resources.length).toBeGreaterThanOrEqual(11);
    expect(lists.resources[0].kind).toBe('featured');
    expect(
      lists.resources.some((l: { displayMode: number; kind: string }) => l.displayMode === 3 && l.kind === 'trending'),
    ).toBe(true);
    for (const k of ['keep-watching', 'channels', 'catch-up'])
      expect(
        lists.resources.some((l: { kind: string }) => l.kind === k),
        k,
      ).toBe(true);
    expect(lists.resources.find((l: { kind: string }) => l.kind === 'catch-up').catchup_row).toBe(1);
    for (const list of lists.resources) {
      const page = await json(`${list.query}${list.query.includes('?') ? '&' : '?'}resolveReferences=true`);
      if (list.kind !== 'keep-watching') expect(page.resources.length, list.name).toBeGreaterThan(0);
      if (list.kind !== 'keep-watching') expect(page.total, list.name).toBe(list.total);
    }
    const featured = await json('/api/v1/lists/1/resources?resolveReferences=true');
    expect(
      featured.resources.some(
        (r: { resource: { type: string; ppv?: boolean } }) => r.resource.type === 'event' && r.resource.ppv,
      ),
    ).toBe(true);
    const all = await json('/api/v1/categories/7/contents');
    expect(all.category.id).toBe(7);
    expect(all.resources.length).toBe(all.category.total);
    expect((await get('/api/v1/lists/9999/resources')).statusCode).toBe(404);
    expect((await get('/api/v1/screen/lists?listGroupId=77')).statusCode).toBe(404);
  });

  it('a lineup the reference data gained after the demo was seeded gets its channels at the next seed', async () => {
    const count = async () =>
      (await ctx.sql.selectFrom('lineupItems').select('channelId').where('lineupId', '=', 3).execute()).length;
    const before = await count();
    await ctx.sql.deleteFrom('lineupItems').where('lineupId', '=', 3).execute();
    await ctx.modules.catalogue.seedDemo();
    expect(await count()).toBe(before);
    await ctx.modules.catalogue.seedDemo();
    expect(await count()).toBe(before);
  });

  it('lists lineups and channels with the spec fields', async () => {
    const lineups = await json('/api/v1/lineups');
    expect(lineups.resources.map((l: { id: number; regionId: number }) => [l.id, l.regionId])).toEqual([
      [1, 1],
      [2, 2],
      [3, 3],
    ]);
    const items = await json('/api/v1/lineup-items?lineupId=2');
    expect(items.resources[0].reference.type).toBe('channel');
    expect(items.resources.some((i: { reference: { id: number } }) => i.reference.id === 90)).toBe(false);
    // The Latin-American lineup has no Spanish regional or local channel (group 5).
    const { resources: latam } = (await json('/api/v1/channels?lineupId=3')) as { resources: Channel[] };
    expect(latam.length).toBeGreaterThan(30);
    expect(latam.filter((c) => c.channelGenreId === 5)).toEqual([]);
    const { resources: channels } = (await json('/api/v1/channels?lineupId=1')) as { resources: Channel[] };
    expect(channels.length).toBeGreaterThanOrEqual(40);
    const byId = new Map(channels.map((c) => [c.id, c]));
    expect(byId.get(92)?.channelGenreId).toBe(5);
    expect(byId.get(221)?.channelGenreId).toBe(5);
    expect(channels.filter((c) => c.adult && c.parental === 7)).toHaveLength(1);
    expect(channels.filter((c) => c.catchup_hours === 168).length).toBeGreaterThan(channels.length / 2);
    expect(channels.filter((c) => c.tstv === 1).length).toBeGreaterThanOrEqual(channels.length / 2);
    expect(channels.filter((c) => c.fingerprint === 1)).toHaveLength(1);
    // The watermark's look: its own on the fingerprinted channel, the default elsewhere.
    expect(byId.get(10)).toMatchObject({
      fingerprint: 1,
      fingerprintFontSize: 20,
      fingerprintColor: '#FFE066',
      fingerprintBackground: '#000000A6',
    });
    expect(byId.get(1)).toMatchObject({
      fingerprintFontSize: 18,
      fingerprintColor: '#FFFFFFD9',
      fingerprintBackground: '#00000059',
    });
    expect(channels.every((c) => /^clip-[1-5]$/.test(c.stream.clipKey) && c.stream.source === 'origin')).toBe(true);
    expect((await json('/api/v1/channels/10')).name).toBe('Cine Estreno');
    expect((await get('/api/v1/channels/123456')).statusCode).toBe(404);
    expect((await get('/api/v1/lineup-items?lineupId=99')).statusCode).toBe(404);
    expect((await json('/api/v1/channel-genres')).resources.length).toBeGreaterThan(5);
  });

  it('marks ownership: demo owns everything, basico only the basic package', async () => {
    const demoChannels = (await json('/api/v1/channels')).resources as Channel[];
    expect(demoChannels.every((c) => c.access.owned && c.access.productId === null)).toBe(true);
    const basicChannels = (await json('/api/v1/channels', basico)).resources as Channel[];
    const cine = basicChannels.find((c) => c.id === 10);
    expect(cine?.access).toEqual({ packageId: 2, owned: false, productId: 2 });
    expect(basicChannels.find((c) => c.id === 1)?.access.owned).toBe(true);
    const films = (await json('/api/v1/contents', basico)).resources as Film[];
    expect(films.some((f) => f.access.owned)).toBe(true);
    expect(films.some((f) => !f.access.owned && f.access.productId !== null)).toBe(true);
    const products = (await json('/api/v1/productosppv', basico)).ppvSubsProducts;
    const ppv = products.find((p: { evID: number | null }) => p.evID !== null);
    expect(ppv.price).toMatch(/^\d+,\d{2}$/);
    expect(ppv.curr).toBe('EUR');
    const event = await json(`/api/v1/events/${ppv.evID}`, basico);
    expect(event.ppv).toBe(true);
    expect(event.access).toEqual({ packageId: ppv.packageID, owned: false, productId: ppv.id });
    expect((await json(`/api/v1/events/${ppv.evID}`)).access.owned).toBe(true);
    expect((await json('/api/v1/epg_files/productosppv.json')).ppvSubsProducts.length).toBe(
      (await json('/api/v1/productosppv')).ppvSubsProducts.length,
    );
    const packages = await json('/api/v1/packages', basico);
    expect(packages.ownedPackageIds).toEqual([1]);
  });

  it("cuts windows of every channel or a lineup from the guide's blocks with the bytes the query gives, and drops them when the guide changes", async () => {
    const channels = (await json('/api/v1/channels')).resources as Channel[];
    const now = ctx.clock.now();
    // Windows across block edges (3 h), at odd minutes, from an hour to a day, for two users.
    const windows = [
      [now - 3 * 3_600_000, now + 3_600_000],
      [now - 7 * 3_600_000 + 60_000, now - 5 * 3_600_000 + 60_000],
      [now + 5 * 3_600_000 - 37_000, now + 29 * 3_600_000 - 37_000],
    ] as const;
    for (const headers of [demo, basico]) {
      for (const [start, end] of windows) {
        const perChannel: unknown[] = [];
        for (const c of [...channels].sort((a, b) => a.id - b.id)) {
          const body = await get(`/api/v1/events?startTime=${start}&endTime=${end}&channelId=${c.id}`, headers);
          perChannel.push(...(JSON.parse(body.body) as { resources: unknown[] }).resources);
        }
        const all = (await get(`/api/v1/events?startTime=${start}&endTime=${end}`, headers)).body;
        expect(perChannel.length).toBeGreaterThan(20);
        expect(all).toBe(JSON.stringify({ resources: perChannel }));
        const lineup = JSON.parse(
          (await get(`/api/v1/events?startTime=${start}&endTime=${end}&lineupId=1`, headers)).body,
        ) as { resources: { channelId: number }[] };
        const inLineup = new Set(lineup.resources.map((e) => e.channelId));
        expect(lineup.resources).toEqual(
          perChannel.filter((e) => inLineup.has((e as { channelId: number }).channelId)),
        );
      }
    }

    const [start, end] = windows[0];
    const before = (await json(`/api/v1/events?startTime=${start}&endTime=${end}`)).resources as {
      id: number;
      title: string;
    }[];
    const target = before[before.length - 1] as { id: number; title: string };
    const version = Number(
      (
        await ctx.sql
          .selectFrom('catalogueMeta')
          .select('value')
          .where('key', '=', 'guide_version')
          .executeTakeFirstOrThrow()
      ).value,
    );
    await ctx.sql
      .updateTable('events')
      .set({ title: 'Título cambiado por la importación' })
      .where('id', '=', target.id)
      .execute();
    await ctx.sql
      .updateTable('catalogueMeta')
      .set({ value: String(version + 1) })
      .where('key', '=', 'guide_version')
      .execute();
    ctx.modules.catalogue.importsChanged();
    // Another window over the same blocks: the responses' cache does not hold it.
    const after = (await json(`/api/v1/events?startTime=${start + 1}&endTime=${end}`)).resources as {
      id: number;
      title: string;
    }[];
    expect(after.find((e) => e.id === target.id)?.title).toBe('Título cambiado por la importación');
  });

  it('answers events by window, ordered and overlapping it', async () => {
    const start = ctx.clock.now() - 3 * 3600000;
    const end = start + 6 * 3600000;
    const { resources } = await json(`/api/v1/events?startTime=${start}&endTime=${end}&lineupId=1`);
    expect(resources.length).toBeGreaterThan(100);
    for (const e of resources) expect(e.startTime < end && e.endTime > start).toBe(true);
    expect(resources.some((e: { format: string }) => e.format === 'LIVE')).toBe(true);
    const one = await json(`/api/v1/events?startTime=${start}&endTime=${end}&channelId=7`);
    expect(one.resources.every((e: { channelId: number }) => e.channelId === 7)).toBe(true);
    expect((await get(`/api/v1/events?startTime=${end}&endTime=${start}`)).statusCode).toBe(400);
    expect((await get(`/api/v1/events?startTime=0&endTime=${10 * 86400000}`)).statusCode).toBe(400);
    const detail = await json(`/api/v1/events/${resources[0].id}`);
    expect(detail.epg.id_event).toBe(resources[0].id);
    expect((await get('/api/v1/events/2147483647')).statusCode).toBe(404);
  });

  it('serves the guide per channel and day, cacheable', async () => {
    const date = new Date(ctx.clock.now()).toISOString().slice(0, 10);
    const res = await get(`/api/v1/epg/1/${date}`);
    expect(res.statusCode).toBe(200);
    const day = res.json() as EpgDayResponse;
    expect(day.tz).toBe('Europe/Madrid');
    expect(day.events.length).toBeGreaterThan(5);
    expect(day.events[0]?.startTime).toBeLessThanOrEqual(day.dayStart);
    expect(day.events.at(-1)?.endTime).toBeGreaterThanOrEqual(day.dayEnd);
    for (let i = 1; i < day.events.length; i++) expect(day.events[i]?.startTime).toBe(day.events[i - 1]?.endTime);
    expect(day.events[0]?.fc_ini).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const etag = res.headers.etag as string;
    expect(res.headers['cache-control']).toContain('max-age');
    const again = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/epg/1/${date}`,
      headers: { ...demo, 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    const utc = (await json(`/api/v1/epg/1/${date}?tz=UTC`)) as EpgDayResponse;
    expect(utc.dayStart).toBe(Date.parse(`${date}T00:00:00Z`));
    expect((await get(`/api/v1/epg/1/2026-02-30`)).statusCode).toBe(400);
    expect((await get(`/api/v1/epg/1/${date}?tz=Mars/Olympus`)).statusCode).toBe(400);
    expect((await get(`/api/v1/epg/4242/${date}`)).statusCode).toBe(404);
    const far = (await json('/api/v1/epg/1/1999-01-01')) as EpgDayResponse;
    expect(far.events).toEqual([]);
  });

  it('answers films, trailers, series, seasons and episodes', async () => {
    const contents = await json('/api/v1/contents?limit=1000');
    expect(contents.total).toBeGreaterThanOrEqual(200);
    const films = contents.resources as Film[];
    expect(films.some((f) => f.title.includes('%'))).toBe(false);
    const withTrailer = films.find((f) => f.hasTrailer) as Film;
    const trailer = await json(`/api/v1/contents/${withTrailer.id}/trailer`);
    expect(trailer.class).toBe('trailer');
    expect(trailer.link).toContain(trailer.clipKey);
    const without = films.find((f) => !f.hasTrailer) as Film;
    expect((await get(`/api/v1/contents/${without.id}/trailer`)).statusCode).toBe(404);
    expect((await json(`/api/v1/contents/${withTrailer.id}`)).id).toBe(withTrailer.id);
    const series = (await json('/api/v1/series')).resources;
    expect(series.length).toBeGreaterThanOrEqual(20);
    for (const s of series) expect(s.seasonCount).toBeGreaterThanOrEqual(1);
    const detail = await json(`/api/v1/series/${series[0].id}`);
    const seasons = (await json(`/api/v1/series/${series[0].id}/seasons`)).resources;
    expect(seasons).toEqual(detail.seasons);
    expect(seasons.length).toBeGreaterThanOrEqual(1);
    expect(seasons.length).toBeLessThanOrEqual(5);
    const episodes = (await json(`/api/v1/seasons/${seasons[0].id}/episodes`)).resources;
    expect(episodes.length).toBeGreaterThanOrEqual(4);
    expect(episodes.length).toBeLessThanOrEqual(12);
    expect(episodes.map((e: { episodeNumber: number }) => e.episodeNumber)).toEqual(
      episodes.map((_: unknown, i: number) => i + 1),
    );
    expect((await get('/api/v1/series/1/seasons')).statusCode).toBe(404);
    expect((await get('/api/v1/seasons/1/episodes')).statusCode).toBe(404);
  });

  it('lists genres, the special ids and genre packages', async () => {
    const genres = (await json('/api/v1/genres')).resources as Genre[];
    const ids = new Set(genres.map((g) => g.id));
    for (const id of [5310, 5320, 5321, 5322, 162, 100, 200, 300, 400]) expect(ids.has(id), String(id)).toBe(true);
    const sports = (await json('/api/v1/genres?kind=sport')).resources as Genre[];
    expect(sports.length).toBeGreaterThanOrEqual(8);
    expect(sports.filter((g) => g.itemCount === 0)).toHaveLength(1);
    const channels = await json('/api/v1/genres/5310');
    expect(channels.channels.length).toBeGreaterThanOrEqual(40);
    expect(channels.channelGenres.length).toBeGreaterThan(5);
    const five = await json('/api/v1/genres/5310?subgenreId=5');
    expect(five.channels.map((c: Channel) => c.id)).toEqual(expect.arrayContaining([92, 221]));
    const amc = await json('/api/v1/genres/5320');
    expect(amc.subgenres.map((g: Genre) => g.ds).sort()).toEqual(['Cine', 'Series']);
    expect((await json('/api/v1/genres/5320?subgenreId=5322')).series.length).toBeGreaterThan(0);
    expect((await json('/api/v1/genres/5320?subgenreId=5321')).vods.length).toBeGreaterThan(0);
    const sport = await json('/api/v1/genres/300');
    expect(sport.events.length).toBeGreaterThan(0);
    const adult = await json('/api/v1/genres/162');
    expect(adult.vods.every((f: Film) => f.parental === 7)).toBe(true);
    expect((await json('/api/v1/genres/100')).vods.length).toBeGreaterThan(50);
    expect((await get('/api/v1/genres/99999')).statusCode).toBe(404);
  });

  it('keeps, lists and deletes keep-watching marks', async () => {
    const start = ctx.clock.now() - 6 * 3600000;
    const ended = (await json(`/api/v1/events?startTime=${start}&endTime=${start + 3600000}&channelId=1`)).resources[0];
    const put = (body: unknown) =>
      ctx.app.inject({ method: 'PUT', url: '/api/v1/keep-watching/mark', headers: demo, payload: body as object });
    expect((await put({ id: 1001, kind: 'vod', positionInMs: 60000 })).statusCode).toBe(200);
    expect((await put({ id: ended.id, kind: 'cutv', positionInMs: 1000 })).statusCode).toBe(200);
    expect((await put({ id: 424242, kind: 'vod', positionInMs: 1 })).statusCode).toBe(404);
    const list = (await json('/api/v1/keep-watching')).resources;
    expect(list.map((b: { kind: string }) => b.kind).sort()).toEqual(['cutv', 'vod']);
    expect((await json('/api/v1/keep-watching', basico)).resources).toEqual([]);
    const del = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/v1/keep-watching/delete-mark/1001/vod',
      headers: demo,
      payload: { source: 'web' },
    });
    expect(del.statusCode).toBe(200);
    expect((await json('/api/v1/keep-watching')).resources.map((b: { kind: string }) => b.kind)).toEqual(['cutv']);
    expect(
      (await ctx.app.inject({ method: 'DELETE', url: '/api/v1/keep-watching/delete-mark/1001/film', headers: demo }))
        .statusCode,
    ).toBe(400);
  });

  it('answers the user IP', async () => {
    expect((await json('/api/v1/getuserip')).ip).toBeTruthy();
  });

  it('searches by the spec rules', async () => {
    const search = async (term: string) =>
      (await json(`/api/v1/search?term=${encodeURIComponent(term)}&resolveReferences=true`)).resources.map(
        (r: { resource: { title: string; type: string } }) => r.resource,
      );
    expect(await search('ca')).toEqual([]);
    expect(await search('c.a*')).toEqual([]);
    expect(await search('')).toEqual([]);
    const verano = await search('vErÁnO');
    expect(verano.map((r: { title: string }) => r.title)).toContain('100 Verano');
    expect(await search('v(e)r"a<n>o')).toEqual(verano);
    const noticias = await search('noticias');
    expect(noticias[0].title.toLowerCase().startsWith('noticias')).toBe(true);
    expect(noticias.some((r: { type: string }) => r.type === 'show')).toBe(true);
    const titles = noticias.filter((r: { type: string }) => r.type === 'show').map((r: { title: string }) => r.title);
    expect(new Set(titles).size).toBe(titles.length);
    expect((await get(`/api/v1/search?term=${'x'.repeat(201)}`)).statusCode).toBe(400);
  });

  it('draws images without a session, cacheable', async () => {
    for (const url of [
      '/api/v1/images/operator/3001.svg',
      '/api/v1/images/operator/3002.svg',
      '/api/v1/images/channel/92/logo.svg',
      '/api/v1/images/film/1001/portrait.svg',
      '/api/v1/images/series/2001/landscape.svg',
      '/api/v1/images/rating/18.svg',
    ]) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('image/svg+xml');
      expect(res.headers['cache-control']).toContain('max-age=2592000');
      expect(res.body.startsWith('<svg')).toBe(true);
    }
    const a = await ctx.app.inject({ method: 'GET', url: '/api/v1/images/film/1001/portrait.svg' });
    const b = await ctx.app.inject({ method: 'GET', url: '/api/v1/images/film/1002/portrait.svg' });
    expect(a.body).not.toBe(b.body);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/images/film/9/portrait.svg' })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/images/film/1001/huge.png' })).statusCode).toBe(400);
  });
});

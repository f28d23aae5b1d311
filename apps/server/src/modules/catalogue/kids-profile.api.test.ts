import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  GENRE_ADULT,
  GENRE_CHANNELS,
  PROFILE_HEADER,
  profileDetailSchema,
  profileSelectedSchema,
} from '@pantalla/contracts';
import { PACKAGE_IDS } from '../commerce';
import { BASICO, DEMO, bearerFor } from '../../../test/auth';
import { createTestContext, type TestContext } from '../../../test/context';
import { databaseKinds } from '../../../test/databases';
import { listenWithWork } from '../../../test/payments';

const kinds = await databaseKinds();
const HOUR = 3_600_000;
type Headers = Record<string, string>;

/** Every problem a kids profile's answer may hold: an item rated above its level, of the adult section, an adult row. */
function adultIn(body: unknown, level: number, path = '$'): string[] {
  if (Array.isArray(body)) return body.flatMap((x, i) => adultIn(x, level, `${path}[${i}]`));
  if (body === null || typeof body !== 'object') return [];
  const o = body as Record<string, unknown>;
  const found: string[] = [];
  for (const key of ['parental', 'id_parental'])
    if (typeof o[key] === 'number' && (o[key] as number) > level) found.push(`${path}.${key}=${String(o[key])}`);
  if (o.adult === true) found.push(`${path}.adult`);
  if (o.is_adult === 1) found.push(`${path}.is_adult`);
  if (Array.isArray(o.genres)) {
    const ids = o.genres.map((g) => (typeof g === 'number' ? g : (g as { id?: number }).id));
    if (ids.includes(GENRE_ADULT)) found.push(`${path}.genres has ${GENRE_ADULT}`);
  }
  if (typeof o.genreId === 'number' && o.genreId === GENRE_ADULT) found.push(`${path}.genreId`);
  for (const [key, value] of Object.entries(o)) found.push(...adultIn(value, level, `${path}.${key}`));
  return found;
}

/** Issue 30: a kids profile's catalogue is filtered on the server, and it buys only with the account password. */
describe.each(kinds)('kids profile on %s', (kind) => {
  let ctx: TestContext;
  let stop: (() => Promise<void>) | undefined;
  let demo: Headers;
  /** demo@'s kids profile: its token, and the same sign-in without it (the server remembers the choice). */
  let kids: Headers;
  let kidsDevice: Headers;
  let adultToken: string;
  let basicoToken: string;
  let level: number;
  const ids = { ratedFilm: 0, adultGenreFilm: 0, adultChannel: 0, ratedEvent: 0, adultList: 0 };
  /** A genre of the test's own whose items are part for children, part not: what its count must leave out. */
  const COUNTED_GENRE = 9903;
  const counted: { url: string }[] = [];

  const get = (url: string, headers: Headers) => ctx.app.inject({ method: 'GET', url: `/api/v1${url}`, headers });
  const ok = async (url: string, headers: Headers): Promise<unknown> => {
    const res = await get(url, headers);
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json();
  };
  const signInAs = async (email: string, password: string): Promise<Headers> => {
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { flow: 'password', username: email, password },
    });
    expect(login.statusCode, login.body).toBe(200);
    return { authorization: `Bearer ${(login.json() as { idToken: string }).idToken}` };
  };
  const select = async (headers: Headers, profileId: number): Promise<string> => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/profiles/${profileId}/select`,
      headers,
      payload: {},
    });
    expect(res.statusCode, res.body).toBe(200);
    return profileSelectedSchema.parse(res.json()).profileToken;
  };
  const createKids = async (headers: Headers): Promise<number> => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/profiles',
      headers,
      payload: { name: 'Peques', kind: 'kids' },
    });
    expect(res.statusCode, res.body).toBe(201);
    return profileDetailSchema.parse(res.json()).id;
  };

  beforeAll(async () => {
    ctx = await createTestContext(kind);
    level = ctx.config.profiles.kidsMaxRating;
    const now = ctx.clock.now();
    // The demo catalogue's own adult items, and two made so by the test: a film rated 7, one in the adult section.
    const films = await ctx.sql.selectFrom('films').select('id').orderBy('id').limit(2).execute();
    ids.ratedFilm = films[0]!.id;
    ids.adultGenreFilm = films[1]!.id;
    await ctx.sql.updateTable('films').set({ parental: 7 }).where('id', '=', ids.ratedFilm).execute();
    await ctx.sql.updateTable('films').set({ parental: 0 }).where('id', '=', ids.adultGenreFilm).execute();
    await ctx.sql
      .insertInto('contentGenres')
      .values({ contentType: 'film', contentId: ids.adultGenreFilm, genreId: GENRE_ADULT })
      .execute();
    ids.adultChannel = (
      await ctx.sql.selectFrom('channels').select('id').where('isAdult', '=', 1).executeTakeFirstOrThrow()
    ).id;
    const onAir = await ctx.sql
      .selectFrom('events')
      .select('id')
      .where('channelId', '=', 1)
      .where('startTime', '<=', now)
      .where('endTime', '>', now)
      .executeTakeFirstOrThrow();
    ids.ratedEvent = onAir.id;
    await ctx.sql.updateTable('events').set({ parental: 7 }).where('id', '=', ids.ratedEvent).execute();
    ids.adultList = (
      await ctx.sql.selectFrom('lists').select('id').where('isAdult', '=', 1).executeTakeFirstOrThrow()
    ).id;

    // Before any answer fills the genres' cached counts: films, series and programmes of COUNTED_GENRE,
    // of which a kids profile may open only some (rated above its level or 7, adult section, adult channel).
    const over = Math.min(level + 1, 7);
    await ctx.sql
      .insertInto('genres')
      .values({ id: COUNTED_GENRE, name: 'Recuento', kind: 'section', parentId: null, position: 98 })
      .execute();
    const moreFilms = await ctx.sql.selectFrom('films').select('id').orderBy('id').offset(2).limit(2).execute();
    await ctx.sql.updateTable('films').set({ parental: 0 }).where('id', '=', moreFilms[0]!.id).execute();
    await ctx.sql.updateTable('films').set({ parental: over }).where('id', '=', moreFilms[1]!.id).execute();
    const twoSeries = await ctx.sql.selectFrom('series').select('id').orderBy('id').limit(2).execute();
    await ctx.sql.updateTable('series').set({ parental: 0 }).where('id', '=', twoSeries[0]!.id).execute();
    await ctx.sql.updateTable('series').set({ parental: over }).where('id', '=', twoSeries[1]!.id).execute();
    for (const id of [ids.ratedFilm, ids.adultGenreFilm, moreFilms[0]!.id, moreFilms[1]!.id]) {
      await ctx.sql
        .insertInto('contentGenres')
        .values({ contentType: 'film', contentId: id, genreId: COUNTED_GENRE })
        .execute();
      counted.push({ url: `/contents/${id}` });
    }
    for (const { id } of twoSeries) {
      await ctx.sql
        .insertInto('contentGenres')
        .values({ contentType: 'series', contentId: id, genreId: COUNTED_GENRE })
        .execute();
      counted.push({ url: `/series/${id}` });
    }
    const laterOn = async (channelId: number) =>
      (
        await ctx.sql
          .selectFrom('events')
          .select('id')
          .where('channelId', '=', channelId)
          .where('startTime', '>=', now + HOUR)
          .where('startTime', '<', now + 20 * HOUR)
          .orderBy('startTime')
          .limit(2)
          .execute()
      ).map((e) => e.id);
    const [plain, rated] = await laterOn(1);
    const [onAdult] = await laterOn(ids.adultChannel);
    for (const [id, parental] of [
      [plain!, 0],
      [rated!, over],
      [onAdult!, 0],
    ] as const) {
      await ctx.sql
        .updateTable('events')
        .set({ genreId: COUNTED_GENRE, sectionId: null, parental })
        .where('id', '=', id)
        .execute();
      counted.push({ url: `/events/${id}` });
    }

    demo = await bearerFor(ctx, DEMO);
    const kidsId = await createKids(demo);
    // Another sign-in of demo@ (a child's tablet) chooses the kids profile.
    kidsDevice = await signInAs(DEMO, 'demo1234');
    kids = { ...kidsDevice, [PROFILE_HEADER]: await select(kidsDevice, kidsId) };
    // The parent's own sign-in, in the first (adult) profile.
    const parent = await signInAs(DEMO, 'demo1234');
    const [first] = (await ctx.sql
      .selectFrom('profiles')
      .select('id')
      .where(
        'userId',
        '=',
        (await ctx.sql.selectFrom('users').select('id').where('email', '=', DEMO).executeTakeFirstOrThrow()).id,
      )
      .orderBy('id')
      .execute()) as { id: number }[];
    adultToken = await select(parent, first!.id);
    const basico = await signInAs(BASICO, 'basico1234');
    basicoToken = await select(
      basico,
      (
        await ctx.sql
          .selectFrom('profiles')
          .select('id')
          .where(
            'userId',
            '=',
            (await ctx.sql.selectFrom('users').select('id').where('email', '=', BASICO).executeTakeFirstOrThrow()).id,
          )
          .executeTakeFirstOrThrow()
      ).id,
    );
  }, 60_000);
  afterAll(async () => {
    await stop?.();
    await ctx?.close();
  });

  /** Every list a subscriber's app reads, for one channel's day and one series. */
  const listUrls = async (headers: Headers): Promise<string[]> => {
    const now = ctx.clock.now();
    const day = new Date(now).toISOString().slice(0, 10);
    const urls = [
      '/contents?limit=1000',
      '/series',
      '/channels',
      `/events?startTime=${now - 3 * HOUR}&endTime=${now + 3 * HOUR}`,
      `/events?startTime=${now - 3 * HOUR}&endTime=${now + 3 * HOUR}&channelId=1`,
      `/epg/1/${day}`,
      '/keep-watching',
      '/genres',
      '/search?term=noche',
      '/search?term=pel',
    ];
    const series = (await ok('/series', headers)) as { resources: { id: number }[] };
    for (const s of series.resources.slice(0, 3)) {
      urls.push(`/series/${s.id}`, `/series/${s.id}/seasons`);
      const seasons = (await ok(`/series/${s.id}/seasons`, headers)) as { resources: { id: number }[] };
      for (const season of seasons.resources.slice(0, 1)) urls.push(`/seasons/${season.id}/episodes`);
    }
    const screens = (await ok('/screens', headers)) as { resources: { listGroupId: number }[] };
    for (const screen of screens.resources) {
      urls.push(`/screen/lists?listGroupId=${screen.listGroupId}`);
      const rows = (await ok(`/screen/lists?listGroupId=${screen.listGroupId}`, headers)) as {
        resources: { id: number; is_adult: number }[];
      };
      for (const row of rows.resources.filter((r) => r.is_adult === 0))
        urls.push(`/lists/${row.id}/resources?limit=500`, `/categories/${row.id}/contents`);
    }
    const genres = (await ok('/genres?kind=section', headers)) as { resources: { id: number }[] };
    for (const g of genres.resources) urls.push(`/genres/${g.id}`);
    return urls;
  };

  it('a kids profile, with its token or by its sign-in alone, lists nothing above its level nor of the adult section', async () => {
    for (const headers of [kids, kidsDevice]) {
      const urls = await listUrls(headers);
      expect(urls.length).toBeGreaterThan(20);
      for (const url of urls) expect(adultIn(await ok(url, headers), level), url).toEqual([]);
      const contents = (await ok('/contents?limit=1000', headers)) as { total: number; resources: { id: number }[] };
      expect(contents.total).toBe(contents.resources.length);
      expect(contents.resources.map((f) => f.id)).not.toContain(ids.adultGenreFilm);
      const channels = (await ok('/channels', headers)) as { resources: { id: number }[] };
      expect(channels.resources.map((c) => c.id)).not.toContain(ids.adultChannel);
      expect(channels.resources.length).toBeGreaterThan(0);
    }
    // Some fifty lists, twice: longer than one request's budget on a busy two-core machine.
  }, 120_000);

  it('counts in a genre only what the profile may open: a kids profile not what it is refused', async () => {
    const countOf = async (headers: Headers) => {
      const all = (await ok('/genres', headers)) as { resources: { id: number; itemCount: number }[] };
      return new Map(all.resources.map((g) => [g.id, g.itemCount]));
    };
    const listed = async (headers: Headers) => {
      const page = (await ok(`/genres/${COUNTED_GENRE}`, headers)) as {
        genre: { itemCount: number };
        vods: unknown[];
        series: unknown[];
        events: unknown[];
      };
      return { count: page.genre.itemCount, shown: page.vods.length + page.series.length + page.events.length };
    };
    const adult = await countOf(demo);
    expect(adult.get(COUNTED_GENRE)).toBe(counted.length);
    expect(await listed(demo)).toEqual({ count: counted.length, shown: counted.length });
    for (const headers of [kids, kidsDevice]) {
      const opened = [];
      for (const { url } of counted) {
        const status = (await get(url, headers)).statusCode;
        expect([200, 403], url).toContain(status);
        if (status === 200) opened.push(url);
      }
      // Not vacuous: some of the genre's items are refused, some opened.
      expect(opened.length).toBeGreaterThan(0);
      expect(opened.length).toBeLessThan(counted.length);
      const mine = await countOf(headers);
      expect(mine.get(COUNTED_GENRE)).toBe(opened.length);
      expect(await listed(headers)).toEqual({ count: opened.length, shown: opened.length });
      // No genre counts more for a kids profile than for an adult one, and no adult channel is counted.
      for (const [id, n] of mine) expect(n, `genre ${id}`).toBeLessThanOrEqual(adult.get(id) ?? 0);
      const channels = (await ok('/channels', headers)) as { resources: unknown[] };
      expect(mine.get(GENRE_CHANNELS)).toBe(channels.resources.length);
    }
    expect(adult.get(GENRE_CHANNELS)).toBeGreaterThan(
      ((await ok('/channels', kids)) as { resources: unknown[] }).resources.length,
    );
  });

  it('an adult profile of the same account still sees them', async () => {
    const adult = { ...demo, [PROFILE_HEADER]: adultToken };
    // The check above finds them in an adult's answers: it is not vacuous.
    expect(adultIn(await ok('/contents?limit=1000', demo), level)).not.toEqual([]);
    expect(adultIn(await ok('/channels', demo), level)).not.toEqual([]);
    for (const headers of [demo, adult]) {
      const contents = (await ok('/contents?limit=1000', headers)) as { resources: { id: number }[] };
      expect(contents.resources.map((f) => f.id)).toEqual(expect.arrayContaining([ids.ratedFilm, ids.adultGenreFilm]));
      const channels = (await ok('/channels', headers)) as { resources: { id: number }[] };
      expect(channels.resources.map((c) => c.id)).toContain(ids.adultChannel);
      expect((await get(`/genres/${GENRE_ADULT}`, headers)).statusCode).toBe(200);
      expect((await get(`/lists/${ids.adultList}/resources`, headers)).statusCode).toBe(200);
      const now = ctx.clock.now();
      const window = (await ok(`/events?startTime=${now - HOUR}&endTime=${now + HOUR}`, headers)) as {
        resources: { id: number }[];
      };
      expect(window.resources.map((e) => e.id)).toContain(ids.ratedEvent);
    }
  });

  it('refuses a kids profile the detail of what it may not see, and the adult section, with 403', async () => {
    const day = new Date(ctx.clock.now()).toISOString().slice(0, 10);
    for (const url of [
      `/contents/${ids.ratedFilm}`,
      `/contents/${ids.adultGenreFilm}`,
      `/channels/${ids.adultChannel}`,
      `/epg/${ids.adultChannel}/${day}`,
      `/events/${ids.ratedEvent}`,
      `/genres/${GENRE_ADULT}`,
      `/lists/${ids.adultList}/resources`,
      `/categories/${ids.adultList}/contents`,
    ]) {
      const res = await get(url, kids);
      expect(res.statusCode, url).toBe(403);
      expect(res.json(), url).toMatchObject({ data: { profile: 'kids_refused' } });
    }
    // Unknown items stay 404.
    expect((await get('/contents/99999999', kids)).statusCode).toBe(404);
  });

  it('keeps shared answers apart: an adult asking after a kids profile still gets everything, and the reverse', async () => {
    const now = ctx.clock.now();
    const url = `/events?startTime=${now - 2 * HOUR}&endTime=${now + 2 * HOUR}`;
    const first = (await ok(url, kids)) as { resources: { id: number }[] };
    const second = (await ok(url, demo)) as { resources: { id: number }[] };
    const third = (await ok(url, kids)) as { resources: { id: number }[] };
    expect(first.resources.map((e) => e.id)).not.toContain(ids.ratedEvent);
    expect(second.resources.map((e) => e.id)).toContain(ids.ratedEvent);
    expect(third).toEqual(first);
  });

  it('refuses forged profile headers: a bare id, another account’s token, an adult token on a kids sign-in', async () => {
    expect((await get('/contents', { ...demo, [PROFILE_HEADER]: '1' })).statusCode).toBe(400);
    const other = await get('/contents', { ...demo, [PROFILE_HEADER]: basicoToken });
    expect(other.statusCode).toBe(403);
    const tampered = `${adultToken.slice(0, -3)}abc`;
    expect((await get('/channels', { ...kidsDevice, [PROFILE_HEADER]: tampered })).statusCode).toBe(403);
    // The parent's (valid) token copied onto the child's tablet does not leave the kids profile.
    const copied = await get('/channels', { ...kidsDevice, [PROFILE_HEADER]: adultToken });
    expect(copied.statusCode).toBe(403);
    expect(copied.json()).toMatchObject({ data: { profile: 'token_refused' } });
  });

  it('a kids profile buys only with the account password: without it 403, a wrong one 400, the right one starts it', async () => {
    ({ stop } = await listenWithWork(ctx));
    const start = (headers: Headers, productId: number, accountPassword?: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/purchases',
        headers,
        payload: { productId, holderName: 'Ana Demo', ...(accountPassword === undefined ? {} : { accountPassword }) },
      });
    const basico = await signInAs(BASICO, 'basico1234');
    const kidsId = await createKids(basico);
    const child = await signInAs(BASICO, 'basico1234');
    const childKids = { ...child, [PROFILE_HEADER]: await select(child, kidsId) };
    for (const headers of [childKids, child]) {
      const none = await start(headers, PACKAGE_IDS.cine);
      expect(none.statusCode, none.body).toBe(403);
      expect(none.json()).toMatchObject({ data: { profile: 'password_required' } });
      const wrong = await start(headers, PACKAGE_IDS.cine, 'nope1234');
      expect(wrong.statusCode, wrong.body).toBe(400);
      expect(wrong.json()).toMatchObject({ data: { wrong: 'password' } });
    }
    const right = await start(childKids, PACKAGE_IDS.cine, 'basico1234');
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json()).toMatchObject({ amountCents: 999 });
    // An adult profile buys as before, without the password.
    const adult = await start(basico, PACKAGE_IDS.series);
    expect(adult.statusCode, adult.body).toBe(200);
  });

  it('names to a kids profile no channel group of adult channels, nor a channel for a programme above its level', async () => {
    await ctx.sql.insertInto('channelGenres').values({ id: 9901, name: 'Solo adultos', position: 99 }).execute();
    await ctx.sql.updateTable('channels').set({ channelGenreId: 9901 }).where('id', '=', ids.adultChannel).execute();
    const now = ctx.clock.now();
    const onAir = await ctx.sql
      .selectFrom('events')
      .select(['id', 'channelId'])
      .where('channelId', '=', 2)
      .where('startTime', '<=', now)
      .where('endTime', '>', now)
      .executeTakeFirstOrThrow();
    await ctx.sql
      .updateTable('events')
      .set({ genreId: 9902, parental: Math.min(level + 1, 6) })
      .where('id', '=', onAir.id)
      .execute();
    const groupNames = async (headers: Headers) =>
      ((await ok('/guide/groups?limit=100', headers)) as { groups: { name: string }[] }).groups.map((g) => g.name);
    const genreChannels = async (headers: Headers) =>
      (
        (await ok(`/guide/genre-channels?genreId=9902&from=${now - HOUR}&to=${now + HOUR}`, headers)) as {
          channelIds: number[];
        }
      ).channelIds;
    expect(await groupNames(demo)).toContain('Solo adultos');
    expect(await genreChannels(demo)).toEqual([onAir.channelId]);
    for (const headers of [kids, kidsDevice]) {
      expect(await groupNames(headers)).not.toContain('Solo adultos');
      expect((await groupNames(headers)).length).toBeGreaterThan(0);
      expect(await genreChannels(headers)).toEqual([]);
    }
  });
});

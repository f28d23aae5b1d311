import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PROFILE_HEADER,
  favouriteChannelsSchema,
  myListItemSchema,
  myListMembershipSchema,
  myListPageSchema,
  profileDetailListSchema,
  profileDetailSchema,
  profileSelectedSchema,
} from '@pantalla/contracts';
import { BASICO, DEMO, bearerFor } from '../../../test/auth';
import { createTestContext, type TestContext } from '../../../test/context';
import { databaseKinds } from '../../../test/databases';
import type { FavouritesTables } from './testing';

const kinds = await databaseKinds();

/** Issue 30: favourite channels and "Mi lista", kept apart per account and per profile. */
describe.each(kinds)('favourites on %s', (kind) => {
  let ctx: TestContext;
  let demo: Record<string, string>;
  let basico: Record<string, string>;
  /** Demo's default profile and a second one; basico's default. */
  let demoFirst: number;
  let demoSecond: number;
  let basicoFirst: number;
  let channels: number[];
  let films: { id: number; parental: number }[];
  let seriesId: number;
  let eventId: number;

  /** Profile id → the token POST /profiles/{id}/select answered (the header carries only that). */
  const tokens = new Map<number, string>();
  const as = (auth: Record<string, string>, profileId?: number) =>
    profileId === undefined ? auth : { ...auth, [PROFILE_HEADER]: tokens.get(profileId) ?? String(profileId) };
  const pick = async (auth: Record<string, string>, profileId: number) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/profiles/${profileId}/select`,
      headers: auth,
      payload: {},
    });
    expect(res.statusCode, res.body).toBe(200);
    tokens.set(profileId, profileSelectedSchema.parse(res.json()).profileToken);
  };
  const call = (method: 'GET' | 'PUT' | 'DELETE', url: string, headers: Record<string, string>, payload?: object) =>
    ctx.app.inject({ method, url: `/api/v1${url}`, headers, ...(payload ? { payload } : {}) });
  const favouriteIds = async (headers: Record<string, string>) => {
    const res = await call('GET', '/favourites/channels', headers);
    expect(res.statusCode, res.body).toBe(200);
    return favouriteChannelsSchema.parse(res.json()).channelIds;
  };
  const listAll = async (headers: Record<string, string>, query = '') => {
    const res = await call('GET', `/my-list${query}`, headers);
    expect(res.statusCode, res.body).toBe(200);
    return myListPageSchema.parse(res.json());
  };

  beforeAll(async () => {
    ctx = await createTestContext(kind);
    demo = await bearerFor(ctx, DEMO);
    basico = await bearerFor(ctx, BASICO);
    const demoProfiles = profileDetailListSchema.parse((await call('GET', '/profiles', demo)).json()).resources;
    demoFirst = demoProfiles[0]!.id;
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/profiles',
      headers: demo,
      payload: { name: 'Favoritos segundo', kind: 'kids' },
    });
    expect(created.statusCode, created.body).toBe(201);
    demoSecond = profileDetailSchema.parse(created.json()).id;
    basicoFirst = profileDetailListSchema.parse((await call('GET', '/profiles', basico)).json()).resources[0]!.id;
    channels = (await ctx.sql.selectFrom('channels').select('id').orderBy('id').limit(5).execute()).map((c) => c.id);
    films = await ctx.sql.selectFrom('films').select(['id', 'parental']).orderBy('id').execute();
    seriesId = (await ctx.sql.selectFrom('series').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
    await pick(demo, demoFirst);
    await pick(demo, demoSecond);
    await pick(basico, basicoFirst);
    eventId = (await ctx.sql.selectFrom('events').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => ctx?.close());

  it('stars channels in order, idempotently, apart per profile and per account', async () => {
    const [a, b, c] = channels as [number, number, number];
    expect(await favouriteIds(as(demo))).toEqual([]);
    for (const id of [b, a, b]) {
      const res = await call('PUT', `/favourites/channels/${id}`, as(demo, demoFirst));
      expect(res.statusCode, res.body).toBe(200);
    }
    // No header: the first profile; the same list.
    expect(await favouriteIds(as(demo))).toEqual([b, a]);
    expect(await favouriteIds(as(demo, demoFirst))).toEqual([b, a]);
    expect(await favouriteIds(as(demo, demoSecond))).toEqual([]);
    expect(await favouriteIds(as(basico))).toEqual([]);

    expect((await call('PUT', `/favourites/channels/${c}`, as(demo, demoSecond))).statusCode).toBe(200);
    expect(await favouriteIds(as(demo, demoSecond))).toEqual([c]);
    expect(await favouriteIds(as(demo, demoFirst))).toEqual([b, a]);

    // Reorder the whole list; then remove (twice: still 204).
    const reordered = await call('PUT', '/favourites/channels', as(demo, demoFirst), { channelIds: [a, c, b] });
    expect(reordered.statusCode, reordered.body).toBe(200);
    expect(favouriteChannelsSchema.parse(reordered.json()).channelIds).toEqual([a, c, b]);
    for (let i = 0; i < 2; i++)
      expect((await call('DELETE', `/favourites/channels/${c}`, as(demo, demoFirst))).statusCode).toBe(204);
    expect(await favouriteIds(as(demo, demoFirst))).toEqual([a, b]);
    expect(await favouriteIds(as(demo, demoSecond))).toEqual([c]);
  });

  it('refuses another account’s profile (403), a malformed one (400), an unknown channel (404) and repeats (400)', async () => {
    const [a] = channels as [number];
    expect((await call('GET', '/favourites/channels', as(basico, demoFirst))).statusCode).toBe(403);
    expect((await call('PUT', `/favourites/channels/${a}`, as(basico, demoSecond))).statusCode).toBe(403);
    expect((await call('DELETE', `/favourites/channels/${a}`, as(basico, demoFirst))).statusCode).toBe(403);
    expect((await call('GET', '/my-list', as(demo, basicoFirst))).statusCode).toBe(403);
    expect((await call('PUT', `/my-list/film/${films[0]!.id}`, as(demo, basicoFirst))).statusCode).toBe(403);
    expect((await call('GET', '/favourites/channels', { ...demo, [PROFILE_HEADER]: 'abc' })).statusCode).toBe(400);
    expect((await call('PUT', '/favourites/channels/99999999', as(demo))).statusCode).toBe(404);
    expect((await call('PUT', '/favourites/channels/0', as(demo))).statusCode).toBe(400);
    expect((await call('PUT', '/favourites/channels', as(demo), { channelIds: [a, a] })).statusCode).toBe(400);
    expect((await call('PUT', '/favourites/channels', as(demo), { channelIds: [a, 99999999] })).statusCode).toBe(404);
    expect((await call('PUT', '/favourites/channels', as(demo), { channelIds: 'x' })).statusCode).toBe(400);
    expect((await call('PUT', '/my-list/album/1', as(demo))).statusCode).toBe(400);
    expect((await call('GET', '/my-list?cursor=zzz', as(demo))).statusCode).toBe(400);
    expect((await call('GET', '/favourites/channels', {})).statusCode).toBe(401);
    // Nothing of demo's leaked into basico's.
    expect(await favouriteIds(as(basico, basicoFirst))).toEqual([]);
  });

  it('adds films, series and programmes to Mi lista idempotently, per profile, paged newest first', async () => {
    const plain = films.filter((f) => f.parental < 7);
    const added: string[] = [];
    for (const f of plain.slice(0, 4)) {
      ctx.clock.advance(1000);
      const res = await call('PUT', `/my-list/film/${f.id}`, as(demo, demoFirst));
      expect(res.statusCode, res.body).toBe(201);
      expect(myListItemSchema.parse(res.json())).toMatchObject({ kind: 'film', id: f.id });
      added.push(`film:${f.id}`);
    }
    ctx.clock.advance(1000);
    expect((await call('PUT', `/my-list/series/${seriesId}`, as(demo, demoFirst))).statusCode).toBe(201);
    ctx.clock.advance(1000);
    expect((await call('PUT', `/my-list/programme/${eventId}`, as(demo, demoFirst))).statusCode).toBe(201);
    added.push(`series:${seriesId}`, `programme:${eventId}`);
    // The same film again: 200, the same item, nothing new.
    const again = await call('PUT', `/my-list/film/${plain[0]!.id}`, as(demo, demoFirst));
    expect(again.statusCode).toBe(200);
    expect((await call('PUT', '/my-list/film/99999999', as(demo, demoFirst))).statusCode).toBe(404);

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await listAll(as(demo, demoFirst), `?limit=4${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...page.items.map((i) => `${i.kind}:${i.id}`));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(2);
    expect(seen).toEqual([...added].reverse());
    expect((await listAll(as(demo, demoFirst), '?kind=series')).items.map((i) => i.id)).toEqual([seriesId]);
    expect((await listAll(as(demo, demoSecond))).items).toEqual([]);
    expect((await listAll(as(basico))).items).toEqual([]);

    const member = async (headers: Record<string, string>, url: string) =>
      myListMembershipSchema.parse((await call('GET', url, headers)).json()).inList;
    expect(await member(as(demo, demoFirst), `/my-list/series/${seriesId}`)).toBe(true);
    expect(await member(as(demo, demoSecond), `/my-list/series/${seriesId}`)).toBe(false);
    for (let i = 0; i < 2; i++)
      expect((await call('DELETE', `/my-list/series/${seriesId}`, as(demo, demoFirst))).statusCode).toBe(204);
    expect(await member(as(demo, demoFirst), `/my-list/series/${seriesId}`)).toBe(false);
  });

  it('keeps rating-7 titles out of a kids profile’s list', async () => {
    const adult = films.find((f) => f.parental === 7)!;
    const res = await call('PUT', `/my-list/film/${adult.id}`, as(demo, demoSecond));
    expect(res.statusCode).toBe(403);
    expect((res.json() as { message: string }).message).toContain('infantil');
  });

  it('removes a deleted profile’s favourites with it', async () => {
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/profiles',
      headers: demo,
      payload: { name: 'Efímero' },
    });
    const id = profileDetailSchema.parse(created.json()).id;
    await pick(demo, id);
    expect((await call('PUT', `/favourites/channels/${channels[0]!}`, as(demo, id))).statusCode).toBe(200);
    expect((await call('PUT', `/my-list/film/${films[0]!.id}`, as(demo, id))).statusCode).toBe(201);
    expect((await call('DELETE', `/profiles/${id}`, demo)).statusCode).toBe(204);
    const k = ctx.platform.db.kysely<FavouritesTables>();
    const left = [
      ...(await k.selectFrom('favouriteChannels').select('id').where('profileId', '=', id).execute()),
      ...(await k.selectFrom('myListItems').select('id').where('profileId', '=', id).execute()),
    ];
    expect(left).toEqual([]);
  });
});

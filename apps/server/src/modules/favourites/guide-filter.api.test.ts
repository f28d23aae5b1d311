import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  NO_GUIDE_FILTER,
  PROFILE_HEADER,
  guideFilterSchema,
  guideGenreChannelsResponseSchema,
  guideGroupsResponseSchema,
  profileDetailListSchema,
  profileDetailSchema,
  profileSelectedSchema,
} from '@pantalla/contracts';
import { BASICO, DEMO, bearerFor } from '../../../test/auth';
import { createTestContext, type TestContext } from '../../../test/context';
import { databaseKinds } from '../../../test/databases';
import type { FavouritesTables } from './testing';

const kinds = await databaseKinds();

/** Issue 30: the guide filter remembered per profile, the groups it offers and a genre's channels. */
describe.each(kinds)('guide filter on %s', (kind) => {
  let ctx: TestContext;
  let demo: Record<string, string>;
  let basico: Record<string, string>;
  let demoFirst: number;
  let demoSecond: number;
  let basicoFirst: number;
  const tokens = new Map<number, string>();
  const as = (auth: Record<string, string>, profileId: number) => ({
    ...auth,
    [PROFILE_HEADER]: tokens.get(profileId) ?? '',
  });
  const call = (method: 'GET' | 'PUT', url: string, headers: Record<string, string>, payload?: object) =>
    ctx.app.inject({ method, url: `/api/v1${url}`, headers, ...(payload ? { payload } : {}) });
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
  const filterOf = async (headers: Record<string, string>) => {
    const res = await call('GET', '/guide/filter', headers);
    expect(res.statusCode, res.body).toBe(200);
    return guideFilterSchema.parse(res.json());
  };

  beforeAll(async () => {
    ctx = await createTestContext(kind);
    demo = await bearerFor(ctx, DEMO);
    basico = await bearerFor(ctx, BASICO);
    demoFirst = profileDetailListSchema.parse((await call('GET', '/profiles', demo)).json()).resources[0]!.id;
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/profiles',
      headers: demo,
      payload: { name: 'Filtro segundo', kind: 'adult' },
    });
    expect(created.statusCode, created.body).toBe(201);
    demoSecond = profileDetailSchema.parse(created.json()).id;
    basicoFirst = profileDetailListSchema.parse((await call('GET', '/profiles', basico)).json()).resources[0]!.id;
    await pick(demo, demoFirst);
    await pick(demo, demoSecond);
    await pick(basico, basicoFirst);
  });
  afterAll(async () => ctx?.close());

  it('is none until saved, then the profile that saved it gets it back, and no other profile', async () => {
    expect(await filterOf(as(demo, demoFirst))).toEqual(NO_GUIDE_FILTER);
    const saved = { favourites: true, groupId: 3, genreId: 1 };
    const put = await call('PUT', '/guide/filter', as(demo, demoFirst), saved);
    expect(put.statusCode, put.body).toBe(200);
    expect(guideFilterSchema.parse(put.json())).toEqual(saved);
    expect(await filterOf(as(demo, demoFirst))).toEqual(saved);
    // The other profile of the same account, and another account, have none.
    expect(await filterOf(as(demo, demoSecond))).toEqual(NO_GUIDE_FILTER);
    expect(await filterOf(as(basico, basicoFirst))).toEqual(NO_GUIDE_FILTER);
    // Replaced whole, not merged.
    const next = { favourites: false, groupId: null, genreId: 2 };
    await call('PUT', '/guide/filter', as(demo, demoFirst), next);
    expect(await filterOf(as(demo, demoFirst))).toEqual(next);
  });

  it("refuses another account's profile, reading or writing, and changes nothing", async () => {
    const other = { ...basico, [PROFILE_HEADER]: tokens.get(demoSecond)! };
    expect((await call('GET', '/guide/filter', other)).statusCode).toBe(403);
    const put = await call('PUT', '/guide/filter', other, { favourites: true, groupId: 9, genreId: null });
    expect(put.statusCode).toBe(403);
    expect(await filterOf(as(demo, demoSecond))).toEqual(NO_GUIDE_FILTER);
    expect((await call('GET', '/guide/filter', { ...demo, [PROFILE_HEADER]: String(demoFirst) })).statusCode).toBe(400);
    expect((await call('GET', '/guide/filter', {})).statusCode).toBe(401);
  });

  it('refuses a malformed filter with 400', async () => {
    for (const body of [
      { favourites: 'yes', groupId: null, genreId: null },
      { favourites: true, groupId: 0, genreId: null },
      { favourites: true, groupId: null },
      { favourites: true, groupId: null, genreId: null, extra: 1 },
      { favourites: true, groupId: 1.5, genreId: null },
    ]) {
      const res = await call('PUT', '/guide/filter', as(demo, demoFirst), body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
  });

  it('goes with its profile when the profile is deleted', async () => {
    await call('PUT', '/guide/filter', as(demo, demoSecond), { favourites: true, groupId: null, genreId: null });
    const deleted = await ctx.app.inject({ method: 'DELETE', url: `/api/v1/profiles/${demoSecond}`, headers: demo });
    expect(deleted.statusCode, deleted.body).toBe(204);
    const left = await ctx.platform.db
      .kysely<FavouritesTables>()
      .selectFrom('guideFilters')
      .select('profileId')
      .execute();
    expect(left.map((r) => r.profileId)).not.toContain(demoSecond);
  });

  it('lists the channel groups a page at a time, the largest first', async () => {
    const res = await call('GET', '/guide/groups?limit=2', demo);
    expect(res.statusCode, res.body).toBe(200);
    const page = guideGroupsResponseSchema.parse(res.json());
    expect(page.groups.length).toBeLessThanOrEqual(2);
    expect(page.total).toBeGreaterThanOrEqual(page.groups.length);
    const all = guideGroupsResponseSchema.parse((await call('GET', '/guide/groups?limit=100', demo)).json());
    const listed = await ctx.sql
      .selectFrom('channels')
      .select('channelGenreId')
      .where('enabled', '<>', 0)
      .where('kind', '<>', 'radio')
      .execute();
    expect(all.groups.reduce((n, g) => n + g.channels, 0)).toBe(listed.length);
    const counts = all.groups.map((g) => g.channels);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect((await call('GET', '/guide/groups?limit=0', demo)).statusCode).toBe(400);
    expect((await call('GET', '/guide/groups?limit=101', demo)).statusCode).toBe(400);
  });

  it("answers the channels airing a genre's programme in a window, and nothing else", async () => {
    const now = Date.now();
    const event = await ctx.sql
      .selectFrom('events')
      .select(['channelId', 'sectionId', 'startTime', 'endTime'])
      .where('sectionId', 'is not', null)
      .where('parental', '<', 7)
      .where('startTime', '>', now)
      .orderBy('startTime')
      .executeTakeFirstOrThrow();
    const from = Number(event.startTime);
    const res = await call('GET', `/guide/genre-channels?genreId=${event.sectionId}&from=${from}&to=${from + 1}`, demo);
    expect(res.statusCode, res.body).toBe(200);
    const ids = guideGenreChannelsResponseSchema.parse(res.json()).channelIds;
    expect(ids).toContain(event.channelId);
    const airing = await ctx.sql
      .selectFrom('events')
      .select('channelId')
      .distinct()
      .where('sectionId', '=', event.sectionId)
      .where('parental', '<', 7)
      .where('startTime', '<', from + 1)
      .where('endTime', '>', from)
      .execute();
    expect([...ids].sort()).toEqual(airing.map((r) => r.channelId).sort());
    for (const bad of [`genreId=1&from=10&to=5`, `genreId=1&from=0&to=${16 * 24 * 3600_000}`, 'genreId=x&from=0&to=1'])
      expect((await call('GET', `/guide/genre-channels?${bad}`, demo)).statusCode, bad).toBe(400);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PROFILE_HEADER,
  guideSearchResponseSchema,
  profileDetailSchema,
  profileSelectedSchema,
  type GuideSearchHit,
} from '@pantalla/contracts';
import { BASICO, DEMO, bearerFor } from '../../../../test/auth';
import { createTestContext, type TestContext } from '../../../../test/context';
import { databaseKinds } from '../../../../test/databases';
import { normalizeForSearch } from '../search-text';

const kinds = await databaseKinds();
const HOUR = 3_600_000;
const TITLE = 'Crónicas del Océano Pacífico';

/** Issue 30: a programme found by title across the whole guide, typed with a slip, by when it airs. */
describe.each(kinds)('guide search on %s', (kind) => {
  let ctx: TestContext;
  let demo: Record<string, string>;
  let kids: Record<string, string>;
  /** The sign-in that chose the kids profile, without its token. */
  let kidsDevice: Record<string, string>;
  let basico: Record<string, string>;
  const ids = { now: 0, later: 0, catchup: 0, tooOld: 0, teen: 0, adult: 0 };

  const search = async (q: string, headers: Record<string, string>, extra = '') => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/guide/search?q=${encodeURIComponent(q)}${extra}`,
      headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    return guideSearchResponseSchema.parse(res.json());
  };
  const found = (hits: GuideSearchHit[]) => hits.map((h) => [h.eventId, h.when]);

  /** Gives a demo programme a title (and its normalised form) and rating of the test's own. */
  const retitle = async (id: number, title: string, parental = 2) => {
    await ctx.sql
      .updateTable('events')
      .set({ title, searchTitle: normalizeForSearch(title), parental })
      .where('id', '=', id)
      .execute();
    return id;
  };

  beforeAll(async () => {
    ctx = await createTestContext(kind);
    demo = await bearerFor(ctx, DEMO);
    basico = await bearerFor(ctx, BASICO);
    const now = ctx.clock.now();
    const one = await ctx.sql
      .selectFrom('events')
      .select(['id', 'startTime', 'endTime'])
      .where('channelId', '=', 1)
      .orderBy('startTime')
      .execute();
    const pick = (test: (e: { startTime: number; endTime: number }) => boolean) => one.find(test)?.id ?? 0;
    ids.now = await retitle(
      pick((e) => e.startTime <= now && e.endTime > now),
      TITLE,
    );
    ids.later = await retitle(
      pick((e) => e.startTime > now + HOUR),
      TITLE,
    );
    ids.catchup = await retitle(
      pick((e) => e.endTime < now - 2 * HOUR && e.endTime > now - 24 * HOUR),
      TITLE,
    );
    // Older than Pantalla Uno's week of catch-up, where the demo guide reaches that far.
    const old = pick((e) => e.endTime < now - 8 * 24 * HOUR);
    if (old) ids.tooOld = await retitle(old, TITLE);
    const two = await ctx.sql
      .selectFrom('events')
      .select('id')
      .where('channelId', '=', 2)
      .where('startTime', '>', now + HOUR)
      .orderBy('startTime')
      .limit(2)
      .execute();
    ids.teen = await retitle(two[0]!.id, 'Crónicas del instituto', 5);
    ids.adult = await retitle(two[1]!.id, 'Crónicas de madrugada', 7);
    for (const id of [ids.now, ids.later, ids.catchup]) expect(id).toBeGreaterThan(0);

    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/profiles',
      headers: demo,
      payload: { name: 'Peques', kind: 'kids' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const kidsId = profileDetailSchema.parse(created.json()).id;
    // Another sign-in of demo@ (another device, through the login) chooses it: the first stays adult.
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { flow: 'password', username: DEMO, password: 'demo1234' },
    });
    expect(login.statusCode, login.body).toBe(200);
    kidsDevice = { authorization: `Bearer ${(login.json() as { idToken: string }).idToken}` };
    const selected = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/profiles/${kidsId}/select`,
      headers: kidsDevice,
      payload: {},
    });
    expect(selected.statusCode, selected.body).toBe(200);
    kids = { ...kidsDevice, [PROFILE_HEADER]: profileSelectedSchema.parse(selected.json()).profileToken };
  });
  afterAll(async () => ctx?.close());

  it('finds a programme typed with a slip and without accents: on now, later, then catch-up', async () => {
    for (const q of ['cronicsa del oceano', 'CRÓNICAS océano', 'oceano pacif']) {
      const { hits } = await search(q, demo);
      const ours = hits.filter((h) => h.title === TITLE);
      expect(found(ours).slice(0, 3), q).toEqual([
        [ids.now, 'now'],
        [ids.later, 'later'],
        [ids.catchup, 'catchup'],
      ]);
      if (ids.tooOld) expect(hits.map((h) => h.eventId)).not.toContain(ids.tooOld);
      expect(ours[0]).toMatchObject({ channelId: 1, channelName: 'Pantalla Uno', channelNumber: 1 });
    }
  });

  it('never shows rating 7, and hides from a kids profile what is above its rating', async () => {
    const adult = await search('cronicas', demo);
    expect(adult.hits.map((h) => h.eventId)).toContain(ids.teen);
    expect(adult.hits.map((h) => h.eventId)).not.toContain(ids.adult);
    const child = await search('cronicas', kids);
    expect(child.hits.map((h) => h.eventId)).toContain(ids.now);
    expect(child.hits.map((h) => h.eventId)).not.toContain(ids.teen);
    expect(child.hits.map((h) => h.eventId)).not.toContain(ids.adult);
    // Without the token, the sign-in's own choice: still the kids profile.
    expect((await search('cronicas', kidsDevice)).hits.map((h) => h.eventId)).not.toContain(ids.teen);
  });

  it('pages the answer on the server, each hit once', async () => {
    const first = await search('cronicas', basico, '&limit=2');
    expect(first.hits).toHaveLength(2);
    expect(first.nextCursor).toBe(2);
    const rest = await search('cronicas', basico, `&limit=50&cursor=${first.nextCursor}`);
    const all = [...first.hits, ...rest.hits].map((h) => h.eventId);
    expect(new Set(all).size).toBe(all.length);
    expect(all).toEqual((await search('cronicas', basico, '&limit=50')).hits.map((h) => h.eventId));
  });

  it('finds nothing for words no title holds, and refuses a short or missing query and a stranger', async () => {
    expect((await search('zzzqqq xyzzy', demo)).hits).toEqual([]);
    for (const url of ['/api/v1/guide/search?q=ab', '/api/v1/guide/search', '/api/v1/guide/search?q=abc&limit=0']) {
      const res = await ctx.app.inject({ method: 'GET', url, headers: demo });
      expect(res.statusCode, url).toBe(400);
    }
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/v1/guide/search?q=cronicas' });
    expect(anonymous.statusCode).toBe(401);
  });
});

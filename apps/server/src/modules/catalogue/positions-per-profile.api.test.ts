import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PROFILE_HEADER,
  keepWatchingResponseSchema,
  openSessionResponseSchema,
  profileDetailListSchema,
  profileDetailSchema,
  profileSelectedSchema,
} from '@pantalla/contracts';
import { BASICO, DEMO, bearerFor } from '../../../test/auth';
import { builders } from '../../../test/builders';
import { createTestContext, type TestContext } from '../../../test/context';
import { databaseKinds } from '../../../test/databases';

const kinds = await databaseKinds();

/** Issue 30: keep-watching and resume positions are each profile's own. */
describe.each(kinds)('positions per profile on %s', (kind) => {
  let ctx: TestContext;
  let demo: Record<string, string>;
  let basico: Record<string, string>;
  let first: number;
  let second: number;
  let film: number;
  const tokens = new Map<number, string>();
  const as = (auth: Record<string, string>, profileId: number) => ({
    ...auth,
    [PROFILE_HEADER]: tokens.get(profileId) ?? '',
  });
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
  const mark = (headers: Record<string, string>, positionInMs: number) =>
    ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/keep-watching/mark',
      headers,
      payload: { id: film, kind: 'vod', positionInMs },
    });
  const watching = async (headers: Record<string, string>) => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/keep-watching', headers });
    expect(res.statusCode, res.body).toBe(200);
    return keepWatchingResponseSchema.parse(res.json()).resources.map((b) => [b.id, b.kind, b.positionInMs]);
  };
  const resumeAt = async (headers: Record<string, string>) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/sessions',
      headers,
      payload: {
        reference: { serviceName: 'test', type: 'VOD', id: String(film) },
        streamingProtocol: 'DASH',
        profileId: 0,
        deviceFingerprint: 'vitest',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    return openSessionResponseSchema.parse(res.json()).playInfo.positionInMs;
  };

  beforeAll(async () => {
    ctx = await createTestContext(kind);
    demo = await bearerFor(ctx, DEMO);
    basico = await bearerFor(ctx, BASICO);
    const profiles = await ctx.app.inject({ method: 'GET', url: '/api/v1/profiles', headers: demo });
    first = profileDetailListSchema.parse(profiles.json()).resources[0]!.id;
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/profiles',
      headers: demo,
      payload: { name: 'Posiciones segundo', kind: 'adult' },
    });
    expect(created.statusCode, created.body).toBe(201);
    second = profileDetailSchema.parse(created.json()).id;
    await pick(demo, first);
    await pick(demo, second);
    film = (
      await ctx.sql
        .selectFrom('films')
        .select('id')
        .where('packageId', '=', 1)
        .where('parental', '!=', 7)
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(async () => ctx?.close());

  it('keeps each profile its own keep-watching and resume position', async () => {
    await builders(ctx).forgetStreamSessions();
    expect((await mark(as(demo, first), 60_000)).statusCode).toBe(200);
    expect((await mark(as(demo, second), 120_000)).statusCode).toBe(200);
    expect(await watching(as(demo, first))).toEqual([[film, 'vod', 60_000]]);
    expect(await watching(as(demo, second))).toEqual([[film, 'vod', 120_000]]);
    // Without a token (this test's bearer names no sign-in that chose): the first profile.
    expect(await watching(demo)).toEqual([[film, 'vod', 60_000]]);
    expect(await watching(basico)).toEqual([]);

    // A session resumes at its profile's position, and its close moves only that profile's.
    expect(await resumeAt(as(demo, first))).toBe(60_000);
    const s = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/sessions',
      headers: as(demo, second),
      payload: {
        reference: { serviceName: 'test', type: 'VOD', id: String(film) },
        streamingProtocol: 'DASH',
        profileId: 0,
        deviceFingerprint: 'vitest',
      },
    });
    const opened = openSessionResponseSchema.parse(s.json());
    expect(opened.playInfo.positionInMs).toBe(120_000);
    const closed = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/sessions/${opened.id}`,
      headers: as(demo, second),
      payload: { positionInMs: 150_000 },
    });
    expect(closed.statusCode).toBe(204);
    expect(await watching(as(demo, second))).toEqual([[film, 'vod', 150_000]]);
    expect(await watching(as(demo, first))).toEqual([[film, 'vod', 60_000]]);

    // Deleting a mark acts for the request's profile only.
    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/keep-watching/delete-mark/${film}/vod`,
      headers: as(demo, first),
    });
    expect(removed.statusCode).toBe(200);
    expect(await watching(as(demo, first))).toEqual([]);
    expect(await watching(as(demo, second))).toEqual([[film, 'vod', 150_000]]);
  });

  it("refuses another account's profile and a bare id, and forgets a deleted profile's positions", async () => {
    // Demo's profile token in basico's requests: 403; a bare id is not a profile token: 400.
    const foreign = { ...basico, [PROFILE_HEADER]: tokens.get(second)! };
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/keep-watching', headers: foreign })).statusCode).toBe(
      403,
    );
    expect((await mark(foreign, 1_000)).statusCode).toBe(403);
    expect(
      (
        await ctx.app.inject({
          method: 'DELETE',
          url: `/api/v1/keep-watching/delete-mark/${film}/vod`,
          headers: foreign,
        })
      ).statusCode,
    ).toBe(403);
    expect((await mark({ ...basico, [PROFILE_HEADER]: String(first) }, 1_000)).statusCode).toBe(400);
    expect(await watching(as(demo, second))).toEqual([[film, 'vod', 150_000]]);

    const gone = await ctx.app.inject({ method: 'DELETE', url: `/api/v1/profiles/${second}`, headers: demo });
    expect(gone.statusCode, gone.body).toBe(204);
    const left = await ctx.sql.selectFrom('bookmarks').select('profileId').where('profileId', '=', second).execute();
    expect(left).toEqual([]);
  });
});

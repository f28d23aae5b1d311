import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import {
  NUM_DEVICES,
  PLAYBACK_REFUSAL,
  clearKeyLicenceResponseSchema,
  heartbeatResponseSchema,
  keepWatchingResponseSchema,
  openSessionResponseSchema,
  preloadResponseSchema,
  readJwtClaims,
  type OpenSessionResponse,
} from '@pantalla/contracts';
import { hexToBase64Url } from '@pantalla/media';
import { databaseKinds } from './databases';
import { createTestContext, type TestContext } from './context';
import { builders } from './builders';

const kinds = await databaseKinds();
const DEMO = { username: 'demo@pantalla.test', password: 'demo1234' };
const BASICO = { username: 'basico@pantalla.test', password: 'basico1234' };
const HOUR = 3600_000;

type Kind = 'LIVE' | 'CUTV' | 'VOD' | 'SERIE';

describe.each(kinds)('playback services on %s', (kind) => {
  let ctx: TestContext;
  let demo: string;
  let basico: string;
  let ids: {
    premiumFilm: number;
    adultFilm: number;
    episode: number;
    liveChannel: number;
    catchup: number;
    oldCatchup: number;
    noCatchupEvent: number;
  };

  const signIn = async (who: typeof DEMO): Promise<string> => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/v1/login', payload: { flow: 'password', ...who } });
    expect(res.statusCode).toBe(200);
    return (res.json() as { idToken: string }).idToken;
  };
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const openRaw = (token: string, type: Kind, id: number | string, extra: Record<string, unknown> = {}) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v1/sessions',
      headers: bearer(token),
      payload: {
        reference: { serviceName: 'test', type, id: String(id) },
        streamingProtocol: 'DASH',
        profileId: 0,
        deviceFingerprint: 'vitest',
        ...extra,
      },
    });
  const open = async (token: string, type: Kind, id: number): Promise<OpenSessionResponse> => {
    const res = await openRaw(token, type, id);
    expect(res.statusCode, res.body).toBe(201);
    return openSessionResponseSchema.parse(res.json());
  };
  const licence = (token: string, url: string, kids: string[]) =>
    ctx.app.inject({
      method: 'POST',
      url: new URL(url).pathname,
      headers: bearer(token),
      payload: JSON.stringify({ kids, type: 'temporary' }),
    });
  const refusal = (res: LightMyRequestResponse) => ({
    status: res.statusCode,
    data: (res.json() as { data?: unknown }).data,
  });
  const kidOf = (clipKey: string) => hexToBase64Url(ctx.modules.origin.keys.key(clipKey).kid);
  const pathOf = (url: string) => {
    const u = new URL(url);
    return `${u.pathname}${u.search}`;
  };

  beforeAll(async () => {
    ctx = await createTestContext(kind);
    await ctx.modules.origin.prepareDemoMedia();
    const k = ctx.sql;
    const now = ctx.clock.now();
    const films = await k.selectFrom('films').select(['id', 'packageId', 'parental']).execute();
    const ended = (channelId: number, before: number) =>
      k
        .selectFrom('events')
        .select('id')
        .where('channelId', '=', channelId)
        .where('endTime', '<', before)
        .orderBy('endTime', 'desc')
        .executeTakeFirstOrThrow();
    ids = {
      premiumFilm: films.find((f) => f.packageId !== 1 && f.parental !== 7)!.id,
      adultFilm: films.find((f) => f.parental === 7)!.id,
      episode: (await k.selectFrom('episodes').select('id').orderBy('id').executeTakeFirstOrThrow()).id,
      liveChannel: 1,
      catchup: (await ended(1, now - 60_000)).id,
      // Channel 51 keeps 24 h of catch-up; channel 50 none.
      oldCatchup: (await ended(51, now - 26 * HOUR)).id,
      noCatchupEvent: (await ended(50, now - 60_000)).id,
    };
    demo = await signIn(DEMO);
    basico = await signIn(BASICO);
  }, 300_000);
  afterAll(async () => {
    // The race test grows the pg pool to 20 clients; dropping the database (with force) while
    // pool.end() is still closing them makes pg emit 57P01 errors. Idle clients leave after 10 s.
    if (kind === 'postgres') await new Promise((r) => setTimeout(r, 11_000));
    await ctx?.close();
  }, 30_000);
  beforeEach(async () => {
    await builders(ctx).forgetStreamSessions();
  });

  describe('sessions', () => {
    it(`lets exactly ${NUM_DEVICES} of 20 simultaneous opens through`, async () => {
      const answers = await Promise.all(Array.from({ length: 20 }, () => openRaw(demo, 'LIVE', ids.liveChannel)));
      const statuses = answers.map((a) => a.statusCode);
      expect(statuses.filter((s) => s === 201)).toHaveLength(NUM_DEVICES);
      for (const refused of answers.filter((a) => a.statusCode !== 201))
        expect(refusal(refused)).toEqual({ status: 409, data: PLAYBACK_REFUSAL.tooManySessions });
    });

    it('answers the live URL with restart, ClearKey licence and heartbeat interval', async () => {
      const s = await open(demo, 'LIVE', ids.liveChannel);
      expect(s.playInfo.url).toMatch(
        /\/media\/live\/1\/premium\/manifest\.mpd\?jwt=[^&]+&user=\d+&model=web&type=300&operator=Pantalla$/,
      );
      expect(s.restartUrl).toMatch(/\/media\/restart\/\d+\/premium\/manifest\.mpd\?/);
      expect(s.drm).toEqual({
        keySystem: 'org.w3.clearkey',
        licenseUrl: expect.stringContaining(`/api/v1/drm/clearkey/${s.id}`),
      });
      expect(s.heartbeatIntervalMs).toBe(30_000);
      const drm = await ctx.app.inject({ method: 'GET', url: `/api/v1/sessions/${s.id}/drm`, headers: bearer(demo) });
      expect(drm.json()).toEqual({ clearkey: s.drm!.licenseUrl, widevine: null, fairplay: null });
    });

    it('preloads the zapping neighbours: signed live URLs under the playing session, only what the viewer may watch, no device slot', async () => {
      const preload = (token: string, id: string, channelIds: unknown) =>
        ctx.app.inject({
          method: 'POST',
          url: `/api/v1/sessions/${id}/preload`,
          headers: bearer(token),
          payload: { channelIds },
        });
      const s = await open(basico, 'LIVE', 1);
      // Channel 2 is basic; channel 10 (cine) is not basico's.
      const res = await preload(basico, s.id, [2, 10]);
      expect(res.statusCode, res.body).toBe(200);
      const { resources } = preloadResponseSchema.parse(res.json());
      expect(resources.map((r) => r.channelId)).toEqual([2]);
      expect(resources[0]!.url).toMatch(/\/media\/live\/2\/premium\/manifest\.mpd\?jwt=/);
      const mpd = await ctx.app.inject({ method: 'GET', url: pathOf(resources[0]!.url) });
      expect(mpd.statusCode).toBe(200);
      expect(mpd.body).toContain('type="dynamic"');
      // No slot taken: a second device still gets in, a third does not.
      expect((await openRaw(basico, 'LIVE', 2)).statusCode).toBe(201);
      expect(refusal(await openRaw(basico, 'LIVE', 3))).toEqual({
        status: 409,
        data: PLAYBACK_REFUSAL.tooManySessions,
      });
      // Only for a live session of one's own that is open, and at most two channels.
      const film = await open(demo, 'VOD', ids.premiumFilm);
      expect((await preload(demo, film.id, [2])).statusCode).toBe(400);
      expect(refusal(await preload(demo, s.id, [2]))).toEqual({ status: 401, data: 401 });
      expect((await preload(basico, s.id, [2, 3, 4])).statusCode).toBe(400);
      expect((await preload(basico, s.id, [])).statusCode).toBe(400);
      expect((await preload(basico, s.id, ['x'])).statusCode).toBe(400);
      await ctx.app.inject({ method: 'DELETE', url: `/api/v1/sessions/${s.id}`, headers: bearer(basico) });
      expect((await preload(basico, s.id, [2])).statusCode).toBeGreaterThanOrEqual(400);
    });

    it('keeps a session alive with heartbeats and expires it after missed ones', async () => {
      const s = await open(demo, 'LIVE', ids.liveChannel);
      const beat = () =>
        ctx.app.inject({ method: 'POST', url: `/api/v1/sessions/${s.id}/heartbeat`, headers: bearer(demo) });
      for (let i = 0; i < 4; i++) {
        ctx.clock.advance(60_000);
        const res = await beat();
        expect(res.statusCode).toBe(200);
        expect(Date.parse(heartbeatResponseSchema.parse(res.json()).expiresAt)).toBe(ctx.clock.now() + 90_000);
      }
      await open(demo, 'LIVE', ids.liveChannel);
      ctx.clock.advance(91_000);
      expect(refusal(await beat())).toEqual({ status: 404, data: PLAYBACK_REFUSAL.sessionExpired });
      // Expired sessions no longer hold a slot.
      await open(demo, 'LIVE', ids.liveChannel);
      await open(demo, 'LIVE', ids.liveChannel);
    });

    it('forgets sessions dead for more than a day at the account’s next open', async () => {
      const old = await open(demo, 'LIVE', ids.liveChannel);
      const start = ctx.clock.now();
      ctx.clock.advance(25 * HOUR);
      try {
        const fresh = await signIn(DEMO);
        await open(fresh, 'LIVE', ids.liveChannel);
        const left = await ctx.sql.selectFrom('streamSessions').select('id').execute();
        expect(left.map((r) => r.id)).not.toContain(old.id);
        expect(left).toHaveLength(1);
      } finally {
        ctx.clock.set(start);
      }
    });

    it('reset closes every session and its DRM sessions', async () => {
      const a = await open(demo, 'VOD', ids.premiumFilm);
      expect((await licence(demo, a.drm!.licenseUrl, [kidOf(`film-${ids.premiumFilm}.g1`)])).statusCode).toBe(200);
      await open(demo, 'LIVE', ids.liveChannel);
      expect(refusal(await openRaw(demo, 'LIVE', ids.liveChannel))).toEqual({
        status: 409,
        data: PLAYBACK_REFUSAL.tooManySessions,
      });
      const reset = await ctx.app.inject({ method: 'POST', url: '/api/v1/sessions/reset', headers: bearer(demo) });
      expect(reset.statusCode).toBe(204);
      const drm = await ctx.sql.selectFrom('drmSessions').select('revokedAt').execute();
      expect(drm.length).toBeGreaterThan(0);
      expect(drm.every((d) => d.revokedAt !== null)).toBe(true);
      expect(refusal(await licence(demo, a.drm!.licenseUrl, [kidOf(`film-${ids.premiumFilm}.g1`)]))).toEqual({
        status: 401,
        data: PLAYBACK_REFUSAL.sessionExpired,
      });
      await open(demo, 'LIVE', ids.liveChannel);
    });

    it('saves the position on close for keep-watching and starts there next time', async () => {
      const s = await open(demo, 'VOD', ids.premiumFilm);
      const close = await ctx.app.inject({
        method: 'DELETE',
        url: `/api/v1/sessions/${s.id}`,
        headers: bearer(demo),
        payload: { positionInMs: 120_000 },
      });
      expect(close.statusCode).toBe(204);
      const list = keepWatchingResponseSchema.parse(
        (await ctx.app.inject({ method: 'GET', url: '/api/v1/keep-watching', headers: bearer(demo) })).json(),
      );
      expect(list.resources.find((b) => b.id === ids.premiumFilm && b.kind === 'vod')?.positionInMs).toBe(120_000);
      expect((await open(demo, 'VOD', ids.premiumFilm)).playInfo.positionInMs).toBe(120_000);

      const cu = await open(demo, 'CUTV', ids.catchup);
      await ctx.app.inject({
        method: 'DELETE',
        url: `/api/v1/sessions/${cu.id}`,
        headers: bearer(demo),
        payload: { positionInMs: 5_000 },
      });
      const after = keepWatchingResponseSchema.parse(
        (await ctx.app.inject({ method: 'GET', url: '/api/v1/keep-watching', headers: bearer(demo) })).json(),
      );
      expect(after.resources.find((b) => b.id === ids.catchup && b.kind === 'cutv')?.positionInMs).toBe(5_000);
      // A closed session is gone for heartbeats; closing without a body is fine.
      expect(
        refusal(
          await ctx.app.inject({ method: 'POST', url: `/api/v1/sessions/${cu.id}/heartbeat`, headers: bearer(demo) }),
        ),
      ).toEqual({ status: 404, data: 116 });
      const s2 = await open(demo, 'SERIE', ids.episode);
      expect(
        (await ctx.app.inject({ method: 'DELETE', url: `/api/v1/sessions/${s2.id}`, headers: bearer(demo) }))
          .statusCode,
      ).toBe(204);
    });

    it('refuses catch-up outside the channel’s catchup_hours, or before the end, with 400', async () => {
      expect((await openRaw(demo, 'CUTV', ids.oldCatchup)).statusCode).toBe(400);
      expect((await openRaw(demo, 'CUTV', ids.noCatchupEvent)).statusCode).toBe(400);
      const live = await ctx.sql
        .selectFrom('events')
        .select('id')
        .where('channelId', '=', 1)
        .where('startTime', '<=', ctx.clock.now())
        .where('endTime', '>', ctx.clock.now())
        .executeTakeFirstOrThrow();
      expect((await openRaw(demo, 'CUTV', live.id)).statusCode).toBe(400);
      expect(
        (
          await ctx.app.inject({
            method: 'GET',
            url: `/media/catchup/${ids.oldCatchup}.smil/manifest.mpd?VOD`,
            headers: bearer(demo),
          })
        ).statusCode,
      ).toBe(400);
      const ok = await ctx.app.inject({
        method: 'GET',
        url: `/media/catchup/${ids.catchup}.smil/manifest.mpd?VOD`,
        headers: bearer(demo),
      });
      expect(ok.statusCode).toBe(200);
      expect(ok.body).toContain('type="static"');
    });

    it('passes an external source through without DRM', async () => {
      await builders(ctx).updateChannel(5, {
        streamSource: 'external',
        streamUrl: 'https://example.test/live/ext.m3u8',
        streamProtocol: 'hls',
      });
      try {
        const s = await open(demo, 'LIVE', 5);
        expect(s.playInfo.url).toBe('https://example.test/live/ext.m3u8');
        expect(s.drm).toBeNull();
        expect(s.restartUrl).toBeNull();
      } finally {
        await builders(ctx).updateChannel(5, { streamSource: 'origin', streamUrl: null, streamProtocol: 'dash' });
      }
    });

    it('answers malformed and unknown requests with 4xx and a message', async () => {
      const bad = [
        await ctx.app.inject({
          method: 'POST',
          url: '/api/v1/sessions',
          headers: bearer(demo),
          payload: { reference: { type: 'LIVE' } },
        }),
        await openRaw(demo, 'LIVE', 'uno'),
        await openRaw(demo, 'LIVE', 1, { streamingProtocol: 'RTMP' }),
        await openRaw(demo, 'LIVE', 1, { profileId: -1 }),
        await ctx.app.inject({
          method: 'POST',
          url: '/api/v1/sessions',
          headers: { ...bearer(demo), 'content-type': 'application/json' },
          payload: '{nope',
        }),
        await ctx.app.inject({
          method: 'POST',
          url: '/api/v1/drm/clearkey/abc',
          headers: bearer(demo),
          payload: '{"kids":["!!"],"type":"temporary"}',
        }),
        await ctx.app.inject({
          method: 'POST',
          url: '/api/v1/drm/clearkey/abc',
          headers: bearer(demo),
          payload: 'not json',
        }),
        await ctx.app.inject({
          method: 'DELETE',
          url: '/api/v1/sessions/abc',
          headers: bearer(demo),
          payload: { positionInMs: 'x' },
        }),
        await ctx.app.inject({ method: 'GET', url: '/media/live/abc/premium/manifest.mpd' }),
        await ctx.app.inject({ method: 'GET', url: '/media/catchup/abc.smil/manifest.mpd', headers: bearer(demo) }),
      ];
      for (const res of bad) {
        expect(res.statusCode, res.body).toBe(400);
        expect((res.json() as { message: string }).message.length).toBeGreaterThan(5);
      }
      // Another account's (or no) profile is refused, not malformed (issue 30).
      expect((await openRaw(demo, 'LIVE', 1, { profileId: 999999 })).statusCode).toBe(403);
      for (const [type, id] of [
        ['LIVE', 424242],
        ['CUTV', 424242],
        ['VOD', 424242],
        ['SERIE', 424242],
      ] as const) {
        expect((await openRaw(demo, type, id)).statusCode).toBe(404);
      }
      expect(
        (await ctx.app.inject({ method: 'POST', url: '/api/v1/sessions/nope/heartbeat', headers: bearer(demo) }))
          .statusCode,
      ).toBe(404);
      // Without a token only trailers answer; a bad name under one is a 404.
      expect((await ctx.app.inject({ method: 'GET', url: '/media/s/trailer-1/video-360p/abc.m4s' })).statusCode).toBe(
        404,
      );
      expect((await ctx.app.inject({ method: 'GET', url: '/media/s/../../etc/passwd' })).statusCode).toBe(404);
      expect(
        (await ctx.app.inject({ method: 'GET', url: '/media/s/trailer-1/video-360p/..%2F.key-secret' })).statusCode,
      ).toBe(404);
    });
  });

  describe('licences', () => {
    // Each channel and title has its own key, whatever clip it plays: a title's first generation, a channel's hour now.
    const kids = async (table: 'films' | 'channels', id: number) => [
      kidOf(table === 'films' ? `film-${id}.g1` : ctx.modules.origin.rotation.channelKey(id)),
    ];

    it('issues the key for an open session of this user and this content', async () => {
      const s = await open(demo, 'VOD', ids.premiumFilm);
      const res = await licence(demo, s.drm!.licenseUrl, await kids('films', ids.premiumFilm));
      expect(res.statusCode).toBe(200);
      const body = clearKeyLicenceResponseSchema.parse(res.json());
      const key = ctx.modules.origin.keys.key(`film-${ids.premiumFilm}.g1`);
      expect(body).toEqual({
        keys: [{ kty: 'oct', kid: hexToBase64Url(key.kid), k: hexToBase64Url(key.key) }],
        type: 'temporary',
      });
      // Asking for another content's key id is a 400.
      expect((await licence(demo, s.drm!.licenseUrl, [kidOf(`film-${ids.adultFilm}.g1`)])).statusCode).toBe(400);
      // Nor the key of the clip it plays: that one never leaves the origin.
      expect((await licence(demo, s.drm!.licenseUrl, [kidOf(await clipOf('films', ids.premiumFilm))])).statusCode).toBe(
        400,
      );
    });

    it('refuses with 116 for an expired idToken or session', async () => {
      const s = await open(demo, 'LIVE', ids.liveChannel);
      expect(refusal(await licence('x.y.z', s.drm!.licenseUrl, await kids('channels', 1)))).toEqual({
        status: 401,
        data: 116,
      });
      ctx.clock.advance(91_000);
      expect(refusal(await licence(demo, s.drm!.licenseUrl, await kids('channels', 1)))).toEqual({
        status: 401,
        data: 116,
      });
      ctx.clock.advance(3 * HOUR);
      expect(refusal(await licence(demo, s.drm!.licenseUrl, await kids('channels', 1)))).toEqual({
        status: 401,
        data: 116,
      });
      expect(refusal(await openRaw(demo, 'LIVE', 1))).toEqual({ status: 401, data: 116 });
      ctx.clock.advance(-3 * HOUR - 91_000);
    });

    it('refuses with 409/115 when the session is gone and the account’s slots are taken', async () => {
      const s = await open(demo, 'LIVE', ids.liveChannel);
      await ctx.app.inject({ method: 'DELETE', url: `/api/v1/sessions/${s.id}`, headers: bearer(demo) });
      await open(demo, 'LIVE', ids.liveChannel);
      await open(demo, 'LIVE', ids.liveChannel);
      expect(refusal(await licence(demo, s.drm!.licenseUrl, await kids('channels', 1)))).toEqual({
        status: 409,
        data: 115,
      });
    });

    it('refuses with 401 when the user does not own the content', async () => {
      expect(refusal(await openRaw(basico, 'VOD', ids.premiumFilm))).toEqual({ status: 401, data: 401 });
      const s = await open(demo, 'VOD', ids.premiumFilm);
      expect(refusal(await licence(basico, s.drm!.licenseUrl, await kids('films', ids.premiumFilm)))).toEqual({
        status: 401,
        data: 401,
      });
      // Rights are checked again at licence time: an entitlement that ends stops the keys.
      const user = await ctx.sql
        .selectFrom('users')
        .select('id')
        .where('email', '=', DEMO.username)
        .executeTakeFirstOrThrow();
      const film = await ctx.sql
        .selectFrom('films')
        .select('packageId')
        .where('id', '=', ids.premiumFilm)
        .executeTakeFirstOrThrow();
      const entitlement = await ctx.sql
        .selectFrom('entitlements')
        .selectAll()
        .where('userId', '=', user.id)
        .where('packageId', '=', film.packageId)
        .executeTakeFirstOrThrow();
      await builders(ctx).setEntitlementEnd(user.id, film.packageId, ctx.clock.now() - 1);
      try {
        expect(refusal(await licence(demo, s.drm!.licenseUrl, await kids('films', ids.premiumFilm)))).toEqual({
          status: 401,
          data: 401,
        });
      } finally {
        await builders(ctx).setEntitlementEnd(user.id, film.packageId, entitlement.endsAt);
      }
    });

    it('judges live by the programme on air too: a pay-per-view package, a rating-7 programme', async () => {
      const now = ctx.clock.now();
      const k = ctx.sql;
      const onAir = await k
        .selectFrom('events')
        .select(['id', 'packageId', 'parental'])
        .where('channelId', '=', 1)
        .where('startTime', '<=', now)
        .where('endTime', '>', now)
        .executeTakeFirstOrThrow();
      await builders(ctx).forgetParentalGrants();
      try {
        expect((await openRaw(basico, 'LIVE', 1)).statusCode).toBe(201);
        await builders(ctx).updateEvents({ ids: [onAir.id] }, { packageId: 2 });
        expect(refusal(await openRaw(basico, 'LIVE', 1))).toEqual({ status: 401, data: 401 });
        await builders(ctx).updateEvents({ ids: [onAir.id] }, { packageId: onAir.packageId, parental: 7 });
        expect(refusal(await openRaw(demo, 'LIVE', 1))).toEqual({ status: 403, data: 117 });
      } finally {
        await builders(ctx).updateEvents({ ids: [onAir.id] }, { packageId: onAir.packageId, parental: onAir.parental });
      }
    });

    it('refuses rating-7 content without a fresh parental grant with 403 and 117', async () => {
      await builders(ctx).forgetParentalGrants();
      expect(refusal(await openRaw(demo, 'VOD', ids.adultFilm))).toEqual({
        status: 403,
        data: PLAYBACK_REFUSAL.parentalPinRequired,
      });
      const pin = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/parental/verify',
        headers: bearer(demo),
        payload: { pin: '1234' },
      });
      expect(pin.statusCode).toBe(200);
      const s = await open(demo, 'VOD', ids.adultFilm);
      expect((await licence(demo, s.drm!.licenseUrl, await kids('films', ids.adultFilm))).statusCode).toBe(200);
      // The grant lasts 900 s; the session lives on with heartbeats.
      for (let i = 0; i < 16; i++) {
        ctx.clock.advance(60_000);
        expect(
          (await ctx.app.inject({ method: 'POST', url: `/api/v1/sessions/${s.id}/heartbeat`, headers: bearer(demo) }))
            .statusCode,
        ).toBe(200);
      }
      expect(refusal(await licence(demo, s.drm!.licenseUrl, await kids('films', ids.adultFilm)))).toEqual({
        status: 403,
        data: 117,
      });
    });

    it('answers 400 with 800 when the sign-in was revoked, 801 when the account is gone', async () => {
      // A correctly signed token whose account does not exist (deleted after sign-in).
      const { signIdToken } = await import('../src/modules/identity/testing');
      const nowS = Math.floor(ctx.clock.now() / 1000);
      const token = signIdToken(ctx.config.authSecret, {
        sub: 987654,
        email: 'fantasma@pantalla.test',
        ver: 0,
        iat: nowS,
        exp: nowS + 3600,
      });
      expect(refusal(await licence(token, 'http://x/api/v1/drm/clearkey/abc', await kids('channels', 1)))).toEqual({
        status: 400,
        data: 801,
      });
      // Signed out everywhere: the token's version is behind the account's.
      const s = await open(demo, 'LIVE', ids.liveChannel);
      const user = await ctx.sql
        .selectFrom('users')
        .select(['id', 'tokenVersion'])
        .where('email', '=', DEMO.username)
        .executeTakeFirstOrThrow();
      await builders(ctx).updateUser(user.id, { tokenVersion: user.tokenVersion + 1 });
      try {
        expect(refusal(await licence(demo, s.drm!.licenseUrl, await kids('channels', 1)))).toEqual({
          status: 400,
          data: 800,
        });
        expect(refusal(await openRaw(demo, 'LIVE', 1))).toEqual({ status: 400, data: 800 });
      } finally {
        await builders(ctx).updateUser(user.id, { tokenVersion: user.tokenVersion });
      }
    });

    it('gives trailer keys to anyone, and only trailer keys', async () => {
      const mpd = await ctx.app.inject({ method: 'GET', url: '/media/clips/clip-2/manifest.mpd' });
      expect(mpd.statusCode).toBe(200);
      const url = /<dashif:Laurl>([^<]+)<\/dashif:Laurl>/.exec(mpd.body)![1]!;
      expect(url).toContain('/api/v1/drm/clearkey/trailers/trailer-2');
      expect((await licence(basico, url, [kidOf('trailer-2')])).statusCode).toBe(200);
      expect(
        (
          await ctx.app.inject({
            method: 'POST',
            url: new URL(url).pathname,
            payload: JSON.stringify({ kids: [kidOf('trailer-2')], type: 'temporary' }),
          })
        ).statusCode,
      ).toBe(200);
      expect((await licence(basico, url, [kidOf('clip-2')])).statusCode).toBe(400);
      expect(
        (await licence(basico, 'http://x/api/v1/drm/clearkey/trailers/clip-2', [kidOf('clip-2')])).statusCode,
      ).toBe(404);
    });
  });

  describe('signed playback URLs and the origin', () => {
    it('serves the signed manifest, without keys, and refuses tampering and expiry', async () => {
      const s = await open(demo, 'LIVE', ids.liveChannel);
      const ok = await ctx.app.inject({ method: 'GET', url: pathOf(s.playInfo.url) });
      expect(ok.statusCode).toBe(200);
      expect(ok.headers['content-type']).toContain('application/dash+xml');
      expect(ok.headers['cache-control']).toBe('private, max-age=1');
      expect(ok.body).toContain('type="dynamic"');
      expect(ok.body).toContain('timeShiftBufferDepth="PT6900S"');
      expect(ok.body).toContain('http://dashif.org/thumbnail_tile');
      const key = ctx.modules.origin.keys.key(ctx.modules.origin.rotation.channelKey(1));
      expect(ok.body).toMatch(/\/media\/a\/[\w-]+\.\d+\.[\w-]+\/s\/channel-1[/.]/);
      for (const secret of [key.key, hexToBase64Url(key.key), Buffer.from(key.key, 'hex').toString('base64')])
        expect(ok.body).not.toContain(secret);

      const u = new URL(s.playInfo.url);
      const tampered = [
        s.playInfo.url.replace('/live/1/', '/live/2/'),
        s.playInfo.url.replace('/premium/', '/hd/'),
        (() => {
          const t = new URL(u);
          t.searchParams.set('user', '2');
          return t.toString();
        })(),
        (() => {
          const t = new URL(u);
          t.searchParams.set('operator', 'Otro');
          return t.toString();
        })(),
        (() => {
          const t = new URL(u);
          t.searchParams.set('jwt', `${t.searchParams.get('jwt')!.slice(0, -2)}AA`);
          return t.toString();
        })(),
      ];
      for (const url of tampered)
        expect((await ctx.app.inject({ method: 'GET', url: pathOf(url) })).statusCode, url).toBe(403);

      // Valid until the idToken's expiry (2 h) plus 30 s.
      const exp = readJwtClaims(demo)?.exp as number;
      const start = ctx.clock.now();
      // The session itself is kept open meanwhile (as heartbeats would): only the URL's expiry is tested.
      await builders(ctx).updateStreamSessions(s.id, { expiresAt: exp * 1000 + 3_600_000 });
      ctx.clock.set(exp * 1000 + 29_000);
      expect((await ctx.app.inject({ method: 'GET', url: pathOf(s.playInfo.url) })).statusCode).toBe(200);
      ctx.clock.set(exp * 1000 + 30_000);
      expect(refusal(await ctx.app.inject({ method: 'GET', url: pathOf(s.playInfo.url) }))).toEqual({
        status: 403,
        data: 116,
      });
      ctx.clock.set(start);
    });

    it('serves restart, catch-up, film and episode manifests at their windows and lengths', async () => {
      const live = await open(demo, 'LIVE', ids.liveChannel);
      const restart = await ctx.app.inject({ method: 'GET', url: pathOf(live.restartUrl!) });
      expect(restart.statusCode).toBe(200);
      expect(restart.body).toContain('type="dynamic"');
      await ctx.app.inject({ method: 'POST', url: '/api/v1/sessions/reset', headers: bearer(demo) });
      const cu = await open(demo, 'CUTV', ids.catchup);
      const cuMpd = await ctx.app.inject({ method: 'GET', url: pathOf(cu.playInfo.url) });
      expect(cuMpd.body).toContain('type="static"');
      expect(cuMpd.body).toMatch(/presentationTimeOffset="\d+"/);
      const film = await open(demo, 'VOD', ids.premiumFilm);
      const runtime = (
        await ctx.sql
          .selectFrom('films')
          .select('runtimeSeconds')
          .where('id', '=', ids.premiumFilm)
          .executeTakeFirstOrThrow()
      ).runtimeSeconds;
      const filmMpd = await ctx.app.inject({ method: 'GET', url: pathOf(film.playInfo.url) });
      expect(filmMpd.headers['cache-control']).toBe('private, max-age=60');
      expect(filmMpd.body).toContain(`mediaPresentationDuration="PT${runtime}S"`);
    });

    it('serves immutable segments with timestamps that keep increasing across loops, and byte ranges', async () => {
      const { readSegmentTimes } = await import('@pantalla/media');
      // Under the signed prefix of an open session: the clip's own segments, as a stream's are cut from.
      const { segmentToken } = await open(demo, 'VOD', ids.premiumFilm);
      const seg = (path: string) => `/media/a/${segmentToken}/s/clip-1/${path}`;
      const first = await ctx.app.inject({ method: 'GET', url: seg('video-360p/1.m4s') });
      const nextLoop = await ctx.app.inject({ method: 'GET', url: seg('video-360p/31.m4s') });
      expect(first.statusCode).toBe(200);
      expect(first.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const t1 = readSegmentTimes(first.rawPayload).baseMediaDecodeTimes[0]!;
      const t31 = readSegmentTimes(nextLoop.rawPayload).baseMediaDecodeTimes[0]!;
      expect(t31 - t1).toBe(60n * 90000n);
      const range = await ctx.app.inject({
        method: 'GET',
        url: seg('video-360p/31.m4s'),
        headers: { range: 'bytes=0-99' },
      });
      expect(range.statusCode).toBe(206);
      expect(range.headers['content-range']).toBe(`bytes 0-99/${nextLoop.rawPayload.length}`);
      expect(range.rawPayload.equals(nextLoop.rawPayload.subarray(0, 100))).toBe(true);
      expect(
        (await ctx.app.inject({ method: 'GET', url: seg('video-360p/1.m4s'), headers: { range: 'bytes=999999999-' } }))
          .statusCode,
      ).toBe(416);
      const cors = await ctx.app.inject({
        method: 'GET',
        url: seg('video-360p/init.mp4'),
        headers: { origin: ctx.config.publicUrl },
      });
      expect(cors.headers['access-control-allow-origin']).toBe(ctx.config.publicUrl);
      const foreign = await ctx.app.inject({
        method: 'GET',
        url: seg('video-360p/init.mp4'),
        headers: { origin: 'https://evil.test' },
      });
      expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
      expect((await ctx.app.inject({ method: 'GET', url: seg('thumbs/3.jpg') })).headers['content-type']).toBe(
        'image/jpeg',
      );
    });

    it('never answers 5xx to odd origin requests', async () => {
      const { default: fc } = await import('fast-check');
      const odd = fc.oneof(
        fc.string({ maxLength: 12 }),
        fc.integer({ min: -5, max: 2 ** 40 }).map(String),
        fc.constantFrom('', '..', '%00', 'init.mp4', '0.m4s', '1e3.m4s', 'thumbs'),
      );
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(
            '/media/s/clip-1/{a}/{b}',
            '/media/s/{a}/video-360p/{b}.m4s',
            '/media/s/clip-1/thumbs/{a}.jpg',
            '/media/a/{a}/s/clip-1/video-360p/{b}.m4s',
            '/media/s/trailer-1/{a}/{b}',
            '/media/{a}/{b}/premium/manifest.mpd?jwt={a}',
            '/media/catchup/{a}.smil/manifest.mpd',
            '/media/clips/{a}/manifest.mpd',
          ),
          odd,
          odd,
          async (template, a, b) => {
            const url = template.replaceAll('{a}', encodeURIComponent(a)).replaceAll('{b}', encodeURIComponent(b));
            const res = await ctx.app.inject({ method: 'GET', url });
            expect(res.statusCode, url).toBeLessThan(500);
          },
        ),
        // Ids past 32 bits once reached PostgreSQL's integer columns.
        {
          numRuns: 120,
          examples: [
            ['/media/catchup/{a}.smil/manifest.mpd', '2147483648', '0'],
            ['/media/{a}/{b}/premium/manifest.mpd?jwt={a}', 'live', '9999999999'],
          ],
        },
      );
    }, 120_000);

    it('never answers 5xx to odd session and licence bodies', async () => {
      const { default: fc } = await import('fast-check');
      const reference = fc.record(
        {
          serviceName: fc.oneof(fc.string(), fc.integer()),
          type: fc.oneof(fc.constantFrom('LIVE', 'CUTV', 'VOD', 'SERIE'), fc.string()),
          id: fc.oneof(fc.string(), fc.integer().map(String), fc.constant('99999999999')),
        },
        { requiredKeys: [] },
      );
      const session = fc.record(
        {
          reference,
          streamingProtocol: fc.oneof(fc.constantFrom('DASH', 'HLS'), fc.string()),
          profileId: fc.oneof(fc.integer(), fc.double(), fc.string(), fc.constant(2147483648)),
          deviceFingerprint: fc.oneof(fc.string(), fc.integer()),
        },
        { requiredKeys: [] },
      );
      const licenceBody = fc.record(
        {
          kids: fc.oneof(fc.array(fc.string()), fc.array(fc.base64String()), fc.string()),
          type: fc.oneof(fc.constant('temporary'), fc.string()),
        },
        { requiredKeys: [] },
      );
      await fc.assert(
        fc.asyncProperty(fc.oneof(session, fc.anything()), fc.oneof(licenceBody, fc.anything()), async (a, b) => {
          const opened = await ctx.app.inject({
            method: 'POST',
            url: '/api/v1/sessions',
            headers: { ...bearer(demo), 'content-type': 'application/json' },
            payload: JSON.stringify(a) ?? 'null',
          });
          expect(opened.statusCode, opened.body).toBeLessThan(500);
          const licensed = await ctx.app.inject({
            method: 'POST',
            url: '/api/v1/drm/clearkey/abc',
            headers: bearer(demo),
            payload: JSON.stringify(b) ?? 'null',
          });
          expect(licensed.statusCode, licensed.body).toBeLessThan(500);
          await ctx.app.inject({ method: 'POST', url: '/api/v1/sessions/reset', headers: bearer(demo) });
        }),
        { numRuns: 80 },
      );
    }, 120_000);

    it('lists speed-test servers and serves media_0.ts whatever avoidcache says', async () => {
      const diag = await ctx.app.inject({ method: 'GET', url: '/media/diag.json' });
      expect(diag.json()).toEqual({
        groups: [{ name: 'Pantalla', fileKey: 'media_0.ts', baseUrl: `${ctx.config.publicUrl}/media/speed` }],
      });
      const a = await ctx.app.inject({ method: 'GET', url: '/media/speed/media_0.ts?avoidcache=1' });
      const b = await ctx.app.inject({ method: 'GET', url: '/media/speed/media_0.ts?avoidcache=2' });
      expect(a.statusCode).toBe(200);
      expect(a.rawPayload.length).toBeGreaterThan(1_000_000);
      expect(a.headers.etag).toBe(b.headers.etag);
    });
  });

  async function clipOf(table: 'films' | 'channels', id: number): Promise<string> {
    return (await ctx.sql.selectFrom(table).select('clipKey').where('id', '=', id).executeTakeFirstOrThrow()).clipKey;
  }
});

describe('Widevine and FairPlay licence URLs by configuration', () => {
  it('fills the templates per user and stream, and offers only ClearKey without them', async () => {
    const ctx = await createTestContext('sqlite', {
      DRM_WIDEVINE_LICENSE_TEMPLATE: 'https://wv.example.test/{userId}/licence?auth={auth}&stream={stream}',
      DRM_FAIRPLAY_LICENSE_TEMPLATE: 'https://fp.example.test/{userId}/{stream}?auth={auth}',
    });
    try {
      const login = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/login',
        payload: { flow: 'password', ...DEMO },
      });
      const headers = { authorization: `Bearer ${(login.json() as { idToken: string }).idToken}` };
      const open = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/sessions',
        headers,
        payload: {
          reference: { serviceName: 'test', type: 'LIVE', id: '1' },
          streamingProtocol: 'DASH',
          profileId: 0,
          deviceFingerprint: 'vitest',
        },
      });
      const { id } = openSessionResponseSchema.parse(open.json());
      const drm = await ctx.app.inject({ method: 'GET', url: `/api/v1/sessions/${id}/drm`, headers });
      expect(drm.statusCode).toBe(200);
      const body = drm.json() as {
        clearkey: string;
        widevine: string;
        fairplay: { licenseUrl: string; certificateUrl: string | null };
      };
      expect(body.clearkey).toContain(`/api/v1/drm/clearkey/${id}`);
      expect(body.widevine).toMatch(/^https:\/\/wv\.example\.test\/1\/licence\?auth=[\w.-]+&stream=live-1$/);
      expect(body.fairplay).toEqual({
        licenseUrl: expect.stringMatching(/^https:\/\/fp\.example\.test\/1\/live-1\?auth=/),
        certificateUrl: null,
      });
    } finally {
      await ctx.close();
    }
  });
});

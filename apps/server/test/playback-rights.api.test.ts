import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { PLAYBACK_REFUSAL, openSessionResponseSchema, type OpenSessionResponse } from '@pantalla/contracts';
import { hexToBase64Url } from '@pantalla/media';
import { LICENCE_BURST, LICENCE_MAX_PER_SESSION, LICENCE_WINDOW_MS } from '../src/modules/playback/testing';
import { databaseKinds } from './databases';
import { createTestContext, type TestContext } from './context';
import { builders } from './builders';

const kinds = await databaseKinds();
const DEMO = { username: 'demo@pantalla.test', password: 'demo1234' };
const BASICO = { username: 'basico@pantalla.test', password: 'basico1234' };
const MINUTE = 60_000;

/**
 * Issue 11, holes 2 and 9: playback stops when the right to it ends (programme boundaries,
 * closed sessions), licences are capped per session, the catch-up manifest test needs a
 * viewer allowed to see the programme. The clock is the test's: no real boundary is awaited.
 */
describe.each(kinds)('playback rights on %s', (kind) => {
  let ctx: TestContext;
  let demo: string;
  let basico: string;
  let start: number;

  const signIn = async (who: typeof DEMO): Promise<string> => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/v1/login', payload: { flow: 'password', ...who } });
    expect(res.statusCode).toBe(200);
    return (res.json() as { idToken: string }).idToken;
  };
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const openRaw = (token: string, type: 'LIVE' | 'CUTV' | 'VOD', id: number) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v1/sessions',
      headers: bearer(token),
      payload: {
        reference: { serviceName: 'test', type, id: String(id) },
        streamingProtocol: 'DASH',
        profileId: 0,
        deviceFingerprint: 'vitest',
      },
    });
  const open = async (token: string, type: 'LIVE' | 'CUTV' | 'VOD', id: number): Promise<OpenSessionResponse> => {
    const res = await openRaw(token, type, id);
    expect(res.statusCode, res.body).toBe(201);
    return openSessionResponseSchema.parse(res.json());
  };
  const refusal = (res: LightMyRequestResponse) => ({
    status: res.statusCode,
    data: (res.json() as { data?: unknown }).data,
  });
  const manifest = (url: string) => {
    const u = new URL(url);
    return ctx.app.inject({ method: 'GET', url: `${u.pathname}${u.search}` });
  };
  const heartbeat = (token: string, id: string) =>
    ctx.app.inject({ method: 'POST', url: `/api/v1/sessions/${id}/heartbeat`, headers: bearer(token) });
  const close = (token: string, id: string) =>
    ctx.app.inject({ method: 'DELETE', url: `/api/v1/sessions/${id}`, headers: bearer(token) });
  const licence = (token: string, url: string, kid: string) =>
    ctx.app.inject({
      method: 'POST',
      url: new URL(url).pathname,
      headers: bearer(token),
      payload: JSON.stringify({ kids: [kid], type: 'temporary' }),
    });
  const channelKid = async (channelId: number) =>
    hexToBase64Url(ctx.modules.origin.keys.key(ctx.modules.origin.rotation.channelKey(channelId)).kid);
  /** The programme on air on a channel now and the one after it. */
  const onAirAndNext = async (channelId: number) => {
    const now = ctx.clock.now();
    const rows = await ctx.sql
      .selectFrom('events')
      .select(['id', 'startTime', 'endTime', 'parental', 'packageId'])
      .where('channelId', '=', channelId)
      .where('endTime', '>', now)
      .orderBy('startTime')
      .limit(2)
      .execute();
    const [onAir, next] = rows;
    if (!onAir || !next || onAir.startTime > now)
      throw new Error('the demo guide has no programme on air and one after it');
    return { onAir, next };
  };
  /** Changes a programme for one test and puts it back after. */
  const withProgramme = async (
    eventId: number,
    change: { parental?: number; packageId?: number },
    body: () => Promise<void>,
  ) => {
    const before = await ctx.sql
      .selectFrom('events')
      .select(['parental', 'packageId'])
      .where('id', '=', eventId)
      .executeTakeFirstOrThrow();
    await builders(ctx).updateEvents({ ids: [eventId] }, change);
    try {
      await body();
    } finally {
      await builders(ctx).updateEvents({ ids: [eventId] }, before);
    }
  };

  beforeAll(async () => {
    ctx = await createTestContext(kind);
    await ctx.modules.origin.prepareDemoMedia();
    demo = await signIn(DEMO);
    basico = await signIn(BASICO);
    start = ctx.clock.now();
  }, 300_000);
  afterAll(async () => {
    await ctx?.close();
  });
  beforeEach(async () => {
    ctx.clock.set(start);
    await builders(ctx).forgetStreamSessions();
    await builders(ctx).forgetParentalGrants();
  });

  describe('a manifest answers only while its session is open', () => {
    it('refuses the signed URL of a closed session, at once and 50 minutes on', async () => {
      const s = await open(demo, 'LIVE', 1);
      expect((await manifest(s.playInfo.url)).statusCode).toBe(200);
      expect((await manifest(s.restartUrl!)).statusCode).toBe(200);
      expect((await close(demo, s.id)).statusCode).toBe(204);
      expect(refusal(await manifest(s.playInfo.url))).toEqual({ status: 404, data: PLAYBACK_REFUSAL.sessionExpired });
      expect(refusal(await manifest(s.restartUrl!))).toEqual({ status: 404, data: PLAYBACK_REFUSAL.sessionExpired });
      ctx.clock.advance(50 * MINUTE);
      expect(refusal(await manifest(s.playInfo.url))).toEqual({ status: 404, data: PLAYBACK_REFUSAL.sessionExpired });
    });

    it('refuses after a reset of the account’s sessions, and after missed heartbeats', async () => {
      const film = await ctx.sql
        .selectFrom('films')
        .select('id')
        .where('parental', '!=', 7)
        .orderBy('id')
        .executeTakeFirstOrThrow();
      const vod = await open(demo, 'VOD', film.id);
      const live = await open(demo, 'LIVE', 1);
      expect((await manifest(vod.playInfo.url)).statusCode).toBe(200);
      expect(
        (await ctx.app.inject({ method: 'POST', url: '/api/v1/sessions/reset', headers: bearer(demo) })).statusCode,
      ).toBe(204);
      expect(refusal(await manifest(vod.playInfo.url))).toEqual({ status: 404, data: 116 });
      expect(refusal(await manifest(live.playInfo.url))).toEqual({ status: 404, data: 116 });
      const again = await open(demo, 'LIVE', 1);
      ctx.clock.advance(91_000);
      expect(refusal(await manifest(again.playInfo.url))).toEqual({ status: 404, data: 116 });
    });

    it('keeps a zapped-to preload URL alive under the session the zap opened on that device, and no longer', async () => {
      const s = await open(basico, 'LIVE', 1);
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/api/v1/sessions/${s.id}/preload`,
        headers: bearer(basico),
        payload: { channelIds: [2] },
      });
      const [neighbour] = (res.json() as { resources: Array<{ url: string }> }).resources;
      expect((await manifest(neighbour!.url)).statusCode).toBe(200);
      // The zap: channel 1's session closes, channel 2's opens (same device), the preloaded stream plays on.
      await close(basico, s.id);
      expect(refusal(await manifest(neighbour!.url))).toEqual({ status: 404, data: 116 });
      const zapped = await open(basico, 'LIVE', 2);
      expect((await manifest(neighbour!.url)).statusCode).toBe(200);
      // Channel 1's own URL does not come back with it.
      expect(refusal(await manifest(s.playInfo.url))).toEqual({ status: 404, data: 116 });
      // Another device's session for channel 2 does not carry it.
      await close(basico, zapped.id);
      const other = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/sessions',
        headers: bearer(basico),
        payload: {
          reference: { serviceName: 'test', type: 'LIVE', id: '2' },
          streamingProtocol: 'DASH',
          profileId: 0,
          deviceFingerprint: 'another-device',
        },
      });
      expect(other.statusCode).toBe(201);
      expect(refusal(await manifest(neighbour!.url))).toEqual({ status: 404, data: 116 });
    });
  });

  describe('a live session at a programme boundary', () => {
    it('asks the PIN (117) on the manifest and the heartbeat once a rating-7 programme begins', async () => {
      const { next } = await onAirAndNext(1);
      await withProgramme(next.id, { parental: 7 }, async () => {
        ctx.clock.set(next.startTime - MINUTE);
        const s = await open(demo, 'LIVE', 1);
        ctx.clock.set(next.startTime - 1000);
        expect((await manifest(s.playInfo.url)).statusCode).toBe(200);
        expect((await heartbeat(demo, s.id)).statusCode).toBe(200);
        ctx.clock.set(next.startTime + 1000);
        expect(refusal(await manifest(s.playInfo.url))).toEqual({
          status: 403,
          data: PLAYBACK_REFUSAL.parentalPinRequired,
        });
        expect(refusal(await heartbeat(demo, s.id))).toEqual({
          status: 403,
          data: PLAYBACK_REFUSAL.parentalPinRequired,
        });
        expect(refusal(await licence(demo, s.drm!.licenseUrl, await channelKid(1)))).toEqual({
          status: 403,
          data: 117,
        });
        // The PIN grants 900 s: the same session plays on.
        expect(
          (
            await ctx.app.inject({
              method: 'POST',
              url: '/api/v1/parental/verify',
              headers: bearer(demo),
              payload: { pin: '1234' },
            })
          ).statusCode,
        ).toBe(200);
        expect((await manifest(s.playInfo.url)).statusCode).toBe(200);
        expect((await heartbeat(demo, s.id)).statusCode).toBe(200);
      });
    });

    it('does not ask again within the programme the PIN was given for, once the grant has aged', async () => {
      const { onAir } = await onAirAndNext(1);
      await withProgramme(onAir.id, { parental: 7 }, async () => {
        expect(refusal(await openRaw(demo, 'LIVE', 1))).toEqual({ status: 403, data: 117 });
        await ctx.app.inject({
          method: 'POST',
          url: '/api/v1/parental/verify',
          headers: bearer(demo),
          payload: { pin: '1234' },
        });
        const s = await open(demo, 'LIVE', 1);
        // Past the grant's 900 s, as long as the programme lasts, every minute a heartbeat and a manifest.
        let minutes = 0;
        while (minutes < 16 && ctx.clock.now() + MINUTE < onAir.endTime) {
          ctx.clock.advance(MINUTE);
          minutes += 1;
          expect((await heartbeat(demo, s.id)).statusCode).toBe(200);
          expect((await manifest(s.playInfo.url)).statusCode).toBe(200);
        }
        expect(minutes).toBeGreaterThan(0);
      });
    });

    it('refuses with 401 (no rights) once a programme of a package the viewer lacks begins', async () => {
      const { next } = await onAirAndNext(1);
      const premium = await ctx.sql
        .selectFrom('channels')
        .select('packageId')
        .where('id', '=', 10)
        .executeTakeFirstOrThrow();
      await withProgramme(next.id, { packageId: premium.packageId }, async () => {
        ctx.clock.set(next.startTime - MINUTE);
        const s = await open(basico, 'LIVE', 1);
        expect((await manifest(s.playInfo.url)).statusCode).toBe(200);
        ctx.clock.set(next.startTime);
        expect(refusal(await manifest(s.playInfo.url))).toEqual({ status: 401, data: PLAYBACK_REFUSAL.noRights });
        expect(refusal(await heartbeat(basico, s.id))).toEqual({ status: 401, data: PLAYBACK_REFUSAL.noRights });
        // The session still counts until it is closed: its heartbeats no longer move its expiry on.
        ctx.clock.advance(91_000);
        expect(refusal(await heartbeat(basico, s.id))).toEqual({ status: 404, data: 116 });
      });
    });
  });

  describe('licence caps', () => {
    it(`answers ${LICENCE_BURST} of 500 simultaneous licence requests of one session, refuses the rest with 429, writes one row`, async () => {
      const s = await open(demo, 'LIVE', 1);
      const kid = await channelKid(1);
      const answers = await Promise.all(Array.from({ length: 500 }, () => licence(demo, s.drm!.licenseUrl, kid)));
      const ok = answers.filter((a) => a.statusCode === 200);
      const limited = answers.filter((a) => a.statusCode === 429);
      expect(ok).toHaveLength(LICENCE_BURST);
      expect(limited).toHaveLength(500 - LICENCE_BURST);
      expect((limited[0]!.json() as { message: string }).message).toBe(
        'Demasiadas peticiones de licencia para esta sesión. Espera unos segundos o vuelve a abrir el reproductor.',
      );
      expect(Number(limited[0]!.headers['retry-after'])).toBeGreaterThan(0);
      const rows = await ctx.sql.selectFrom('drmSessions').select('id').where('streamSessionId', '=', s.id).execute();
      expect(rows).toHaveLength(1);
      // The next window lets the session ask again.
      ctx.clock.advance(LICENCE_WINDOW_MS);
      expect((await licence(demo, s.drm!.licenseUrl, kid)).statusCode).toBe(200);
    });

    it(`caps a session at ${LICENCE_MAX_PER_SESSION} licences over its life`, async () => {
      const s = await open(demo, 'LIVE', 1);
      const kid = await channelKid(1);
      let granted = 0;
      for (let window = 0; window * LICENCE_BURST <= LICENCE_MAX_PER_SESSION; window++) {
        await heartbeat(demo, s.id);
        const answers = await Promise.all(
          Array.from({ length: LICENCE_BURST }, () => licence(demo, s.drm!.licenseUrl, kid)),
        );
        granted += answers.filter((a) => a.statusCode === 200).length;
        ctx.clock.advance(LICENCE_WINDOW_MS);
      }
      expect(granted).toBe(LICENCE_MAX_PER_SESSION);
      expect((await licence(demo, s.drm!.licenseUrl, kid)).statusCode).toBe(429);
    });
  });

  describe('the catch-up manifest test', () => {
    const ended = async () => {
      const now = ctx.clock.now();
      return ctx.sql
        .selectFrom('events')
        .select('id')
        .where('channelId', '=', 1)
        .where('endTime', '<', now - MINUTE)
        .orderBy('endTime', 'desc')
        .executeTakeFirstOrThrow();
    };
    const test = (eventId: number, token?: string) =>
      ctx.app.inject({
        method: 'GET',
        url: `/media/catchup/${eventId}.smil/manifest.mpd?VOD`,
        headers: token ? bearer(token) : {},
      });

    it('needs a signed-in user', async () => {
      const event = await ended();
      expect(refusal(await test(event.id))).toEqual({ status: 401, data: { reason: 'missing' } });
      const ok = await test(event.id, demo);
      expect(ok.statusCode).toBe(200);
      expect(ok.body).toContain('type="static"');
      expect(ok.headers['cache-control']).toBe('private, no-store');
    });

    it('answers an adult programme only with the PIN grant, a pay-per-view one only with the purchase', async () => {
      const event = await ended();
      await withProgramme(event.id, { parental: 7 }, async () => {
        expect(refusal(await test(event.id, demo))).toEqual({ status: 403, data: 117 });
        await ctx.app.inject({
          method: 'POST',
          url: '/api/v1/parental/verify',
          headers: bearer(demo),
          payload: { pin: '1234' },
        });
        expect((await test(event.id, demo)).statusCode).toBe(200);
      });
      const premium = await ctx.sql
        .selectFrom('channels')
        .select('packageId')
        .where('id', '=', 10)
        .executeTakeFirstOrThrow();
      await withProgramme(event.id, { packageId: premium.packageId }, async () => {
        expect(refusal(await test(event.id, basico))).toEqual({ status: 401, data: 401 });
        expect((await test(event.id, demo)).statusCode).toBe(200);
      });
    });
  });

  describe('a key unlocks one channel or title', () => {
    it('gives a basic channel’s licence its own key, never the adult channel’s, even where both loop the same clip', async () => {
      const adult = await ctx.sql
        .selectFrom('channels')
        .select(['id', 'clipKey'])
        .where('isAdult', '=', 1)
        .orderBy('id')
        .executeTakeFirstOrThrow();
      const basic = await ctx.sql
        .selectFrom('channels')
        .select(['id', 'clipKey'])
        .where('id', '=', 1)
        .executeTakeFirstOrThrow();
      // Make them share a clip: the keys must still differ.
      await builders(ctx).updateChannel(adult.id, { clipKey: basic.clipKey });
      try {
        const s = await open(basico, 'LIVE', basic.id);
        const res = await licence(basico, s.drm!.licenseUrl, await channelKid(basic.id));
        expect(res.statusCode).toBe(200);
        const [key] = (res.json() as { keys: Array<{ kid: string; k: string }> }).keys;
        const adultKey = ctx.modules.origin.keys.key(ctx.modules.origin.rotation.channelKey(adult.id));
        expect(key!.kid).toBe(await channelKid(basic.id));
        expect(key!.k).not.toBe(hexToBase64Url(adultKey.key));
        expect(key!.k).not.toBe(hexToBase64Url(ctx.modules.origin.keys.key(basic.clipKey).key));
        // Asking this session for the adult channel's key id is refused.
        expect((await licence(basico, s.drm!.licenseUrl, await channelKid(adult.id))).statusCode).toBe(400);
      } finally {
        await builders(ctx).updateChannel(adult.id, { clipKey: adult.clipKey });
      }
    });

    it('serves each channel’s segments under its own key: the MPD names it, the init carries it, the samples differ', async () => {
      const s = await open(demo, 'LIVE', 1);
      const mpd = (await manifest(s.playInfo.url)).body;
      // The channel's key now is its current hour's ('channel-1.p7'), and only that hour's segments are under it.
      const name = ctx.modules.origin.rotation.channelKey(1);
      const kid = ctx.modules.origin.keys.key(name).kid;
      const { periodSeconds } = ctx.modules.origin.rotation;
      const n = (Math.floor(ctx.modules.origin.rotation.timelineSeconds() / periodSeconds) * periodSeconds) / 2 + 1;
      expect(mpd).toContain(`cenc:default_KID="${kid.slice(0, 8)}-`);
      expect(mpd).toContain(`/media/a/${s.segmentToken}/s/${name}/`);
      const seg = (path: string) => `/media/a/${s.segmentToken}/s/${path}`;
      const { clipKey } = await ctx.sql
        .selectFrom('channels')
        .select('clipKey')
        .where('id', '=', 1)
        .executeTakeFirstOrThrow();
      const init = await ctx.app.inject({ method: 'GET', url: seg(`${name}/video-360p/init.mp4`) });
      expect(init.statusCode).toBe(200);
      expect(init.rawPayload.includes(Buffer.from(kid, 'hex'))).toBe(true);
      expect(init.rawPayload.includes(Buffer.from(ctx.modules.origin.keys.key(clipKey).kid, 'hex'))).toBe(false);
      const own = await ctx.app.inject({ method: 'GET', url: seg(`${name}/video-360p/${n}.m4s`) });
      const clip = await ctx.app.inject({ method: 'GET', url: seg(`${clipKey}/video-360p/${n}.m4s`) });
      expect(own.statusCode).toBe(200);
      expect(own.rawPayload.length).toBe(clip.rawPayload.length);
      expect(own.rawPayload.equals(clip.rawPayload)).toBe(false);
      // Re-keying back with the clip's key gives the clip's bytes: same pictures, another key.
      const { rekeySegment } = await import('@pantalla/media');
      const back = rekeySegment(
        own.rawPayload,
        ctx.modules.origin.keys.key(name),
        ctx.modules.origin.keys.key(clipKey),
      );
      expect(Buffer.from(back).equals(clip.rawPayload)).toBe(true);
      // An unknown channel is a 404.
      expect(
        (
          await ctx.app.inject({
            method: 'GET',
            url: seg(`channel-424242.p${name.split('.p')[1]}/video-360p/${n}.m4s`),
          })
        ).statusCode,
      ).toBe(404);
    });
  });

  it('answers too many sessions with 409 and 115, never a 401 that reads as an expired sign-in', async () => {
    // Whatever the hour, none of the three channels airs a programme behind the PIN.
    const onAir = await Promise.all([1, 2, 3].map(async (channelId) => (await onAirAndNext(channelId)).onAir.id));
    await builders(ctx).updateEvents({ ids: onAir }, { parental: 0 });
    await open(demo, 'LIVE', 1);
    await open(demo, 'LIVE', 2);
    const res = await openRaw(demo, 'LIVE', 3);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'conflict',
      message: 'Número de sesiones simultáneas excedido.',
      data: 115,
    });
  });
});

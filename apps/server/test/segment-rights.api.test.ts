import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import {
  heartbeatResponseSchema,
  mailListSchema,
  openSessionResponseSchema,
  type OpenSessionResponse,
} from '@pantalla/contracts';
import { defaultSegmentSecret, SEGMENT_TOKEN_TTL_SECONDS, signSegmentToken } from '../src/modules/origin';
import { CLOSED_SEGMENT_GRACE_MS, SEGMENT_SESSION_RECHECK_MS } from '../src/modules/playback/testing';
import { databaseKinds } from './databases';
import { createTestContext, type TestContext } from './context';
import { builders } from './builders';

/**
 * Issue items 3 and 5: segment URLs carry a token bound to the stream session and an expiry;
 * an anonymous request is refused at once, and a URL that played stops answering when its
 * session is closed, reset, signed out (password change or reset) or its rights end.
 */
const kinds = await databaseKinds();
const DEMO = { username: 'demo@pantalla.test', password: 'demo1234' };
const BASICO = { username: 'basico@pantalla.test', password: 'basico1234' };

describe.each(kinds)('signed segments on %s', (kind) => {
  let ctx: TestContext;
  let demo: string;

  const signIn = async (who: typeof DEMO) => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/v1/login', payload: { flow: 'password', ...who } });
    expect(res.statusCode, res.body).toBe(200);
    return {
      idToken: (res.json() as { idToken: string }).idToken,
      cookie: res.cookies.find((c) => c.name === 'pantalla_rt')?.value ?? '',
    };
  };
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const open = async (token: string, type: 'LIVE' | 'VOD' | 'CUTV', id: number): Promise<OpenSessionResponse> => {
    const res = await ctx.app.inject({
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
    expect(res.statusCode, res.body).toBe(201);
    return openSessionResponseSchema.parse(res.json());
  };
  const get = (url: string) => {
    const u = new URL(url, 'http://x');
    return ctx.app.inject({ method: 'GET', url: `${u.pathname}${u.search}` });
  };
  /**
   * Where a session's segments are now: the BaseURL of the MPD's key period on air (live
   * MPDs hold one Period per key period, the next announced ahead) and a segment number of it
   * that is out already (static MPDs: their one Period's first segments).
   */
  const playingNow = async (s: OpenSessionResponse): Promise<{ base: string; n: number }> => {
    const mpd = await get(s.playInfo.url);
    expect(mpd.statusCode, mpd.body).toBe(200);
    const periods = [
      ...mpd.body.matchAll(/<Period\b([^>]*)>[\s\S]*?<BaseURL>([^<]+)<\/BaseURL>[\s\S]*?startNumber="(\d+)"/g),
    ].map((m) => ({
      startMs: Number(/start="PT(\d+(?:\.\d+)?)S"/.exec(m[1] ?? '')?.[1] ?? 0) * 1000,
      base: m[2] ?? '',
      first: Number(m[3]),
    }));
    const ast = /availabilityStartTime="([^"]+)"/.exec(mpd.body)?.[1];
    const now = ctx.clock.now() - (ast ? Date.parse(ast) : 0);
    // A static MPD names one BaseURL for its one Period.
    const period = ast
      ? [...periods].reverse().find((p) => p.startMs <= now)
      : {
          base: /<BaseURL>([^<]+)<\/BaseURL>/.exec(mpd.body)?.[1] ?? '',
          first: Number(/startNumber="(\d+)"/.exec(mpd.body)?.[1] ?? 1),
          startMs: 0,
        };
    expect(period?.base).toMatch(/\/media\/a\/[\w-]+\.\d+\.[\w-]{22}\/s\//);
    // Live: a few segments behind the edge, within the period; static: its fifth.
    const n = ast
      ? Math.max(period!.first, period!.first + Math.floor((now - period!.startMs) / 2000) - 3)
      : period!.first + 4;
    return { base: period!.base, n };
  };
  const segmentOf = async (s: OpenSessionResponse): Promise<string> => {
    const { base, n } = await playingNow(s);
    return `${base}video-360p/${n}.m4s`;
  };
  const status = (res: LightMyRequestResponse) => res.statusCode;
  const heartbeat = (token: string, id: string) =>
    ctx.app.inject({ method: 'POST', url: `/api/v1/sessions/${id}/heartbeat`, headers: bearer(token) });
  const licence = (token: string, s: OpenSessionResponse) =>
    ctx.app.inject({
      method: 'POST',
      url: new URL(s.drm!.licenseUrl).pathname,
      headers: bearer(token),
      payload: JSON.stringify({ kids: ['AAAAAAAAAAAAAAAAAAAAAA'], type: 'temporary' }),
    });

  beforeAll(async () => {
    ctx = await createTestContext(kind);
    await ctx.modules.origin.prepareDemoMedia();
    demo = (await signIn(DEMO)).idToken;
  }, 300_000);
  afterAll(async () => ctx?.close());
  beforeEach(async () => {
    await builders(ctx).forgetStreamSessions();
  });

  it('names segments, init segments and sheets under the session’s token; anonymous and forged requests are refused at once', async () => {
    const s = await open(demo, 'LIVE', 1);
    expect(s.segmentToken).toMatch(new RegExp(`^${s.id}\\.\\d+\\.[\\w-]{22}$`));
    const { base, n } = await playingNow(s);
    for (const file of ['video-360p/init.mp4', `video-360p/${n}.m4s`, 'thumbs/1.jpg']) {
      const res = await get(`${base}${file}`);
      expect(res.statusCode, file).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    // The same files without a token: 401 before anything is read, whatever the key or file.
    for (const path of [
      '/media/s/channel-1/video-360p/5.m4s',
      '/media/s/channel-1/video-360p/init.mp4',
      '/media/s/channel-1/thumbs/1.jpg',
      '/media/s/clip-1/video-360p/5.m4s',
      '/media/s/film-1/nope/x',
    ]) {
      const res = await get(path);
      expect(res.statusCode, path).toBe(401);
      expect(res.body).not.toContain('moof');
    }
    // A trailer (a public clip) stays open.
    expect(status(await get('/media/s/trailer-1/video-360p/init.mp4'))).toBe(200);
    // Forged: another session id, a later expiry, another secret, garbage.
    const [sid, exp, sig] = s.segmentToken!.split('.') as [string, string, string];
    const forged = [
      `${'x'.repeat(sid.length)}.${exp}.${sig}`,
      `${sid}.${Number(exp) + 3600}.${sig}`,
      signSegmentToken(defaultSegmentSecret('another-secret-another-secret-another-0123'), sid, Number(exp)),
      `${sid}.${exp}.${'A'.repeat(22)}`,
    ];
    for (const token of forged) {
      const res = await get(`/media/a/${token}/s/channel-1/video-360p/5.m4s`);
      expect(res.statusCode, token).toBe(403);
      expect((res.json() as { data: unknown }).data).toBe(116);
    }
    expect(status(await get(`/media/a/${sid}/s/channel-1/video-360p/5.m4s`))).toBe(403);
    expect(status(await get(`/media/a/%3Cscript%3E/s/channel-1/video-360p/5.m4s`))).toBe(400);
  });

  it('the token follows nginx’s secure_link_md5 "$exp.$sid secret" (base64url MD5), so nginx can check it', async () => {
    const { createHash } = await import('node:crypto');
    const secret = defaultSegmentSecret(ctx.config.authSecret);
    const token = signSegmentToken(secret, 'abc_-1', 1_900_000_000);
    expect(token).toBe(
      `abc_-1.1900000000.${createHash('md5').update(`1900000000.abc_-1 ${secret}`).digest('base64url')}`,
    );
  });

  it('a token expires after 60 s; each heartbeat answers a fresh one, each live manifest a fresh prefix', async () => {
    const start = ctx.clock.now();
    try {
      const s = await open(
        demo,
        'VOD',
        (
          await ctx.sql
            .selectFrom('films')
            .select('id')
            .where('packageId', '=', 1)
            .orderBy('id')
            .executeTakeFirstOrThrow()
        ).id,
      );
      const segment = await segmentOf(s);
      expect(status(await get(segment))).toBe(200);
      ctx.clock.set(start + 30_000);
      const beat = heartbeatResponseSchema.parse((await heartbeat(demo, s.id)).json());
      expect(beat.segmentToken).toMatch(new RegExp(`^${s.id}\\.`));
      expect(beat.segmentToken).not.toBe(s.segmentToken);
      ctx.clock.set(start + SEGMENT_TOKEN_TTL_SECONDS * 1000);
      const expired = await get(segment);
      expect(expired.statusCode).toBe(403);
      expect(expired.body).toContain('caducado');
      // The same segment under the heartbeat's token plays on (what the player's request filter does).
      expect(status(await get(segment.replace(s.segmentToken!, beat.segmentToken!)))).toBe(200);
    } finally {
      ctx.clock.set(start);
    }
  });

  it('a closed session’s segments are refused after a zap’s grace, a reset one’s at once; another process learns within SEGMENT_SESSION_RECHECK_MS', async () => {
    const start = ctx.clock.now();
    try {
      const closed = await open(demo, 'LIVE', 1);
      const closedSegment = await segmentOf(closed);
      expect(status(await get(closedSegment))).toBe(200);
      expect(
        status(await ctx.app.inject({ method: 'DELETE', url: `/api/v1/sessions/${closed.id}`, headers: bearer(demo) })),
      ).toBe(204);
      // Closed by its viewer (a zap): what was fetched ahead under it may finish, then it ends.
      expect(status(await get(closedSegment))).toBe(200);
      expect(CLOSED_SEGMENT_GRACE_MS).toBeLessThanOrEqual(10_000);
      ctx.clock.set(ctx.clock.now() + CLOSED_SEGMENT_GRACE_MS + 1);
      expect(status(await get(closedSegment))).toBe(403);
      // Closed sessions get no new token.
      expect(status(await heartbeat(demo, closed.id))).toBe(404);

      const reset = await open(demo, 'LIVE', 1);
      const resetSegment = await segmentOf(reset);
      expect(status(await get(resetSegment))).toBe(200);
      expect(
        status(await ctx.app.inject({ method: 'POST', url: '/api/v1/sessions/reset', headers: bearer(demo) })),
      ).toBe(204);
      const refused = await get(resetSegment);
      expect(refused.statusCode).toBe(403);
      expect((refused.json() as { data: unknown }).data).toBe(116);
      expect(status(await get(reset.playInfo.url))).toBe(404);

      // Closed by another process whose message this one missed: the answer kept here lasts a few seconds at most.
      const elsewhere = await open(demo, 'LIVE', 1);
      const elsewhereSegment = await segmentOf(elsewhere);
      expect(status(await get(elsewhereSegment))).toBe(200);
      await builders(ctx).updateStreamSessions(elsewhere.id, { closedAt: ctx.clock.now(), closedReason: 'reset' });
      ctx.clock.set(ctx.clock.now() + SEGMENT_SESSION_RECHECK_MS + 1);
      expect(SEGMENT_SESSION_RECHECK_MS).toBeLessThanOrEqual(10_000);
      expect(status(await get(elsewhereSegment))).toBe(403);
    } finally {
      ctx.clock.set(start);
    }
  });

  it('when the package ends: manifest and licence refused at once, no new token, segments refused within 60 s', async () => {
    const start = ctx.clock.now();
    const channel = await ctx.sql
      .selectFrom('channels')
      .select('packageId')
      .where('id', '=', 1)
      .executeTakeFirstOrThrow();
    const userId = (
      await ctx.sql.selectFrom('users').select('id').where('email', '=', DEMO.username).executeTakeFirstOrThrow()
    ).id;
    try {
      const s = await open(demo, 'LIVE', 1);
      const segment = await segmentOf(s);
      await builders(ctx).setEntitlementEnd(userId, channel.packageId, ctx.clock.now());
      expect(status(await get(s.playInfo.url))).toBe(401);
      expect(status(await licence(demo, s))).toBe(401);
      const beat = await heartbeat(demo, s.id);
      expect(beat.statusCode).toBe(401);
      expect(beat.body).not.toContain(s.id + '.');
      ctx.clock.set(start + SEGMENT_TOKEN_TTL_SECONDS * 1000);
      expect(status(await get(segment))).toBe(403);
    } finally {
      await builders(ctx).setEntitlementEnd(userId, channel.packageId, null);
      ctx.clock.set(start);
    }
  });

  it('a password change closes the account’s streams: manifest, licence and segments refused at once, the new sign-in may play', async () => {
    const device = await signIn(BASICO);
    const other = await signIn(BASICO);
    const s = await open(other.idToken, 'LIVE', 1);
    const segment = await segmentOf(s);
    expect(status(await get(segment))).toBe(200);
    const changed = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/account/password',
      headers: bearer(device.idToken),
      cookies: { pantalla_rt: device.cookie },
      payload: { currentPassword: BASICO.password, newPassword: 'otra-clave-1' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const session = await ctx.sql
      .selectFrom('streamSessions')
      .select(['closedAt', 'closedReason'])
      .where('id', '=', s.id)
      .executeTakeFirstOrThrow();
    expect(session).toEqual({ closedAt: ctx.clock.now(), closedReason: 'signed-out' });
    expect(status(await get(segment))).toBe(403);
    expect(status(await get(s.playInfo.url))).toBe(404);
    // The old idToken is dead (400/800), so its licence route refuses before the session is read.
    expect(status(await licence(other.idToken, s))).toBe(400);
    // The device that changed it opens a stream again: the closed ones no longer hold the slots.
    const fresh = (changed.json() as { idToken: string }).idToken;
    await open(fresh, 'LIVE', 1);
    await open(fresh, 'LIVE', 1);
    // Put the password back for the next test.
    const back = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/account/password',
      headers: bearer(fresh),
      payload: { currentPassword: 'otra-clave-1', newPassword: BASICO.password },
    });
    expect(back.statusCode, back.body).toBe(200);
  });

  it('a password reset by mailed link (signed out everywhere) closes the account’s streams too', async () => {
    const viewer = await signIn(BASICO);
    const s = await open(viewer.idToken, 'LIVE', 1);
    const segment = await segmentOf(s);
    expect(status(await get(segment))).toBe(200);
    await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/tb-user/passwordRecovery',
      payload: { email: BASICO.username },
    });
    const mails = mailListSchema.parse(
      (await ctx.app.inject({ method: 'GET', url: `/dev/mail.json?to=${encodeURIComponent(BASICO.username)}` })).json(),
    );
    const token = /\/resetpassword\/([\w-]+)/.exec(mails[0]?.text ?? '')?.[1] ?? '';
    expect(
      status(
        await ctx.app.inject({
          method: 'POST',
          url: '/api/v1/password-reset',
          payload: { token, password: BASICO.password },
        }),
      ),
    ).toBe(200);
    expect(status(await get(segment))).toBe(403);
    expect(status(await get(s.playInfo.url))).toBe(404);
  });
});

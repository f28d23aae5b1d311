import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import {
  PLAYBACK_REFUSAL,
  clearKeyLicenceResponseSchema,
  keepWatchingResponseSchema,
  recordingPlayResponseSchema,
  recordingSchema,
  type RecordingPlayResponse,
} from '@pantalla/contracts';
import { hexToBase64Url } from '@pantalla/media';
import { BASICO, DEMO, bearerFor } from '../../../test/auth';
import { builders } from '../../../test/builders';
import { createTestContext, type TestContext } from '../../../test/context';
import { databaseKinds } from '../../../test/databases';
import { makeOperator } from '../../../test/operator-routes';

const kinds = await databaseKinds();
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** A demo channel of the basic package with a week of catch-up. */
const CHANNEL = 2;

/**
 * Playing a recording (issue 29): only its owner, with catch-up's package, PIN and stream rules,
 * past the channel's catch-up window, within its programme's span, while the recording exists.
 */
describe.each(kinds)('playing recordings on %s', (kind) => {
  let ctx: TestContext;
  let demo: Record<string, string>;
  let basico: Record<string, string>;
  let content: Record<string, string>;
  let demoId: number;
  /** Demo's recording of a programme that ended in the day before the test began. */
  let recording: { id: number; eventId: number; startTime: number; endTime: number };
  /** Demo's recording of a programme that had not begun when the test began. */
  let scheduled: number;

  const signIn = async () => {
    demo = await bearerFor(ctx, DEMO);
    basico = await bearerFor(ctx, BASICO);
    content = await bearerFor(ctx, 'content-play@pantalla.test');
  };
  const path = (url: string) => {
    const u = new URL(url, 'http://x');
    return `${u.pathname}${u.search}`;
  };
  const get = (url: string) => ctx.app.inject({ method: 'GET', url: path(url) });
  const playRaw = (id: number | string, headers = demo, payload: unknown = undefined) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/v1/recordings/${id}/play`,
      headers,
      payload: (payload ?? { streamingProtocol: 'DASH', profileId: 0, deviceFingerprint: 'vitest' }) as object,
    });
  const play = async (id: number, headers = demo): Promise<RecordingPlayResponse> => {
    const res = await playRaw(id, headers);
    expect(res.statusCode, res.body).toBe(201);
    return recordingPlayResponseSchema.parse(res.json());
  };
  const kidOf = (name: string) => hexToBase64Url(ctx.modules.origin.keys.key(name).kid);
  const licence = (s: RecordingPlayResponse, kids: string[], headers = demo) =>
    ctx.app.inject({
      method: 'POST',
      url: path(s.drm!.licenseUrl),
      headers,
      payload: JSON.stringify({ kids, type: 'temporary' }),
    });
  const refusal = (res: LightMyRequestResponse) => ({
    status: res.statusCode,
    data: (res.json() as { data?: unknown }).data,
  });
  /** The MPD's BaseURL and its first segment number (a static MPD has one Period). */
  const segmentsOf = async (s: RecordingPlayResponse) => {
    const mpd = await get(s.playInfo.url);
    expect(mpd.statusCode, mpd.body).toBe(200);
    return {
      mpd: mpd.body,
      base: /<BaseURL>([^<]+)<\/BaseURL>/.exec(mpd.body)?.[1] ?? '',
      first: Number(/startNumber="(\d+)"/.exec(mpd.body)?.[1] ?? 1),
    };
  };
  const record = async (eventId: number) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/recordings',
      headers: demo,
      payload: { eventId },
    });
    expect(res.statusCode, res.body).toBe(201);
    return recordingSchema.parse(res.json());
  };
  const ended = (channelId: number, before: number) =>
    ctx.sql
      .selectFrom('events')
      .select(['id', 'startTime', 'endTime'])
      .where('channelId', '=', channelId)
      .where('endTime', '<', before - HOUR)
      .where('endTime', '>', before - DAY)
      .orderBy('endTime', 'desc')
      .executeTakeFirstOrThrow();

  beforeAll(async () => {
    ctx = await createTestContext(kind);
    await ctx.modules.origin.prepareDemoMedia();
    await makeOperator(ctx, 'content-play@pantalla.test', 'content-play-1234', 'content');
    demoId = (await ctx.sql.selectFrom('users').select('id').where('email', '=', DEMO).executeTakeFirstOrThrow()).id;
    await signIn();
    const programme = await ended(CHANNEL, ctx.clock.now());
    const made = await record(programme.id);
    expect(made.state).toBe('ready');
    recording = { id: made.id, eventId: programme.id, startTime: programme.startTime, endTime: programme.endTime };
    const future = await ctx.sql
      .selectFrom('events')
      .select('id')
      .where('channelId', '=', CHANNEL)
      .where('startTime', '>', ctx.clock.now() + HOUR)
      .orderBy('startTime')
      .executeTakeFirstOrThrow();
    const later = await record(future.id);
    expect(later.state).toBe('scheduled');
    scheduled = later.id;
    // Ten days on: the programme has left the channel's week of catch-up; the recording keeps 90 days.
    ctx.clock.set(ctx.clock.now() + 10 * DAY);
    await signIn();
  }, 300_000);
  afterAll(async () => ctx?.close());
  beforeEach(async () => {
    await builders(ctx).forgetStreamSessions();
  });

  it('plays for its owner past the catch-up window: licence, manifest and segments of its span only', async () => {
    // As catch-up, the programme is gone.
    const catchup = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/sessions',
      headers: demo,
      payload: {
        reference: { serviceName: 'test', type: 'CUTV', id: String(recording.eventId) },
        streamingProtocol: 'DASH',
        profileId: 0,
        deviceFingerprint: 'vitest',
      },
    });
    expect(catchup.statusCode).toBe(400);

    const s = await play(recording.id);
    expect(s.canSkipAhead).toBe(true);
    expect(s.restartUrl).toBeNull();
    expect(s.drm?.licenseUrl).toContain(`/api/v1/drm/clearkey/${s.id}`);
    const { mpd, base, first } = await segmentsOf(s);
    expect(mpd).toContain('type="static"');
    expect(mpd).toContain(`mediaPresentationDuration="PT${(recording.endTime - recording.startTime) / 1000}S"`);
    expect(base).toContain(`/s/recording-${recording.id}.g1/`);
    for (const file of ['video-360p/init.mp4', `video-360p/${first}.m4s`, `video-360p/${first + 3}.m4s`])
      expect((await get(`${base}${file}`)).statusCode, file).toBe(200);
    // Only the programme's own span goes out under the recording's key.
    expect((await get(`${base}video-360p/${first - 5}.m4s`)).statusCode).toBe(404);

    // The recording's key, and nothing else: not the programme's catch-up key, not another recording's.
    const keys = await licence(s, [kidOf(`recording-${recording.id}.g1`)]);
    expect(keys.statusCode, keys.body).toBe(200);
    expect(clearKeyLicenceResponseSchema.parse(keys.json()).keys).toHaveLength(1);
    expect((await licence(s, [kidOf(`programme-${recording.eventId}.g1`)])).statusCode).toBe(400);
    expect((await licence(s, [kidOf(`recording-${recording.id + 1000}.g1`)])).statusCode).toBe(400);

    // The open streams list shows it as catch-up, under the recording's title.
    const open = await ctx.app.inject({ method: 'GET', url: '/api/v1/sessions', headers: demo });
    expect((open.json() as { resources: { type: string; title: string }[] }).resources).toEqual([
      expect.objectContaining({ type: 'CUTV', title: expect.any(String) as string }),
    ]);

    // Closing keeps the recording's own position; the next play resumes there, and keep-watching
    // does not offer the programme's catch-up, which ended days ago.
    const closed = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/sessions/${s.id}`,
      headers: demo,
      payload: { positionInMs: 7_000 },
    });
    expect(closed.statusCode).toBe(204);
    expect((await play(recording.id)).playInfo.positionInMs).toBe(7_000);
    const watching = await ctx.app.inject({ method: 'GET', url: '/api/v1/keep-watching', headers: demo });
    expect(watching.statusCode, watching.body).toBe(200);
    expect(keepWatchingResponseSchema.parse(watching.json()).resources.map((b) => b.id)).not.toContain(
      recording.eventId,
    );
  });

  it("refuses another account's recording, unknown ids and bad bodies, and every stream of another's session", async () => {
    const other = await playRaw(recording.id, basico);
    expect(other.statusCode).toBe(404);
    expect((await playRaw(2_000_000_000)).statusCode).toBe(404);
    expect((await playRaw('abc')).statusCode).toBe(400);
    expect((await playRaw(recording.id, demo, { streamingProtocol: 'RTMP' })).statusCode).toBe(400);
    expect((await ctx.app.inject({ method: 'POST', url: `/api/v1/recordings/${recording.id}/play` })).statusCode).toBe(
      401,
    );
    // Demo's session's licence URL in another account's hands: no keys.
    const s = await play(recording.id);
    expect(refusal(await licence(s, [kidOf(`recording-${recording.id}.g1`)], basico))).toEqual({
      status: 401,
      data: PLAYBACK_REFUSAL.noRights,
    });
  });

  it('refuses a scheduled recording until the scheduled work has filed it', async () => {
    // Its programme has ended meanwhile, but the recording is not ready yet.
    expect((await playRaw(scheduled)).statusCode).toBe(400);
    await ctx.modules.recordings.runScheduled();
    const s = await play(scheduled);
    expect((await segmentsOf(s)).mpd).toContain('type="static"');
  });

  it("follows the channel's right to skip ahead", async () => {
    const url = `/api/v1/operator/channels/${CHANNEL}/recording-rights`;
    const put = (skipAhead: boolean) =>
      ctx.app.inject({ method: 'PUT', url, headers: content, payload: { recordable: true, skipAhead } });
    expect((await put(false)).statusCode).toBe(200);
    try {
      expect((await play(recording.id)).canSkipAhead).toBe(false);
    } finally {
      expect((await put(true)).statusCode).toBe(200);
    }
  });

  it('stops once the package is lost: play, licence and manifest refused', async () => {
    const s = await play(recording.id);
    const channel = await ctx.sql
      .selectFrom('channels')
      .select('packageId')
      .where('id', '=', CHANNEL)
      .executeTakeFirstOrThrow();
    const entitlement = await ctx.sql
      .selectFrom('entitlements')
      .selectAll()
      .where('userId', '=', demoId)
      .where('packageId', '=', channel.packageId)
      .executeTakeFirstOrThrow();
    await builders(ctx).setEntitlementEnd(demoId, channel.packageId, ctx.clock.now() - 1);
    try {
      const noRights = { status: 401, data: PLAYBACK_REFUSAL.noRights };
      expect(refusal(await playRaw(recording.id))).toEqual(noRights);
      expect(refusal(await licence(s, [kidOf(`recording-${recording.id}.g1`)]))).toEqual(noRights);
      expect((await get(s.playInfo.url)).statusCode).toBe(401);
    } finally {
      await builders(ctx).setEntitlementEnd(demoId, channel.packageId, entitlement.endsAt);
    }
    expect((await play(recording.id)).id).toBeTruthy();
  });

  it('stops once the recording is deleted: play, licence, manifest and segments refused', async () => {
    const s = await play(recording.id);
    const { base, first } = await segmentsOf(s);
    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/recordings/${recording.id}`,
      headers: demo,
    });
    expect(removed.statusCode).toBe(204);
    expect((await playRaw(recording.id)).statusCode).toBe(404);
    expect((await licence(s, [kidOf(`recording-${recording.id}.g1`)])).statusCode).toBe(404);
    expect((await get(s.playInfo.url)).statusCode).toBe(404);
    expect((await get(`${base}video-360p/${first}.m4s`)).statusCode).toBe(404);
  });
});

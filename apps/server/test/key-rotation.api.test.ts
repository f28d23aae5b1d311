import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openSessionResponseSchema, type OpenSessionResponse } from '@pantalla/contracts';
import { hexToBase64Url, kidToUuid, LIVE_EPOCH_MS, rekeySegment, type ContentKey } from '@pantalla/media';
import { bearerFor, BASICO, DEMO } from './auth';
import { databaseKinds } from './databases';
import { createTestContext, type TestContext } from './context';
import { builders } from './builders';

const kinds = await databaseKinds();
const HOUR = 3600_000;

/**
 * Keys rotate (docs/decisions.md, "Keys rotate"): a live channel changes key every hour (one
 * DASH Period per key period), a licence gives only the periods of the session's window, and
 * a film, episode or catch-up programme changes key when the operator bumps its generation.
 * The clock is the test's: no real hour is awaited.
 */
describe.each(kinds)('key rotation on %s', (kind) => {
  let ctx: TestContext;
  let demo: Record<string, string>;
  let basico: Record<string, string>;
  let start: number;

  const open = async (type: 'LIVE' | 'CUTV' | 'VOD', id: number): Promise<OpenSessionResponse> => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/sessions',
      headers: demo,
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
    const u = new URL(url);
    return ctx.app.inject({ method: 'GET', url: `${u.pathname}${u.search}` });
  };
  const licence = (s: OpenSessionResponse, keys: ContentKey[]) =>
    ctx.app.inject({
      method: 'POST',
      url: new URL(s.drm!.licenseUrl).pathname,
      headers: demo,
      payload: JSON.stringify({ kids: keys.map((k) => hexToBase64Url(k.kid)), type: 'temporary' }),
    });
  const granted = (res: { json(): unknown }) => (res.json() as { keys: Array<{ kid: string; k: string }> }).keys;
  const key = (name: string) => ctx.modules.origin.keys.key(name);
  /** Period ids, their default_KIDs (one per Period) and BaseURLs, in order. */
  const periodsOf = (mpd: string) =>
    [
      ...mpd.matchAll(
        /<Period id="([^"]+)"[^>]*>\s*<BaseURL>([^<]+)<\/BaseURL>[\s\S]*?cenc:default_KID="([^"]+)"[\s\S]*?<\/Period>/g,
      ),
    ].map((m) => ({ id: m[1]!, baseUrl: m[2]!, kid: m[3]! }));
  /** The clip's own bytes of a segment (the clip key, fetched beside the stream's key under the same token). */
  const clipBytes = async (baseUrl: string, streamKey: string, clipKey: string, file: string) =>
    (await get(`${baseUrl.replace(`/s/${streamKey}/`, `/s/${clipKey}/`)}${file}`)).rawPayload;
  /** Moves the clock, signing in again (a sign-in lasts an hour). */
  const moveTo = async (t: number) => {
    ctx.clock.set(t);
    demo = await bearerFor(ctx, DEMO);
  };
  const clipOfChannel = async (id: number) =>
    (await ctx.sql.selectFrom('channels').select('clipKey').where('id', '=', id).executeTakeFirstOrThrow()).clipKey;

  beforeAll(async () => {
    ctx = await createTestContext(kind);
    await ctx.modules.origin.prepareDemoMedia();
    start = ctx.clock.now();
    demo = await bearerFor(ctx, DEMO);
    basico = await bearerFor(ctx, BASICO);
    // Nothing on channels 1 and 5 asks for the PIN or a purchase, whatever hour the clock is moved to.
    await builders(ctx).updateEvents({ channelIds: [1, 5] }, { parental: 0, packageId: null });
  }, 300_000);
  afterAll(async () => {
    await ctx?.close();
  });
  beforeEach(async () => {
    await moveTo(start);
    await builders(ctx).forgetStreamSessions();
  });

  it('names another key in the live MPD an hour later, and serves the new hour only under the new key', async () => {
    // 20 minutes into the next hour of the channel timeline (hours count from its start; after the seed's rights begin).
    const hour = Math.floor((start - LIVE_EPOCH_MS) / HOUR) + 1;
    const t0 = LIVE_EPOCH_MS + hour * HOUR + 20 * 60_000;
    await moveTo(t0);
    const first = await open('LIVE', 1);
    const before = periodsOf((await get(first.playInfo.url)).body);
    const oldName = `channel-1.p${hour}`;
    expect(before.at(-1)).toMatchObject({ id: `p${hour}`, kid: kidToUuid(key(oldName).kid) });
    // The 115-minute window reaches two hours back; each Period has its own key, none shared.
    expect(before.map((p) => p.id)).toEqual([`p${hour - 2}`, `p${hour - 1}`, `p${hour}`]);
    expect(new Set(before.map((p) => p.kid)).size).toBe(3);

    await moveTo(t0 + HOUR);
    await builders(ctx).forgetStreamSessions();
    const second = await open('LIVE', 1);
    const after = periodsOf((await get(second.playInfo.url)).body);
    const newName = `channel-1.p${hour + 1}`;
    const now = after.at(-1)!;
    expect(now).toMatchObject({ id: `p${hour + 1}`, kid: kidToUuid(key(newName).kid) });
    expect(now.kid).not.toBe(before.at(-1)!.kid);
    expect(now.baseUrl).toContain(`/s/${newName}/`);

    // A segment of the new hour, under the new key: the new key decrypts it, the old one does not.
    const n = ((hour + 1) * 3600) / 2 + 100;
    const clipKey = await clipOfChannel(1);
    const served = await get(`${now.baseUrl}video-360p/${n}.m4s`);
    expect(served.statusCode).toBe(200);
    const clip = await clipBytes(now.baseUrl, newName, clipKey, `video-360p/${n}.m4s`);
    expect(Buffer.from(rekeySegment(served.rawPayload, key(newName), key(clipKey))).equals(clip)).toBe(true);
    expect(Buffer.from(rekeySegment(served.rawPayload, key(oldName), key(clipKey))).equals(clip)).toBe(false);
    // Nor does the old hour's name serve it (each key serves its own hour only); its own hour it still does.
    const oldBase = now.baseUrl.replace(`/s/${newName}/`, `/s/${oldName}/`);
    expect((await get(`${oldBase}video-360p/${n}.m4s`)).statusCode).toBe(404);
    expect((await get(`${oldBase}video-360p/${(hour * 3600) / 2 + 100}.m4s`)).statusCode).toBe(200);
    // The init segment names the new key id.
    const init = await get(`${now.baseUrl}video-360p/init.mp4`);
    expect(init.rawPayload.includes(Buffer.from(key(newName).kid, 'hex'))).toBe(true);
    expect(init.rawPayload.includes(Buffer.from(key(oldName).kid, 'hex'))).toBe(false);
    // Hours that left the deepest window are not served at all.
    const ancient = now.baseUrl.replace(`/s/${newName}/`, `/s/channel-1.p${hour - 3}/`);
    expect((await get(`${ancient}video-360p/${((hour - 3) * 3600) / 2 + 1}.m4s`)).statusCode).toBe(404);
  });

  it('gives a live session the keys of the periods in its window only, each kid its own key', async () => {
    const hour = Math.floor((start - LIVE_EPOCH_MS) / HOUR) + 1;
    await moveTo(LIVE_EPOCH_MS + hour * HOUR + 30 * 60_000);
    const s = await open('LIVE', 1);
    const [past2, past1, current, next, outside] = [hour - 2, hour - 1, hour, hour + 1, hour - 3].map((h) =>
      key(`channel-1.p${h}`),
    );
    // The current hour: exactly its key.
    expect(granted(await licence(s, [current!]))).toEqual([
      { kty: 'oct', kid: hexToBase64Url(current!.kid), k: hexToBase64Url(current!.key) },
    ]);
    // The hours of the 2-hour window (restart, time shift) too; the next hour not yet, an hour outside the window never.
    expect(granted(await licence(s, [past2!, past1!, next!, outside!])).map((k) => k.k)).toEqual([
      hexToBase64Url(past2!.key),
      hexToBase64Url(past1!.key),
    ]);
    expect((await licence(s, [next!])).statusCode).toBe(400);
    expect((await licence(s, [outside!])).statusCode).toBe(400);
    // Shortly before the next hour starts (once the MPD names it) its key is handed out: Shaka asks for every key id it reads.
    await moveTo(LIVE_EPOCH_MS + (hour + 1) * HOUR - 5_000);
    await builders(ctx).forgetStreamSessions();
    const later = await open('LIVE', 1);
    expect(granted(await licence(later, [next!])).map((k) => k.k)).toEqual([hexToBase64Url(next!.key)]);
    expect((await licence(later, [key(`channel-1.p${hour + 2}`)])).statusCode).toBe(400);
  });

  it('gives a channel without time-shift only the last hour just left behind, for two minutes', async () => {
    const hour = Math.floor((start - LIVE_EPOCH_MS) / HOUR) + 1;
    const [previous, current] = [hour - 1, hour].map((h) => key(`channel-5.p${h}`));
    await moveTo(LIVE_EPOCH_MS + hour * HOUR + 30_000);
    const s = await open('LIVE', 5);
    // Its MPD (a 60 s window) still names the hour that ended 30 s ago: that key is given too.
    expect(periodsOf((await get(s.playInfo.url)).body).map((p) => p.id)).toEqual([`p${hour - 1}`, `p${hour}`]);
    expect(granted(await licence(s, [previous!, current!])).map((k) => k.k)).toEqual([
      hexToBase64Url(previous!.key),
      hexToBase64Url(current!.key),
    ]);
    await moveTo(LIVE_EPOCH_MS + hour * HOUR + 150_000);
    await builders(ctx).forgetStreamSessions();
    const later = await open('LIVE', 5);
    expect((await licence(later, [previous!])).statusCode).toBe(400);
    expect(granted(await licence(later, [current!])).map((k) => k.k)).toEqual([hexToBase64Url(current!.key)]);
  });

  it('rotates a film’s key on the operator’s word: new KID in the MPD, old key decrypts nothing served', async () => {
    const film = await ctx.sql
      .selectFrom('films')
      .select(['id', 'clipKey'])
      .where('parental', '!=', 7)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const s = await open('VOD', film.id);
    const g1 = `film-${film.id}.g1`;
    const mpd1 = (await get(s.playInfo.url)).body;
    expect(mpd1).toContain(`cenc:default_KID="${kidToUuid(key(g1).kid)}"`);
    expect((await licence(s, [key(g1)])).statusCode).toBe(200);
    const base1 = /<BaseURL>([^<]+)<\/BaseURL>/.exec(mpd1)![1]!;
    expect((await get(`${base1}video-360p/7.m4s`)).statusCode).toBe(200);

    // Only an administrator may rotate; unknown titles and kinds are 4xx.
    const rotate = (path: string, headers: Record<string, string> = demo) =>
      ctx.app.inject({ method: 'POST', url: `/api/v1/admin/keys/${path}/rotate`, headers });
    expect((await rotate(`film/${film.id}`, {})).statusCode).toBe(401);
    expect((await rotate(`film/${film.id}`, basico)).statusCode).toBe(403);
    expect((await rotate('film/999999')).statusCode).toBe(404);
    expect((await rotate(`channel/${film.id}`)).statusCode).toBe(400);
    const res = await rotate(`film/${film.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const g2 = `film-${film.id}.g2`;
    expect(res.json()).toEqual({ kind: 'film', id: film.id, generation: 2, keyName: g2 });

    const mpd2 = (await get(s.playInfo.url)).body;
    expect(mpd2).toContain(`cenc:default_KID="${kidToUuid(key(g2).kid)}"`);
    expect(mpd2).not.toContain(kidToUuid(key(g1).kid));
    const base2 = /<BaseURL>([^<]+)<\/BaseURL>/.exec(mpd2)![1]!;
    expect(base2).toContain(`/s/${g2}/`);
    // The old generation's path answers nothing; the new one's bytes open only with the new key.
    expect((await get(`${base2.replace(g2, g1)}video-360p/7.m4s`)).statusCode).toBe(404);
    const served = (await get(`${base2}video-360p/7.m4s`)).rawPayload;
    const clip = await clipBytes(base2, g2, film.clipKey, 'video-360p/7.m4s');
    expect(Buffer.from(rekeySegment(served, key(g2), key(film.clipKey))).equals(clip)).toBe(true);
    expect(Buffer.from(rekeySegment(served, key(g1), key(film.clipKey))).equals(clip)).toBe(false);
    // The licence gives the new key, never the old one.
    expect((await licence(s, [key(g1)])).statusCode).toBe(400);
    expect(granted(await licence(s, [key(g2)])).map((k) => k.k)).toEqual([hexToBase64Url(key(g2).key)]);
    // Generations keep counting.
    expect((await rotate(`film/${film.id}`)).json()).toMatchObject({ generation: 3 });
  });

  it('serves a catch-up programme under a key of its own, rotated by the operator', async () => {
    const event = await ctx.sql
      .selectFrom('events')
      .select(['id', 'startTime', 'endTime'])
      .where('channelId', '=', 1)
      .where('endTime', '<', start - 60_000)
      .orderBy('endTime', 'desc')
      .executeTakeFirstOrThrow();
    const s = await open('CUTV', event.id);
    const g1 = `programme-${event.id}.g1`;
    const mpd = (await get(s.playInfo.url)).body;
    expect(mpd).toContain(`cenc:default_KID="${kidToUuid(key(g1).kid)}"`);
    expect((await licence(s, [key(g1)])).statusCode).toBe(200);
    // Not the channel's hour keys: the programme's licence opens this programme only.
    expect((await licence(s, [key(ctx.modules.origin.rotation.channelKey(1, event.startTime))])).statusCode).toBe(400);
    // Only the programme's own segments are served under its key.
    const base = /<BaseURL>([^<]+)<\/BaseURL>/.exec(mpd)![1]!;
    const firstSegment = Math.floor((event.startTime - LIVE_EPOCH_MS) / 2000) + 1;
    expect((await get(`${base}video-360p/${firstSegment}.m4s`)).statusCode).toBe(200);
    expect((await get(`${base}video-360p/${firstSegment - 1}.m4s`)).statusCode).toBe(404);
    expect(
      (await get(`${base}video-360p/${Math.ceil((event.endTime - LIVE_EPOCH_MS) / 2000) + 1}.m4s`)).statusCode,
    ).toBe(404);

    const rotated = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/admin/keys/programme/${event.id}/rotate`,
      headers: demo,
    });
    expect(rotated.json()).toMatchObject({ generation: 2, keyName: `programme-${event.id}.g2` });
    expect((await get(s.playInfo.url)).body).toContain(
      `cenc:default_KID="${kidToUuid(key(`programme-${event.id}.g2`).kid)}"`,
    );
    expect((await get(`${base}video-360p/${firstSegment}.m4s`)).statusCode).toBe(404);
    expect((await licence(s, [key(g1)])).statusCode).toBe(400);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  errorBodySchema,
  recordingPageSchema,
  recordingQuotaSchema,
  recordingSchema,
  type Recording,
} from '@pantalla/contracts';
import { BASICO, DEMO, bearerFor } from '../../../test/auth';
import { builders } from '../../../test/builders';
import { createTestContext, type TestContext } from '../../../test/context';
import { databaseKinds } from '../../../test/databases';
import { makeOperator } from '../../../test/operator-routes';
import { RecordingsRepository } from './testing';

const kinds = await databaseKinds();
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** A demo channel of the basic package with a week of catch-up. */
const CHANNEL = 2;

describe.each(kinds)('recordings on %s', (kind) => {
  let ctx: TestContext;
  let demo: Record<string, string>;
  let basico: Record<string, string>;
  let content: Record<string, string>;
  let media: RecordingsRepository;

  beforeAll(async () => {
    ctx = await createTestContext(kind);
    demo = await bearerFor(ctx, DEMO);
    basico = await bearerFor(ctx, BASICO);
    content = await makeOperator(ctx, 'content-rec@pantalla.test', 'content-rec-1234', 'content');
    media = new RecordingsRepository(ctx.platform.db);
  });
  /** Moves the clock, and signs everyone in again: a sign-in lasts an hour, a programme may run for longer. */
  const travelTo = async (at: number) => {
    ctx.clock.set(at);
    demo = await bearerFor(ctx, DEMO);
    basico = await bearerFor(ctx, BASICO);
    content = await bearerFor(ctx, 'content-rec@pantalla.test');
  };
  afterAll(async () => ctx?.close());

  const record = (eventId: number, headers = demo) =>
    ctx.app.inject({ method: 'POST', url: '/api/v1/recordings', headers, payload: { eventId } });
  const list = async (query = '', headers = demo) =>
    recordingPageSchema.parse(
      (await ctx.app.inject({ method: 'GET', url: `/api/v1/recordings${query}`, headers })).json(),
    );
  const refusal = (res: { json(): unknown }) => {
    const data = errorBodySchema.parse(res.json()).data;
    return data && typeof data === 'object' && 'recording' in data ? data.recording : undefined;
  };
  /** A programme of the channel: ended in the last day (an hour ago at least), live now, or starting in over an hour. */
  const programme = async (channelId: number, when: 'ended' | 'live' | 'future') => {
    const now = ctx.clock.now();
    let q = ctx.sql.selectFrom('events').select(['id', 'startTime', 'endTime']).where('channelId', '=', channelId);
    if (when === 'ended')
      q = q
        // Strictly: a programme that ended exactly an hour ago is still inside a one-hour window.
        .where('endTime', '<', now - HOUR)
        .where('endTime', '>', now - DAY)
        .orderBy('endTime', 'desc');
    if (when === 'live') q = q.where('startTime', '<=', now).where('endTime', '>', now);
    if (when === 'future') q = q.where('startTime', '>', now + HOUR).orderBy('startTime');
    return q.limit(1).executeTakeFirstOrThrow();
  };

  it('records an ended programme at once, live and future ones when they end, and each once', async () => {
    const ended = await programme(CHANNEL, 'ended');
    const live = await programme(CHANNEL, 'live');
    const future = await programme(CHANNEL, 'future');
    const made: Recording[] = [];
    for (const p of [ended, live, future]) {
      const res = await record(p.id);
      expect(res.statusCode).toBe(201);
      made.push(recordingSchema.parse(res.json()));
    }
    expect(made.map((r) => r.state)).toEqual(['ready', 'scheduled', 'scheduled']);
    expect(made[0]!.expiresAt).toBe(ended.endTime + 90 * DAY);
    const again = await record(ended.id);
    expect(again.statusCode).toBe(200);
    expect(recordingSchema.parse(again.json()).id).toBe(made[0]!.id);
    expect((await list('?state=scheduled')).items.map((r) => r.eventId)).toEqual([live.id, future.id]);

    const quota = recordingQuotaSchema.parse(
      (await ctx.app.inject({ method: 'GET', url: '/api/v1/recordings/quota', headers: demo })).json(),
    );
    expect(quota.usedSeconds).toBe((ended.endTime - ended.startTime) / 1000);
    expect(quota.scheduledSeconds).toBe((live.endTime - live.startTime + future.endTime - future.startTime) / 1000);
    expect(quota.limitSeconds).toBe(50 * 3600);

    await travelTo(live.endTime);
    await ctx.modules.recordings.runScheduled();
    const afterLive = await list('?state=ready');
    expect(afterLive.items.map((r) => r.eventId).sort()).toEqual([ended.id, live.id].sort());
    expect(afterLive.items.find((r) => r.eventId === live.id)?.expiresAt).toBe(live.endTime + 90 * DAY);
    // Ended before the channel's catch-up window: nothing left to record.
    await builders(ctx).updateChannel(1, { catchupHours: 1 });
    const old = await record((await programme(1, 'ended')).id);
    expect(old.statusCode).toBe(409);
    expect(refusal(old)).toBe('outside_catchup');
    await builders(ctx).updateChannel(1, { catchupHours: 168 });
  });

  it('pages the list on the server', async () => {
    const first = await list('?limit=1');
    expect(first.items).toHaveLength(1);
    expect(first.nextCursor).not.toBeNull();
    const second = await list(`?limit=1&cursor=${first.nextCursor}`);
    expect(second.items[0]!.id).not.toBe(first.items[0]!.id);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/recordings?limit=0', headers: demo })).statusCode).toBe(
      400,
    );
    const marks = (ids: string) =>
      ctx.app.inject({ method: 'GET', url: `/api/v1/recordings/marks?eventIds=${ids}`, headers: demo });
    expect((await marks('1,2')).statusCode).toBe(200);
    // An id no 32-bit column can hold is a bad request, not a database error.
    expect((await marks('1,9999999999')).statusCode).toBe(400);
  });

  it('keeps the media while a recording holds it and releases it after the last one goes', async () => {
    const p = await programme(1, 'ended');
    const a = recordingSchema.parse((await record(p.id, demo)).json());
    const b = recordingSchema.parse((await record(p.id, basico)).json());
    const key = `1:${p.startTime}:${p.endTime}`;
    const refs = async () => (await media.media()).find((m) => m.mediaKey === key)?.refs ?? 0;
    expect(await refs()).toBe(2);
    // Nobody deletes another's recording.
    expect(
      (await ctx.app.inject({ method: 'DELETE', url: `/api/v1/recordings/${a.id}`, headers: basico })).statusCode,
    ).toBe(404);
    expect(
      (await ctx.app.inject({ method: 'DELETE', url: `/api/v1/recordings/${a.id}`, headers: demo })).statusCode,
    ).toBe(204);
    expect(await refs()).toBe(1);
    expect(
      (await ctx.app.inject({ method: 'DELETE', url: `/api/v1/recordings/${b.id}`, headers: basico })).statusCode,
    ).toBe(204);
    expect(await refs()).toBe(0);
  });

  it("follows the operator's recording rights per channel", async () => {
    const url = `/api/v1/operator/channels/3/recording-rights`;
    expect((await ctx.app.inject({ method: 'GET', url, headers: basico })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url, headers: content })).json()).toEqual({
      recordable: true,
      skipAhead: true,
    });
    const put = (payload: object) => ctx.app.inject({ method: 'PUT', url, headers: content, payload });
    expect((await put({ recordable: false, skipAhead: true })).statusCode).toBe(200);
    const refused = await record((await programme(3, 'future')).id);
    expect(refused.statusCode).toBe(403);
    expect(refusal(refused)).toBe('channel_forbids');
    expect((await put({ recordable: true, skipAhead: false })).statusCode).toBe(200);
    const made = recordingSchema.parse((await record((await programme(3, 'future')).id)).json());
    expect(made.canSkipAhead).toBe(false);
    expect((await put({ recordable: 'no' })).statusCode).toBe(400);
  });

  it('refuses an external stream without a catch-up template, saying why', async () => {
    await builders(ctx).updateChannel(4, {
      streamSource: 'external',
      streamUrl: 'https://cdn.example/cuatro/index.m3u8',
      catchupMode: null,
      catchupSource: null,
    });
    const res = await record((await programme(4, 'future')).id);
    expect(res.statusCode).toBe(409);
    expect(refusal(res)).toBe('external_no_catchup');
    await builders(ctx).updateChannel(4, { catchupMode: 'default', catchupSource: 'https://cdn.example/cuatro/{utc}' });
    expect((await record((await programme(4, 'future')).id)).statusCode).toBe(201);
  });

  it('refuses with 403 a programme of a package the account lacks, and 401 without sign-in', async () => {
    const sports = await ctx.sql
      .selectFrom('channels')
      .select('id')
      .where('packageId', '=', 3)
      .executeTakeFirstOrThrow();
    const res = await record((await programme(sports.id, 'future')).id, basico);
    expect(res.statusCode).toBe(403);
    expect(refusal(res)).toBe('no_rights');
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/v1/recordings', payload: { eventId: 1 } })).statusCode,
    ).toBe(401);
    expect((await record(2_000_000_000)).statusCode).toBe(404);
  });
  it('removes recordings past retention with their media, but not protected ones', async () => {
    const mine = (await list('?state=ready')).items;
    expect(mine.length).toBeGreaterThanOrEqual(2);
    const [kept, gone] = mine as [Recording, Recording];
    const patched = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/v1/recordings/${kept.id}`,
      headers: demo,
      payload: { protected: true },
    });
    expect(recordingSchema.parse(patched.json())).toMatchObject({ protected: true, expiresAt: null });
    await travelTo(Math.max(...mine.map((r) => r.endTime)) + 91 * DAY);
    await ctx.modules.recordings.runScheduled();
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/v1/recordings/${gone.id}`, headers: demo })).statusCode,
    ).toBe(404);
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/v1/recordings/${kept.id}`, headers: demo })).statusCode,
    ).toBe(200);
    expect((await media.media()).map((m) => m.mediaKey)).toContain(
      `${kept.channelId}:${kept.startTime}:${kept.endTime}`,
    );
    expect((await media.media()).map((m) => m.mediaKey)).not.toContain(
      `${gone.channelId}:${gone.startTime}:${gone.endTime}`,
    );
  });
});

describe.each(kinds)('recording quota on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind, { RECORDING_QUOTA_HOURS: '1' });
  });
  afterAll(async () => ctx?.close());

  it('says a full quota before recording', async () => {
    const demo = await bearerFor(ctx, DEMO);
    const now = ctx.clock.now();
    const rows = await ctx.sql
      .selectFrom('events')
      .select(['id', 'startTime', 'endTime'])
      .where('channelId', '=', CHANNEL)
      .where('startTime', '>', now)
      .orderBy('startTime')
      .limit(40)
      .execute();
    let refused = false;
    let used = 0;
    for (const p of rows) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/recordings',
        headers: demo,
        payload: { eventId: p.id },
      });
      const seconds = (p.endTime - p.startTime) / 1000;
      if (used + seconds > 3600) {
        expect(res.statusCode).toBe(409);
        expect(errorBodySchema.parse(res.json()).data).toEqual({ recording: 'quota_full' });
        refused = true;
        break;
      }
      expect(res.statusCode).toBe(201);
      used += seconds;
    }
    expect(refused).toBe(true);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PROFILE_HEADER,
  profileDetailListSchema,
  profileDetailSchema,
  profileSelectedSchema,
  recordingMarksSchema,
  recordingPageSchema,
  recordingRulePageSchema,
  recordingRuleSchema,
  recordingSchema,
  reminderPageSchema,
  reminderSchema,
} from '@pantalla/contracts';
import { BASICO, DEMO, bearerFor } from '../../../test/auth';
import { builders } from '../../../test/builders';
import { createTestContext, type TestContext } from '../../../test/context';
import { databaseKinds } from '../../../test/databases';
import { startPushReceiver } from '../../../test/push-receiver';
import type { RecordingsTables } from './tables';

const kinds = await databaseKinds();
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** A demo channel of the basic package with a week of catch-up. */
const CHANNEL = 2;
type Headers = Record<string, string>;

/** Issue 30: recordings, series rules and reminders are each profile's own. */
describe.each(kinds)('recordings per profile on %s', (kind) => {
  let ctx: TestContext;
  let demo: Headers;
  let basico: Headers;
  let receiver: Awaited<ReturnType<typeof startPushReceiver>>;
  let first: number;
  let second: number;
  let kidsProfile: number;
  /** Programmes of channel 2: ended yesterday (two), future (three), and one rated 7 from the start. */
  const ev = { endedA: 0, endedB: 0, futureA: 0, futureB: 0, futureC: 0, adult: 0 };
  const tokens = new Map<number, string>();
  const as = (profileId: number, auth: Headers = demo): Headers => ({
    ...auth,
    [PROFILE_HEADER]: tokens.get(profileId) ?? '',
  });
  const inject = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH',
    url: string,
    headers: Headers,
    payload?: object,
  ) => ctx.app.inject({ method, url: `/api/v1${url}`, headers, ...(payload ? { payload } : {}) });
  const pick = async (profileId: number) => {
    const res = await inject('POST', `/profiles/${profileId}/select`, demo, {});
    expect(res.statusCode, res.body).toBe(200);
    tokens.set(profileId, profileSelectedSchema.parse(res.json()).profileToken);
  };
  const record = async (headers: Headers, eventId: number) => {
    const res = await inject('POST', '/recordings', headers, { eventId });
    expect(res.statusCode, res.body).toBe(201);
    return recordingSchema.parse(res.json());
  };
  const remind = async (headers: Headers, eventId: number) => {
    const res = await inject('POST', '/reminders', headers, { eventId });
    expect(res.statusCode, res.body).toBe(201);
    return reminderSchema.parse(res.json());
  };
  const recordings = async (headers: Headers) => {
    const res = await inject('GET', '/recordings?limit=100', headers);
    expect(res.statusCode, res.body).toBe(200);
    return recordingPageSchema
      .parse(res.json())
      .items.map((r) => r.eventId)
      .sort((a, b) => a - b);
  };
  const reminders = async (headers: Headers) => {
    const res = await inject('GET', '/reminders', headers);
    expect(res.statusCode, res.body).toBe(200);
    return reminderPageSchema
      .parse(res.json())
      .items.map((r) => r.eventId)
      .sort((a, b) => a - b);
  };
  const rules = async (headers: Headers) => {
    const res = await inject('GET', '/recordings/rules', headers);
    expect(res.statusCode, res.body).toBe(200);
    return recordingRulePageSchema.parse(res.json()).items.map((r) => r.id);
  };
  const playRaw = (headers: Headers, id: number) =>
    inject('POST', `/recordings/${id}/play`, headers, {
      streamingProtocol: 'DASH',
      profileId: 0,
      deviceFingerprint: 'vitest',
    });
  const rows = () => {
    const k = ctx.platform.db.kysely<RecordingsTables>();
    return Promise.all([
      k.selectFrom('recordings').select(['profileId', 'eventId', 'mediaKey']).execute(),
      k.selectFrom('recordingRules').select(['profileId']).execute(),
      k.selectFrom('recordingReminders').select(['profileId', 'eventId']).execute(),
      k.selectFrom('recordingMedia').selectAll().execute(),
    ]);
  };

  beforeAll(async () => {
    ctx = await createTestContext(kind);
    receiver = await startPushReceiver();
    demo = await bearerFor(ctx, DEMO);
    basico = await bearerFor(ctx, BASICO);
    first = profileDetailListSchema.parse((await inject('GET', '/profiles', demo)).json()).resources[0]!.id;
    const created = await inject('POST', '/profiles', demo, { name: 'Grabaciones dos', kind: 'adult' });
    expect(created.statusCode, created.body).toBe(201);
    second = profileDetailSchema.parse(created.json()).id;
    const kidsMade = await inject('POST', '/profiles', demo, { name: 'Peques graban', kind: 'kids' });
    expect(kidsMade.statusCode, kidsMade.body).toBe(201);
    kidsProfile = profileDetailSchema.parse(kidsMade.json()).id;
    for (const id of [first, second, kidsProfile]) await pick(id);

    const now = ctx.clock.now();
    const ended = await ctx.sql
      .selectFrom('events')
      .select('id')
      .where('channelId', '=', CHANNEL)
      .where('endTime', '<', now - HOUR)
      .where('endTime', '>', now - DAY)
      .where('parental', '<=', 2)
      .orderBy('endTime', 'desc')
      .limit(2)
      .execute();
    const future = await ctx.sql
      .selectFrom('events')
      .select('id')
      .where('channelId', '=', CHANNEL)
      .where('startTime', '>', now + HOUR)
      .where('parental', '<=', 2)
      .orderBy('startTime')
      .limit(4)
      .execute();
    [ev.endedA, ev.endedB] = ended.map((e) => e.id) as [number, number];
    [ev.futureA, ev.futureB, ev.futureC, ev.adult] = future.map((e) => e.id) as [number, number, number, number];
    // An adult programme on a children's channel: what the catalogue keeps from a kids profile. A title
    // of its own, so a rule on it files this airing alone and the account's space (which the earlier
    // cases' rules fill, more or less by the time of day) never decides whether it is filed.
    await builders(ctx).updateEvents({ ids: [ev.adult] }, { parental: 7, title: 'Madrugada solo para adultos' });
  });
  afterAll(async () => {
    await receiver?.close();
    await ctx?.close();
  });

  it('keeps recordings apart per profile: list, marks, read, protect, delete and play by id', async () => {
    const mine = await record(as(first), ev.endedA);
    const theirs = await record(as(second), ev.endedB);
    // The same programme in both profiles: one recording each, the archive's media held twice.
    await record(as(first), ev.futureA);
    await record(as(second), ev.futureA);
    expect(await recordings(as(first))).toEqual([ev.endedA, ev.futureA].sort((a, b) => a - b));
    expect(await recordings(as(second))).toEqual([ev.endedB, ev.futureA].sort((a, b) => a - b));
    expect(await recordings(as(kidsProfile))).toEqual([]);
    // Without a token, this bearer's sign-in chose nothing: the first profile.
    expect(await recordings(demo)).toEqual(await recordings(as(first)));
    expect(await recordings(basico)).toEqual([]);

    const marks = await inject('GET', `/recordings/marks?eventIds=${ev.endedA},${ev.endedB}`, as(second));
    expect(recordingMarksSchema.parse(marks.json()).items.map((m) => m.recorded)).toEqual([false, true]);

    // Another profile's recording is as missing: read, protect, delete, play.
    expect((await inject('GET', `/recordings/${mine.id}`, as(second))).statusCode).toBe(404);
    expect((await inject('PATCH', `/recordings/${mine.id}`, as(second), { protected: true })).statusCode).toBe(404);
    expect((await inject('DELETE', `/recordings/${mine.id}`, as(second))).statusCode).toBe(404);
    await builders(ctx).forgetStreamSessions();
    expect((await playRaw(as(second), mine.id)).statusCode).toBe(404);
    expect((await playRaw(as(kidsProfile), mine.id)).statusCode).toBe(404);
    expect((await playRaw(basico, mine.id)).statusCode).toBe(404);
    const own = await playRaw(as(first), mine.id);
    expect(own.statusCode, own.body).toBe(201);
    expect((await inject('GET', `/recordings/${mine.id}`, as(first))).statusCode).toBe(200);

    expect((await inject('DELETE', `/recordings/${theirs.id}`, as(second))).statusCode).toBe(204);
    expect(await recordings(as(second))).toEqual([ev.futureA]);
    expect(await recordings(as(first))).toEqual([ev.endedA, ev.futureA].sort((a, b) => a - b));
  });

  it('keeps reminders and series rules apart per profile', async () => {
    const mine = await remind(as(first), ev.futureB);
    await remind(as(second), ev.futureB);
    await remind(as(second), ev.futureC);
    expect(await reminders(as(first))).toEqual([ev.futureB]);
    expect(await reminders(as(second))).toEqual([ev.futureB, ev.futureC].sort((a, b) => a - b));
    expect(await reminders(as(kidsProfile))).toEqual([]);
    expect((await inject('DELETE', `/reminders/${mine.id}`, as(second))).statusCode).toBe(404);
    expect((await inject('POST', `/reminders/${mine.id}/seen`, as(second))).statusCode).toBe(404);
    expect(await reminders(as(first))).toEqual([ev.futureB]);

    const title = (
      await ctx.sql.selectFrom('events').select('title').where('id', '=', ev.futureC).executeTakeFirstOrThrow()
    ).title;
    const made = await inject('POST', '/recordings/rules', as(second), {
      kind: 'title',
      text: title,
      channelId: CHANNEL,
    });
    expect(made.statusCode, made.body).toBe(201);
    const rule = recordingRuleSchema.parse(made.json());
    expect(await rules(as(second))).toEqual([rule.id]);
    expect(await rules(as(first))).toEqual([]);
    // Its matches are filed for its own profile, however often rules are evaluated.
    await ctx.modules.recordings.evaluateRules();
    const [recs] = await rows();
    const byRule = recs.filter((r) => r.eventId === ev.futureC);
    expect(byRule.map((r) => r.profileId)).toEqual([second]);
    expect(await recordings(as(first))).not.toContain(ev.futureC);
    expect((await inject('DELETE', `/recordings/rules/${rule.id}`, as(first))).statusCode).toBe(404);
    expect(await rules(as(second))).toEqual([rule.id]);
  });

  it('refuses another account’s profile, and a kids profile an adult programme’s recording, reminder and rule match', async () => {
    // Demo's profile token on basico's sign-in.
    for (const url of ['/recordings', '/reminders', '/recordings/rules', '/reminders/due'])
      expect((await inject('GET', url, as(first, basico))).statusCode, url).toBe(403);
    expect((await inject('POST', '/recordings', as(second, basico), { eventId: ev.futureB })).statusCode).toBe(403);

    const kids = as(kidsProfile);
    const refused = await inject('POST', '/recordings', kids, { eventId: ev.adult });
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json()).toMatchObject({ data: { profile: 'kids_refused' } });
    expect((await inject('POST', '/reminders', kids, { eventId: ev.adult })).statusCode).toBe(403);
    // A programme for children it records.
    await record(kids, ev.futureB);
    // Its rule matching the adult programme files it for the adult profile's rule only.
    const title = (
      await ctx.sql.selectFrom('events').select('title').where('id', '=', ev.adult).executeTakeFirstOrThrow()
    ).title;
    for (const who of [kidsProfile, first])
      expect(
        (await inject('POST', '/recordings/rules', as(who), { kind: 'title', text: title, channelId: CHANNEL }))
          .statusCode,
      ).toBe(201);
    await ctx.modules.recordings.evaluateRules();
    const [recs] = await rows();
    const adultHolders = recs.filter((r) => r.eventId === ev.adult).map((r) => r.profileId);
    expect(adultHolders).toContain(first);
    expect(adultHolders).not.toContain(kidsProfile);
    expect(await recordings(kids)).not.toContain(ev.adult);
  });

  it('pushes a due reminder to its own profile’s devices only', async () => {
    const subscribe = async (profileId: number, name: string) => {
      const b = receiver.browser(name);
      const res = await inject('PUT', '/push/subscription', as(profileId), {
        endpoint: b.endpoint,
        keys: { p256dh: b.p256dh, auth: b.auth },
      });
      expect(res.statusCode, res.body).toBe(204);
    };
    await subscribe(first, 'first-phone');
    await subscribe(second, 'second-phone');
    // futureC: only the second profile has a reminder of it.
    const reminder =
      reminderPageSchema
        .parse((await inject('GET', '/reminders', as(second))).json())
        .items.find((r) => r.eventId === ev.futureC) ?? expect.fail('the second profile’s reminder');
    const firstReminder = reminderPageSchema
      .parse((await inject('GET', '/reminders', as(first))).json())
      .items.find((r) => r.eventId === ev.futureB);
    expect(firstReminder).toBeDefined();
    for (const at of [firstReminder!.remindAt, reminder.remindAt].sort((a, b) => a - b)) {
      ctx.clock.set(at);
      await ctx.modules.recordings.runScheduled();
    }
    expect(receiver.errors).toEqual([]);
    const to = (id: number) => receiver.received.filter((r) => (r.payload as { reminderId: number }).reminderId === id);
    expect(to(reminder.id).map((r) => r.path)).toEqual(['/send/second-phone']);
    expect(to(firstReminder!.id).map((r) => r.path)).toEqual(['/send/first-phone']);
  });

  it('takes a deleted profile’s recordings, rules, reminders and media references with it', async () => {
    demo = await bearerFor(ctx, DEMO);
    const before = await rows();
    expect(before[0].some((r) => r.profileId === second)).toBe(true);
    const gone = await inject('DELETE', `/profiles/${second}`, demo);
    expect(gone.statusCode, gone.body).toBe(204);
    const [recs, ruleRows, reminderRows, media] = await rows();
    expect(recs.filter((r) => r.profileId === second)).toEqual([]);
    expect(ruleRows.filter((r) => r.profileId === second)).toEqual([]);
    expect(reminderRows.filter((r) => r.profileId === second)).toEqual([]);
    // Each media reference counts the recordings left, the first profile's copy of futureA among them.
    const held = new Map<string, number>();
    for (const r of recs) held.set(r.mediaKey, (held.get(r.mediaKey) ?? 0) + 1);
    expect(new Map(media.map((m) => [m.mediaKey, m.refs]))).toEqual(held);
    // The first profile's copy of futureA stays (the kids rule may have filed one too: same title).
    const holders = recs.filter((r) => r.eventId === ev.futureA).map((r) => r.profileId);
    expect(holders).toContain(first);
    expect(holders).not.toContain(second);
  });
});

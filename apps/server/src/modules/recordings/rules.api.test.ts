import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dueRemindersSchema,
  recordingMarksSchema,
  recordingPageSchema,
  recordingRulePageSchema,
  recordingRuleSchema,
  reminderPageSchema,
  reminderSchema,
} from '@pantalla/contracts';
import { composeModules, createPlatform } from '../../compose';
import { openDatabase } from '../../platform/database';
import { BASICO, DEMO, bearerFor } from '../../../test/auth';
import { createTestContext, type TestContext } from '../../../test/context';
import { databaseKinds } from '../../../test/databases';
import { RecordingsRepository } from './recordings.repository';

const kinds = await databaseKinds();
const HOUR = 3_600_000;

/** XMLTV time of an instant. */
const at = (ms: number) => `${new Date(ms).toISOString().replace(/[-:T]/g, '').slice(0, 14)} +0000`;

/** A guide of one new channel: [title, episode, hours from the first hour] per programme. */
function guide(first: number, programmes: readonly (readonly [string, string, number])[]): string {
  const rows = programmes.map(
    ([title, episode, h]) =>
      `<programme start="${at(first + h * HOUR)}" stop="${at(first + (h + 1) * HOUR)}" channel="series.tv"><title>${title}</title>` +
      (episode ? `<episode-num system="onscreen">${episode}</episode-num>` : '') +
      '</programme>',
  );
  return `<?xml version="1.0"?>\n<tv>\n<channel id="series.tv"><display-name>Canal Series</display-name></channel>\n${rows.join('\n')}\n</tv>`;
}

const WEEK_ONE = [
  ['Águila Roja', 'T1 E1', 0],
  ['Noticias', '', 1],
  ['ÁGUILA ROJA', 'T1 E2', 2],
  ['Aguila roja', 'T1 E1', 3],
  ['Cocina fácil', '', 4],
] as const;

describe.each(kinds)('series rules and reminders on %s', (kind) => {
  let ctx: TestContext;
  let demo: Record<string, string>;
  let basico: Record<string, string>;
  let first: number;
  let channelId: number;

  beforeAll(async () => {
    ctx = await createTestContext(kind, {}, { sqliteFile: true });
    demo = await bearerFor(ctx, DEMO);
    basico = await bearerFor(ctx, BASICO);
    first = Math.ceil(ctx.clock.now() / HOUR) * HOUR + HOUR;
  });
  afterAll(async () => ctx?.close());

  const importGuide = async (xml: string) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/admin/ingest/xmltv',
      headers: { ...demo, 'content-type': 'application/xml' },
      payload: xml,
    });
    expect(res.statusCode).toBe(200);
  };
  const mine = async (headers: Record<string, string>) =>
    recordingPageSchema.parse(
      (await ctx.app.inject({ method: 'GET', url: '/api/v1/recordings?limit=100', headers })).json(),
    ).items;
  const newRule = async (headers: Record<string, string>, payload: object) => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/v1/recordings/rules', headers, payload });
    expect(res.statusCode).toBe(201);
    return recordingRuleSchema.parse(res.json());
  };

  it('records each match of a rule once, however often the guide is imported and rules evaluated', async () => {
    await importGuide(guide(first, WEEK_ONE));
    channelId = (
      await ctx.sql.selectFrom('channels').select('id').where('tvgId', '=', 'series.tv').executeTakeFirstOrThrow()
    ).id;
    const any = await newRule(demo, { kind: 'title', text: 'aguila ROJA', channelId });
    await newRule(demo, { kind: 'keyword', text: 'Águila', channelId });
    await newRule(basico, { kind: 'title', text: 'Águila Roja', newOnly: true, channelId });
    await ctx.modules.recordings.evaluateRules();
    const demoTitles = (await mine(demo)).map((r) => [r.title, r.episode]);
    expect(demoTitles).toHaveLength(3);
    // New episodes only: the repeat of T1 E1 is left out.
    expect((await mine(basico)).map((r) => r.episode).sort()).toEqual(['T1 E1', 'T1 E2']);
    // The title rule came first: the keyword rule found its programmes taken.
    expect((await mine(demo)).map((r) => r.ruleId)).toEqual([any.id, any.id, any.id]);
    // Filed in one batch, the spans both subscribers' rules took hold a reference each.
    const refs = new Map(
      (await new RecordingsRepository(ctx.platform.db).media()).map((m) => [m.startTime - first, m.refs]),
    );
    expect(refs).toEqual(
      new Map([
        [0, 2],
        [2 * HOUR, 2],
        [3 * HOUR, 1],
      ]),
    );

    await importGuide(guide(first, WEEK_ONE));
    await ctx.modules.recordings.evaluateRules();
    expect(await mine(demo)).toHaveLength(3);
    expect(await mine(basico)).toHaveLength(2);
  });

  it('moves a recording with its programme and drops one whose programme was cancelled', async () => {
    const before = await mine(demo);
    // The first episode moves half an hour later; the repeat at +3 h disappears.
    const moved = [
      ['Águila Roja', 'T1 E1', 0.5],
      ['Noticias', '', 1.5],
      ['ÁGUILA ROJA', 'T1 E2', 2.5],
      ['Cocina fácil', '', 4.5],
    ] as const;
    await importGuide(guide(first, moved));
    await ctx.modules.recordings.evaluateRules();
    const after = await mine(demo);
    expect(after).toHaveLength(2);
    expect(after.map((r) => r.startTime).sort()).toEqual([first + 0.5 * HOUR, first + 2.5 * HOUR]);
    expect(before.length).toBe(3);
  });

  it('lets two processes evaluate at once without recording anything twice', async () => {
    const address = ctx.platform.db.address;
    expect(address).not.toBeNull();
    const other = createPlatform(ctx.config, openDatabase(address ?? '', ctx.config.dataDir), ctx.clock);
    try {
      const otherModules = composeModules(other);
      await newRule(demo, { kind: 'keyword', text: 'cocina', channelId });
      await newRule(basico, { kind: 'keyword', text: 'noticias', channelId });
      const [a, b] = await Promise.all([
        ctx.modules.recordings.evaluateRules(),
        otherModules.recordings.evaluateRules(),
      ]);
      // An evaluation a guide import started may take some of them first: never more than two in all.
      expect(a.recorded + b.recorded).toBeLessThanOrEqual(2);
      expect((await mine(demo)).filter((r) => r.title === 'Cocina fácil')).toHaveLength(1);
      expect((await mine(basico)).filter((r) => r.title === 'Noticias')).toHaveLength(1);
    } finally {
      await other.db.destroy();
    }
  });

  it('records what a new rule matches as it is saved, before any evaluation, so the guide marks it at once', async () => {
    await newRule(basico, { kind: 'title', text: 'cocina FACIL', channelId });
    const cooking = (await mine(basico)).filter((r) => r.title === 'Cocina fácil');
    expect(cooking).toHaveLength(1);
    const marks = recordingMarksSchema.parse(
      (
        await ctx.app.inject({
          method: 'GET',
          url: `/api/v1/recordings/marks?eventIds=${cooking[0]!.eventId}`,
          headers: basico,
        })
      ).json(),
    );
    expect(marks.items[0]).toMatchObject({ eventId: cooking[0]!.eventId, scheduled: true });
    await ctx.modules.recordings.evaluateRules();
    expect((await mine(basico)).filter((r) => r.title === 'Cocina fácil')).toHaveLength(1);
  });

  it('leaves out, for a new-episodes-only rule, what the guide says was shown before (XMLTV previously-shown)', async () => {
    const start = first + 24 * HOUR;
    const programme = (h: number, episode: string, rerun: boolean) =>
      `<programme start="${at(start + h * HOUR)}" stop="${at(start + (h + 1) * HOUR)}" channel="reruns.tv">` +
      `<title>Los Serrano</title><episode-num system="onscreen">${episode}</episode-num>` +
      (rerun ? `<previously-shown start="${at(start - 48 * HOUR)}"/>` : '') +
      '</programme>';
    await importGuide(
      `<?xml version="1.0"?>\n<tv>\n<channel id="reruns.tv"><display-name>Canal Reposiciones</display-name></channel>\n` +
        `${programme(0, 'T2 E1', true)}\n${programme(1, 'T2 E2', false)}\n</tv>`,
    );
    const reruns = (
      await ctx.sql.selectFrom('channels').select('id').where('tvgId', '=', 'reruns.tv').executeTakeFirstOrThrow()
    ).id;
    const stored = await ctx.sql
      .selectFrom('events')
      .select(['episodeNum', 'previouslyShown'])
      .where('channelId', '=', reruns)
      .orderBy('startTime')
      .execute();
    expect(stored).toEqual([
      { episodeNum: 'T2 E1', previouslyShown: 1 },
      { episodeNum: 'T2 E2', previouslyShown: 0 },
    ]);
    await newRule(basico, { kind: 'title', text: 'Los Serrano', channelId: reruns, newOnly: true });
    await newRule(demo, { kind: 'title', text: 'Los Serrano', channelId: reruns, newOnly: false });
    await ctx.modules.recordings.evaluateRules();
    expect((await mine(basico)).filter((r) => r.title === 'Los Serrano').map((r) => r.episode)).toEqual(['T2 E2']);
    expect(
      (await mine(demo))
        .filter((r) => r.title === 'Los Serrano')
        .map((r) => r.episode)
        .sort(),
    ).toEqual(['T2 E1', 'T2 E2']);
  });

  it('lists and deletes rules, page by page', async () => {
    const page = recordingRulePageSchema.parse(
      (await ctx.app.inject({ method: 'GET', url: '/api/v1/recordings/rules?limit=2', headers: demo })).json(),
    );
    expect(page.items).toHaveLength(2);
    expect(page.nextCursor).not.toBeNull();
    const id = page.items[0]!.id;
    expect(
      (await ctx.app.inject({ method: 'DELETE', url: `/api/v1/recordings/rules/${id}`, headers: basico })).statusCode,
    ).toBe(404);
    expect(
      (await ctx.app.inject({ method: 'DELETE', url: `/api/v1/recordings/rules/${id}`, headers: demo })).statusCode,
    ).toBe(204);
    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/recordings/rules',
      headers: demo,
      payload: { kind: 'title', text: 'x' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('reminds the chosen minutes before the start, shows it due, mails it once and marks the guide', async () => {
    const event = await ctx.sql
      .selectFrom('events')
      .select(['id', 'startTime'])
      .where('title', '=', 'Noticias')
      .where('channelId', '=', channelId)
      .where('startTime', '>', ctx.clock.now())
      .executeTakeFirstOrThrow();
    const set = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/reminders',
      headers: demo,
      payload: { eventId: event.id, mail: true },
    });
    expect(set.statusCode).toBe(201);
    const reminder = reminderSchema.parse(set.json());
    expect(reminder.remindAt).toBe(event.startTime - 2 * 60_000);
    const due = async () =>
      dueRemindersSchema.parse(
        (await ctx.app.inject({ method: 'GET', url: '/api/v1/reminders/due', headers: demo })).json(),
      ).items;
    ctx.clock.set(reminder.remindAt - 1);
    // Sign-ins last an hour; the clock has moved on.
    demo = await bearerFor(ctx, DEMO);
    basico = await bearerFor(ctx, BASICO);
    expect(await due()).toEqual([]);
    ctx.clock.set(reminder.remindAt);
    expect((await due()).map((r) => r.id)).toEqual([reminder.id]);
    const outbox = async () =>
      (await ctx.sql.selectFrom('outbox').select('subject').execute()).filter((m) => m.subject.includes('Noticias'))
        .length;
    await ctx.modules.recordings.runScheduled();
    await ctx.modules.recordings.runScheduled();
    expect(await outbox()).toBe(1);
    const marks = recordingMarksSchema.parse(
      (
        await ctx.app.inject({ method: 'GET', url: `/api/v1/recordings/marks?eventIds=${event.id}`, headers: demo })
      ).json(),
    );
    expect(marks.items[0]).toMatchObject({ eventId: event.id, reminder: true });
    expect(
      (await ctx.app.inject({ method: 'POST', url: `/api/v1/reminders/${reminder.id}/seen`, headers: basico }))
        .statusCode,
    ).toBe(404);
    expect(
      (await ctx.app.inject({ method: 'POST', url: `/api/v1/reminders/${reminder.id}/seen`, headers: demo }))
        .statusCode,
    ).toBe(204);
    expect(await due()).toEqual([]);
    const list = reminderPageSchema.parse(
      (await ctx.app.inject({ method: 'GET', url: '/api/v1/reminders', headers: demo })).json(),
    );
    expect(list.items.map((r) => r.id)).toEqual([reminder.id]);
    expect(
      (await ctx.app.inject({ method: 'DELETE', url: `/api/v1/reminders/${reminder.id}`, headers: demo })).statusCode,
    ).toBe(204);
    // A programme that has started takes no reminder.
    ctx.clock.set(event.startTime + 1);
    const late = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/reminders',
      headers: demo,
      payload: { eventId: event.id },
    });
    expect(late.statusCode).toBe(409);
  });
});

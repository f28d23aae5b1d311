import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../../../../test/databases';
import { createTestContext, type TestContext } from '../../../../test/context';
import { generateChannelGuide } from './guide';
import { DEMO_CHANNELS } from './demo-structure';
import { generateFilms, generateSeries } from './vod';
import { CALENDAR_DAYS, fillsCalendar, guideRange } from './seed';

const DAY = 86400000;
const kinds = await databaseKinds();

describe('demo generators', () => {
  const lib = { films: generateFilms(), series: generateSeries() };

  it('are deterministic', () => {
    expect(generateFilms()).toEqual(lib.films);
    const channel = DEMO_CHANNELS[0]!;
    expect(generateChannelGuide(channel, 0, DAY, lib)).toEqual(generateChannelGuide(channel, 0, DAY, lib));
  });

  it('make 200+ films and 20+ series of 1-5 seasons of 4-12 episodes', () => {
    expect(lib.films.length).toBeGreaterThanOrEqual(200);
    expect(new Set(lib.films.map((f) => f.title)).size).toBe(lib.films.length);
    expect(lib.series.length).toBeGreaterThanOrEqual(20);
    for (const s of lib.series) {
      expect(s.seasons.length).toBeGreaterThanOrEqual(1);
      expect(s.seasons.length).toBeLessThanOrEqual(5);
      for (const season of s.seasons) expect(season.episodes.length).toBeGreaterThanOrEqual(4);
      for (const season of s.seasons) expect(season.episodes.length).toBeLessThanOrEqual(12);
    }
  });

  it('make a continuous guide of 15-150 minute programmes for every channel, PPV slots on time', () => {
    const from = Date.UTC(2026, 10, 15);
    for (const channel of DEMO_CHANNELS) {
      const guide = generateChannelGuide(channel, from, from + 3 * DAY, lib);
      expect(guide[0]?.startTime).toBe(from);
      expect(guide.at(-1)?.endTime).toBeGreaterThanOrEqual(from + 3 * DAY);
      for (let i = 0; i < guide.length; i++) {
        const p = guide[i]!;
        const minutes = (p.endTime - p.startTime) / 60000;
        expect(minutes, `${channel.name} ${p.title}`).toBeGreaterThanOrEqual(15);
        expect(minutes, `${channel.name} ${p.title}`).toBeLessThanOrEqual(150);
        if (i > 0) expect(p.startTime).toBe(guide[i - 1]!.endTime);
      }
      if (channel.programming === 'ppv') expect(guide.filter((p) => p.ppvPriceCents !== null)).toHaveLength(3);
      if (channel.programming === 'adult') expect(guide.every((p) => p.parental === 7)).toBe(true);
    }
  });
});

describe.each(kinds)('demo seed on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
  });
  afterAll(async () => ctx?.close());

  const events = () =>
    ctx.sql
      .selectFrom('events')
      .select(['id', 'channelId', 'startTime', 'endTime'])
      .orderBy('channelId')
      .orderBy('startTime')
      .execute();

  it('covers 7 days back to 2 days ahead without gaps or overlaps', async () => {
    const rows = await events();
    const { from, to } = guideRange(ctx.clock.now());
    expect(rows.length).toBeGreaterThan(8000);
    const byChannel = new Map<number, typeof rows>();
    for (const r of rows) byChannel.set(r.channelId, [...(byChannel.get(r.channelId) ?? []), r]);
    expect(byChannel.size).toBeGreaterThanOrEqual(40);
    for (const list of byChannel.values()) {
      expect(list[0]!.startTime).toBeLessThanOrEqual(from);
      expect(list.at(-1)!.endTime).toBeGreaterThanOrEqual(to);
      for (let i = 1; i < list.length; i++) expect(list[i]!.startTime).toBe(list[i - 1]!.endTime);
    }
  });

  it("fills the calendar's 15 days with sports and pay-per-view events", async () => {
    const { calendarTo } = guideRange(ctx.clock.now());
    const calendarChannels = new Set(DEMO_CHANNELS.filter(fillsCalendar).map((c) => c.id));
    expect(calendarChannels.size).toBeGreaterThan(0);
    const rows = await events();
    for (const id of calendarChannels)
      expect(rows.filter((r) => r.channelId === id).at(-1)!.endTime).toBeGreaterThanOrEqual(calendarTo);
    const today = Math.floor(ctx.clock.now() / DAY) * DAY;
    for (let day = 0; day < CALENDAR_DAYS; day++) {
      const start = today + day * DAY;
      expect(
        rows.some((r) => calendarChannels.has(r.channelId) && r.startTime >= start && r.startTime < start + DAY),
      ).toBe(true);
    }
  });

  it('is idempotent and quick the second time', async () => {
    const before = await events();
    const started = Date.now();
    await ctx.modules.catalogue.seedDemo();
    expect(Date.now() - started).toBeLessThan(1500);
    expect(await events()).toEqual(before);
  });

  it('tops the guide up when started on a later day, keeping it continuous', async () => {
    ctx.clock.advance(3 * DAY);
    await ctx.modules.catalogue.seedDemo();
    const rows = await events();
    const { from, to } = guideRange(ctx.clock.now());
    const channel1 = rows.filter((r) => r.channelId === 1);
    expect(channel1.at(-1)!.endTime).toBeGreaterThanOrEqual(to);
    expect(channel1[0]!.startTime).toBeLessThanOrEqual(from);
    for (let i = 1; i < channel1.length; i++) expect(channel1[i]!.startTime).toBe(channel1[i - 1]!.endTime);
    const ppv = await ctx.sql
      .selectFrom('events')
      .select(['id', 'packageId'])
      .where('ppvPriceCents', 'is not', null)
      .execute();
    expect(ppv.every((e) => e.packageId !== null)).toBe(true);
  });
});

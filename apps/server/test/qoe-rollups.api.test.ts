import { afterEach, describe, expect, it } from 'vitest';
import type { QoeBreakdownRow, QoeFigures, QoeRange } from '@pantalla/contracts';
import {
  addView,
  concurrencyRows,
  type DemoView,
  emptySums,
  factsOf,
  figuresOf,
  hourOf,
  MINUTE_MS,
  minuteFacetRows,
  minuteRows,
  QoeDemoRepository,
  qoeMigrations,
  QoeReports,
  QoeRepository,
  rollupsOf,
} from '../src/modules/qoe/testing';
import { ManualClock } from '../src/platform/clock';
import type { Db } from '../src/platform/database';
import { migrateToLatest, type MigrationSet } from '../src/platform/migrate';
import { databaseKinds, openTestDatabase } from './databases';

const kinds = await databaseKinds();
const HOUR = 60 * MINUTE_MS;
/** 37 minutes into an hour: every range but 1 h crosses hour boundaries mid-hour of the rounds below. */
const NOW = hourOf(1_800_000_000_000) + 37 * MINUTE_MS + 12_345;
const RANGES: QoeRange[] = ['1h', '24h', '7d', '30d'];

/** Views over the last 40 hours, a few items, devices, regions and accounts, some failing or slow. */
function views(): DemoView[] {
  return Array.from({ length: 420 }, (_, i) => {
    const startedAt = NOW - 40 * HOUR + Math.floor((i * 40 * HOUR) / 420) + (i % 7) * 1000;
    const live = i % 4 !== 0;
    return {
      viewId: `rollup-${i}`,
      userId: 1 + ((i * 7) % 53),
      itemType: live ? 'LIVE' : 'VOD',
      itemId: 1 + (i % 5),
      startedAt,
      lastAt: startedAt + (i % 9) * MINUTE_MS,
      deviceClass: ['desktop', 'phone', 'tv'][i % 3] ?? 'desktop',
      browser: ['Chrome', 'Firefox', 'Safari', 'Edge'][i % 4] ?? 'Chrome',
      os: 'Linux',
      playerVersion: 'shaka 5',
      region: i % 5 === 0 ? 'PT' : 'ES',
      startupMs: i % 11 === 0 ? null : 300 + ((i * 397) % 9000),
      zap: 0,
      ended: 1,
      exitBeforeStart: i % 11 === 0 ? 1 : 0,
      rebufferCount: i % 3 === 0 ? 1 : 0,
      rebufferMs: i % 3 === 0 ? 1500 : 0,
      watchMs: 30_000 + i * 10,
      playingMs: 30_000,
      errorCode: i % 13 === 0 ? 3016 : i % 17 === 0 ? 6007 : null,
      licenceCode: null,
      avgBitrate: 2_000_000,
      renditionSwitches: 0,
      droppedFrames: 0,
    };
  });
}

function straight(rows: readonly DemoView[]): QoeFigures {
  return figuresOf(rows.map(factsOf).reduce(addView, emptySums()), new Set(rows.map((r) => r.userId)).size);
}

/** What the overview and breakdowns must say, computed from the raw views alone. */
async function expectReportsMatch(reports: QoeReports, all: readonly DemoView[]): Promise<void> {
  for (const range of RANGES) {
    const overview = await reports.overview(range);
    const inRange = all.filter((v) => v.startedAt >= overview.from && v.startedAt < overview.to);
    const expected = straight(inRange);
    expect(inRange.length, range).toBeGreaterThan(0);
    expect({ ...overview.totals, startupScore: null }, range).toEqual({ ...expected, startupScore: null });
    expect(overview.totals.startupScore, range).toBeCloseTo(expected.startupScore ?? 0, 9);
    expect(
      overview.points.reduce((sum, p) => sum + p.views, 0),
      range,
    ).toBe(expected.views);
    const perMinute = new Map<number, number>();
    for (const row of concurrencyRows(all, overview.from, overview.to))
      perMinute.set(row.minute, (perMinute.get(row.minute) ?? 0) + row.viewers);
    expect(overview.peakConcurrent, range).toBe(Math.max(0, ...perMinute.values()));
    const groups: [
      by: 'channel' | 'title' | 'device' | 'region' | 'browser' | 'error',
      keyOf: (v: DemoView) => string | null,
    ][] = [
      ['channel', (v) => (v.itemType === 'LIVE' ? `LIVE:${v.itemId}` : null)],
      ['title', (v) => (v.itemType === 'LIVE' ? null : `${v.itemType}:${v.itemId}`)],
      ['device', (v) => v.deviceClass],
      ['region', (v) => v.region],
      ['browser', (v) => v.browser],
      ['error', (v) => (v.errorCode === null ? null : String(v.errorCode))],
    ];
    for (const [by, keyOf] of groups) {
      const breakdown = await reports.breakdown(by, range, 50);
      const keys = [...new Set(inRange.map(keyOf).filter((k): k is string => k !== null))];
      const want = keys.map((key) => ({ key, ...straight(inRange.filter((v) => keyOf(v) === key)) }));
      const got = breakdown.rows.map((row: QoeBreakdownRow) => ({
        ...row,
        name: undefined,
        startupScore: row.startupScore?.toFixed(9),
      }));
      expect(
        got.sort((a, b) => a.key.localeCompare(b.key)),
        `${by} ${range}`,
      ).toEqual(
        want
          .map((row) => ({ ...row, name: undefined, startupScore: row.startupScore?.toFixed(9) }))
          .sort((a, b) => a.key.localeCompare(b.key)),
      );
    }
  }
}

describe.each(kinds)('QoE rollups on %s', (kind) => {
  let db: Db | undefined;
  afterEach(async () => {
    await db?.destroy();
    db = undefined;
  });

  it('overview and breakdowns over every range equal the raw views, rounds starting mid-hour', async () => {
    db = await openTestDatabase(kind);
    await migrateToLatest(db, [qoeMigrations]);
    const all = views();
    await new QoeDemoRepository(db).insertViews(all);
    const repo = new QoeRepository(db);
    // Two rounds as the minute job does them: the second starts mid-hour and completes that hour from the first's rows.
    const first = NOW - 41 * HOUR - 13 * MINUTE_MS;
    const second = NOW - 5 * HOUR - 21 * MINUTE_MS - (NOW % MINUTE_MS);
    expect(second % HOUR).not.toBe(0);
    const before = all.filter((v) => v.startedAt < second);
    await repo.replaceAggregates(
      first,
      minuteRows(before),
      concurrencyRows(all, first, second),
      minuteFacetRows(before),
    );
    const after = all.filter((v) => v.startedAt >= second);
    await repo.replaceAggregates(
      second,
      minuteRows(after),
      concurrencyRows(all, second, NOW + 1),
      minuteFacetRows(after),
    );
    await repo.advanceItemWindow(NOW);
    await expectReportsMatch(new QoeReports(new ManualClock(NOW), repo, async () => new Map()), all);
  });

  it('rounds every 47 minutes over 30 hours keep the 24 h item window equal to the raw views', async () => {
    db = await openTestDatabase(kind);
    await migrateToLatest(db, [qoeMigrations]);
    const all = views();
    await new QoeDemoRepository(db).insertViews(all);
    const repo = new QoeRepository(db);
    // As the minute job: each round recomputes the last 3 hours up to its now, then moves the window.
    const round = async (at: number) => {
      const from = at - (at % MINUTE_MS) - 3 * HOUR;
      const started = all.filter((v) => v.startedAt >= from && v.startedAt <= at);
      await repo.replaceAggregates(
        from,
        minuteRows(started),
        concurrencyRows(all, from, at + 1),
        minuteFacetRows(started),
      );
      await repo.advanceItemWindow(at);
    };
    await repo.replaceAggregates(
      NOW - 41 * HOUR,
      minuteRows(all.filter((v) => v.startedAt <= NOW - 30 * HOUR)),
      [],
      minuteFacetRows(all.filter((v) => v.startedAt <= NOW - 30 * HOUR)),
    );
    for (let at = NOW - 30 * HOUR; at < NOW; at += 47 * MINUTE_MS) await round(at);
    await round(NOW);
    const { from, to } = new QoeReports(new ManualClock(NOW), repo, async () => new Map()).window('24h');
    expect(await repo.itemWindowSums(true, from, to, 50)).not.toBeNull();
    await expectReportsMatch(new QoeReports(new ManualClock(NOW), repo, async () => new Map()), all);
  });

  it('the migration back-fills the rollups from the per-minute rows already there', async () => {
    db = await openTestDatabase(kind);
    const earlier: MigrationSet = (dialect) =>
      Object.fromEntries(Object.entries(qoeMigrations(dialect)).filter(([name]) => name < '2026-12-08-0210'));
    await migrateToLatest(db, [earlier]);
    const all = views();
    await new QoeDemoRepository(db).insertViews(all);
    const k = db.kysely<{
      qoeMinutes: ReturnType<typeof minuteRows>[number];
      qoeConcurrency: ReturnType<typeof concurrencyRows>[number];
    }>();
    const from = NOW - 41 * HOUR;
    for (const row of minuteRows(all)) await k.insertInto('qoeMinutes').values(row).execute();
    for (const row of concurrencyRows(all, from, NOW + 1)) await k.insertInto('qoeConcurrency').values(row).execute();
    // Both back-fill: the hourly rollups from the per-minute rows, the browser and error rollups and every group's viewers from the raw views.
    expect(await migrateToLatest(db, [qoeMigrations])).toEqual([
      '2026-12-08-0210-qoe-rollups',
      '2026-12-10-0900-qoe-facets',
      '2026-12-10-0910-qoe-item-window',
    ]);
    const hours = await db
      .kysely<{ qoeHourItems: { hour: number; views: number } }>()
      .selectFrom('qoeHourItems')
      .select(['hour', 'views'])
      .execute();
    const expectedHours = rollupsOf(minuteRows(all), [], 0).hourItems;
    expect(hours.length).toBe(expectedHours.length);
    expect(hours.reduce((sum, r) => sum + Number(r.views), 0)).toBe(all.length);
    await expectReportsMatch(new QoeReports(new ManualClock(NOW), new QoeRepository(db), async () => new Map()), all);
  });
});

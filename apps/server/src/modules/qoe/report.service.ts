import type {
  QoeBreakdown,
  QoeBreakdownBy,
  QoeBreakdownRow,
  QoeOverview,
  QoePoint,
  QoeRange,
} from '@pantalla/contracts';
import type { Clock } from '../../platform/clock';
import {
  emptyHistogram,
  emptySums,
  figuresOf,
  mergeHistogram,
  mergeSums,
  parseHistogram,
  percentileOf,
  type ViewSums,
} from './metrics';
import type { Grain, GroupSums, ItemRef, QoeRepository, RawGroupRow } from './qoe.repository';
import { HOUR_MS, hourOf, MINUTE_MS, minuteOf, sumsOf } from './rollup';
import type { SumsColumns } from './tables';

/** Each range's length, its chart's bucket, and the rollup grain it reads. */
const RANGES: Record<QoeRange, { length: number; bucket: number; grain: Grain }> = {
  '1h': { length: HOUR_MS, bucket: MINUTE_MS, grain: 'minute' },
  '24h': { length: 24 * HOUR_MS, bucket: 10 * MINUTE_MS, grain: 'minute' },
  '7d': { length: 7 * 24 * HOUR_MS, bucket: HOUR_MS, grain: 'hour' },
  '30d': { length: 30 * 24 * HOUR_MS, bucket: 6 * HOUR_MS, grain: 'hour' },
};

const pct = (part: number, whole: number) => (whole > 0 ? (100 * part) / whole : null);
const refOf = (key: string): ItemRef => ({
  itemType: key.slice(0, key.indexOf(':')),
  itemId: Number(key.slice(key.indexOf(':') + 1)),
});

/** The console's overview and breakdowns, read from the rollups (browser and error codes from raw views). */
export class QoeReports {
  constructor(
    private readonly clock: Clock,
    private readonly repo: QoeRepository,
    private readonly itemNames: (items: readonly ItemRef[]) => Promise<Map<string, string>>,
  ) {}

  /** The range's window, ending after now (so no view starts after it): whole minutes for 1 h; whole hours (the current one included) from 24 h on, so hourly rollups cover it. */
  window(range: QoeRange): { from: number; to: number } {
    const now = this.clock.now();
    const to = range === '1h' ? minuteOf(now) + MINUTE_MS : hourOf(now) + HOUR_MS;
    return { from: to - RANGES[range].length, to };
  }

  /** The breakdowns' grain: hourly rows from 24 h on (their windows are whole hours). */
  private grainOf(range: QoeRange): Grain {
    return range === '1h' ? 'minute' : 'hour';
  }

  /** Every item's views, or one item's (its page). */
  async overview(range: QoeRange, item?: ItemRef): Promise<QoeOverview> {
    const { from, to } = this.window(range);
    const { bucket, grain } = RANGES[range];
    const [rows, peaks, uniqueViewers] = await Promise.all([
      this.repo.overviewRows(grain, from, to, item),
      this.repo.peakConcurrency(from, to, bucket, item),
      item ? this.repo.uniqueViewers(from, to, item) : this.repo.viewersSince(from),
    ]);
    const totals = emptySums();
    const buckets = new Map<number, ViewSums>();
    for (const row of rows) {
      const sums = sumsOf(row);
      mergeSums(totals, sums);
      const index = Math.floor((Number(row.at) - from) / bucket);
      const had = buckets.get(index);
      if (had) mergeSums(had, sums);
      else buckets.set(index, sums);
    }
    const concurrent = new Map(peaks.map((p) => [p.index, p.peak]));
    const points: QoePoint[] = [];
    for (let index = 0; from + index * bucket < to; index += 1) {
      const sums = buckets.get(index) ?? emptySums();
      points.push({
        at: from + index * bucket,
        views: sums.views,
        concurrent: concurrent.get(index) ?? 0,
        startupP50Ms: percentileOf(sums.histogram, 50),
        startupP95Ms: percentileOf(sums.histogram, 95),
        rebufferPct: pct(sums.rebufferMs, sums.watchMs),
        failurePct: pct(sums.failures, sums.views),
      });
    }
    const peakConcurrent = peaks.reduce((max, p) => Math.max(max, p.peak), 0);
    return { range, from, to, bucketMs: bucket, totals: figuresOf(totals, uniqueViewers), peakConcurrent, points };
  }

  /** Groups of every item's views, or of one item's (device, browser, region, error on its page); channels and titles named. */
  async breakdown(by: QoeBreakdownBy, range: QoeRange, limit: number, item?: ItemRef): Promise<QoeBreakdown> {
    const { from, to } = this.window(range);
    const grain = this.grainOf(range);
    const rows =
      by === 'browser' || by === 'error'
        ? item
          ? await this.rawBreakdown(by, from, to, limit, item)
          : await this.facetBreakdown(by, grain, from, to)
        : by === 'channel' || by === 'title'
          ? await this.itemBreakdown(by, grain, from, to, limit, item)
          : await this.groupBreakdown(by, grain, from, to, item);
    rows.sort((a, b) => b.views - a.views || a.key.localeCompare(b.key));
    const top = rows.slice(0, limit);
    if (by !== 'channel' && by !== 'title') return { by, range, rows: top };
    const names = await this.itemNames(top.map((row) => refOf(row.key)));
    return { by, range, rows: top.map((row) => ({ ...row, name: names.get(row.key) ?? null })) };
  }

  /** Sums per item in the database; histograms and distinct viewers of the items shown only. */
  private async itemBreakdown(
    by: 'channel' | 'title',
    grain: Grain,
    from: number,
    to: number,
    limit: number,
    item?: ItemRef,
  ): Promise<QoeBreakdownRow[]> {
    // Every item's last 24 h: one row per item for the window's final hours, not 24 (null when the window lags).
    const window =
      grain === 'hour' && !item && to - from === RANGES['24h'].length
        ? await this.repo.itemWindowSums(by === 'channel', from, to, limit)
        : null;
    const groups = window ?? (await this.repo.itemSums(grain, by === 'channel', from, to, limit, item));
    const refs = groups.map((group) => refOf(group.key));
    const [histRows, viewers] = await Promise.all([
      this.repo.itemHistograms(grain, refs, from, to),
      // One item's page counts its raw views; the breakdown of every item reads each account's latest start per item.
      item
        ? this.repo
            .uniqueViewersOfItems(refs, from, to)
            .then((rows) => new Map(rows.map((r) => [`${r.itemType}:${r.itemId}`, Number(r.n)])))
        : this.repo.groupViewersSince(
            'item',
            from,
            groups.map((group) => group.key),
          ),
    ]);
    const histograms = new Map<string, number[]>();
    for (const row of histRows) {
      const key = `${row.itemType}:${row.itemId}`;
      histograms.set(key, mergeHistogram(histograms.get(key) ?? emptyHistogram(), parseHistogram(row.startupHist)));
    }
    return groups.map((group) => ({
      key: group.key,
      name: null,
      ...figuresOf(summed(group, histograms.get(group.key)), viewers.get(group.key) ?? 0),
    }));
  }

  private async groupBreakdown(
    by: 'device' | 'region',
    grain: Grain,
    from: number,
    to: number,
    item?: ItemRef,
  ): Promise<QoeBreakdownRow[]> {
    const column = by === 'device' ? 'deviceClass' : 'region';
    const [rows, viewers] = await Promise.all([
      this.repo.groupRows(grain, column, from, to, item),
      item
        ? this.repo
            .uniqueViewersBy(column, from, to, item)
            .then((list) => new Map(list.map((r) => [r.key, Number(r.n)])))
        : this.repo.groupViewersSince(by, from),
    ]);
    return summedGroups(rows, viewers);
  }

  /** Browser and error code groups of every item's views, from their rollups. */
  private async facetBreakdown(by: 'browser' | 'error', grain: Grain, from: number, to: number) {
    const [rows, viewers] = await Promise.all([
      this.repo.facetRows(grain, by, from, to),
      this.repo.groupViewersSince(by, from),
    ]);
    return summedGroups(rows, viewers);
  }

  /** One item's browser and error code groups, from its raw views (no histogram: start-up percentiles null). */
  private async rawBreakdown(
    by: 'browser' | 'error',
    from: number,
    to: number,
    limit: number,
    item?: ItemRef,
  ): Promise<QoeBreakdownRow[]> {
    const rows = await this.repo.rawGroups(by === 'browser' ? 'browser' : 'errorCode', from, to, limit, item);
    return rows.map((r: RawGroupRow) => {
      const views = Number(r.views);
      const started = Number(r.started);
      const exits = Number(r.exits ?? 0);
      return {
        key: String(r.key ?? ''),
        name: null,
        views,
        started,
        uniqueViewers: Number(r.viewers),
        startupScore: started > 0 ? Number(r.scoreSum ?? 0) / started : null,
        startupP50Ms: null,
        startupP95Ms: null,
        rebufferPct: pct(Number(r.rebufferMs ?? 0), Number(r.watchMs ?? 0)),
        failurePct: pct(Number(r.failures), views),
        exitsBeforeStart: exits,
        exitBeforeStartPct: pct(exits, views),
      };
    });
  }
}

/** Rows of a few groups (device class, region, browser, error code) summed per key, with their viewers. */
function summedGroups(
  rows: readonly (SumsColumns & { key: string })[],
  viewers: Map<string, number>,
): QoeBreakdownRow[] {
  const groups = new Map<string, ViewSums>();
  for (const row of rows) groups.set(row.key, mergeSums(groups.get(row.key) ?? emptySums(), sumsOf(row)));
  return [...groups.entries()].map(([key, sums]) => ({ key, name: null, ...figuresOf(sums, viewers.get(key) ?? 0) }));
}

/** A group summed in the database, with its histogram merged from its rows. */
function summed(group: GroupSums, histogram: number[] | undefined): ViewSums {
  return {
    views: Number(group.views),
    started: Number(group.started),
    failures: Number(group.failures),
    exitsBeforeStart: Number(group.exitsBeforeStart),
    startupScoreSum: Number(group.startupScoreSum),
    histogram: histogram ?? emptyHistogram(),
    rebufferMs: Number(group.rebufferMs),
    watchMs: Number(group.watchMs),
  };
}

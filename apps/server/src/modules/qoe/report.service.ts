import type { QoeBreakdown, QoeBreakdownBy, QoeBreakdownRow, QoeOverview, QoePoint, QoeRange } from '@pantalla/contracts';
import type { Clock } from '../../platform/clock';
import { emptySums, figuresOf, mergeSums, parseHistogram, percentileOf, type ViewSums } from './metrics';
import type { ItemRef, QoeRepository, RawGroupRow } from './qoe.repository';
import { MINUTE_MS, minuteOf } from './rollup';
import type { QoeMinuteRow } from './tables';

const HOUR = 60 * MINUTE_MS;
/** Each range's length and its chart's bucket. */
const RANGES: Record<QoeRange, { length: number; bucket: number }> = {
  '1h': { length: HOUR, bucket: MINUTE_MS },
  '24h': { length: 24 * HOUR, bucket: 10 * MINUTE_MS },
  '7d': { length: 7 * 24 * HOUR, bucket: HOUR },
  '30d': { length: 30 * 24 * HOUR, bucket: 6 * HOUR },
};

function sumsOf(row: QoeMinuteRow): ViewSums {
  return {
    views: row.views, started: row.started, failures: row.failures, exitsBeforeStart: row.exitsBeforeStart, startupScoreSum: Number(row.startupScoreSum),
    histogram: parseHistogram(row.startupHist), rebufferMs: Number(row.rebufferMs), watchMs: Number(row.watchMs),
  };
}

const pct = (part: number, whole: number) => (whole > 0 ? (100 * part) / whole : null);

/** The console's overview and breakdowns, read from the per-minute aggregates (browser and error codes from raw views). */
export class QoeReports {
  constructor(
    private readonly clock: Clock,
    private readonly repo: QoeRepository,
    private readonly itemNames: (items: readonly ItemRef[]) => Promise<Map<string, string>>,
  ) {}

  /** The range's window: whole minutes, the current one included. */
  window(range: QoeRange): { from: number; to: number } {
    const to = minuteOf(this.clock.now()) + MINUTE_MS;
    return { from: to - RANGES[range].length, to };
  }

  /** Every item's views, or one item's (its page). */
  async overview(range: QoeRange, item?: ItemRef): Promise<QoeOverview> {
    const { from, to } = this.window(range);
    const { bucket } = RANGES[range];
    const [minutes, concurrency, uniqueViewers] = await Promise.all([this.repo.minutesBetween(from, to, item), this.repo.concurrencyBetween(from, to, item), this.repo.uniqueViewers(from, to, item)]);
    const totals = emptySums();
    const buckets = new Map<number, { sums: ViewSums; concurrent: number }>();
    const bucketAt = (at: number) => {
      const start = from + Math.floor((Number(at) - from) / bucket) * bucket;
      let entry = buckets.get(start);
      if (!entry) buckets.set(start, (entry = { sums: emptySums(), concurrent: 0 }));
      return entry;
    };
    for (const row of minutes) {
      const sums = sumsOf(row);
      mergeSums(totals, sums);
      mergeSums(bucketAt(row.minute).sums, sums);
    }
    let peakConcurrent = 0;
    for (const { minute, viewers } of concurrency) {
      const entry = bucketAt(minute);
      entry.concurrent = Math.max(entry.concurrent, Number(viewers));
      peakConcurrent = Math.max(peakConcurrent, Number(viewers));
    }
    const points: QoePoint[] = [];
    for (let at = from; at < to; at += bucket) {
      const entry = buckets.get(at);
      const sums = entry?.sums ?? emptySums();
      points.push({
        at, views: sums.views, concurrent: entry?.concurrent ?? 0,
        startupP50Ms: percentileOf(sums.histogram, 50), startupP95Ms: percentileOf(sums.histogram, 95),
        rebufferPct: pct(sums.rebufferMs, sums.watchMs), failurePct: pct(sums.failures, sums.views),
      });
    }
    return { range, from, to, bucketMs: bucket, totals: figuresOf(totals, uniqueViewers), peakConcurrent, points };
  }

  /** Groups of every item's views, or of one item's (device, browser, region, error on its page); channels and titles named. */
  async breakdown(by: QoeBreakdownBy, range: QoeRange, limit: number, item?: ItemRef): Promise<QoeBreakdown> {
    const { from, to } = this.window(range);
    const rows = by === 'browser' || by === 'error' ? await this.rawBreakdown(by, from, to, limit, item) : await this.aggregateBreakdown(by, from, to, item);
    rows.sort((a, b) => b.views - a.views || a.key.localeCompare(b.key));
    const top = rows.slice(0, limit);
    if (by !== 'channel' && by !== 'title') return { by, range, rows: top };
    const refs = top.map((row) => ({ itemType: row.key.slice(0, row.key.indexOf(':')), itemId: Number(row.key.slice(row.key.indexOf(':') + 1)) }));
    const names = await this.itemNames(refs);
    return { by, range, rows: top.map((row) => ({ ...row, name: names.get(row.key) ?? null })) };
  }

  private async aggregateBreakdown(by: 'channel' | 'title' | 'device' | 'region', from: number, to: number, item?: ItemRef): Promise<QoeBreakdownRow[]> {
    const minutes = await this.repo.minutesBetween(from, to, item);
    const keyOf = (row: QoeMinuteRow): string | null => {
      if (by === 'channel') return row.itemType === 'LIVE' ? `LIVE:${row.itemId}` : null;
      if (by === 'title') return row.itemType === 'LIVE' ? null : `${row.itemType}:${row.itemId}`;
      return by === 'device' ? row.deviceClass : row.region;
    };
    const groups = new Map<string, ViewSums>();
    for (const row of minutes) {
      const key = keyOf(row);
      if (key === null) continue;
      groups.set(key, mergeSums(groups.get(key) ?? emptySums(), sumsOf(row)));
    }
    const viewers = new Map<string, number>();
    if (by === 'channel' || by === 'title') for (const r of await this.repo.uniqueViewersByItem(from, to)) viewers.set(`${r.itemType}:${r.itemId}`, Number(r.n));
    else for (const r of await this.repo.uniqueViewersBy(by === 'device' ? 'deviceClass' : 'region', from, to, item)) viewers.set(r.key, Number(r.n));
    return [...groups.entries()].map(([key, sums]) => ({ key, name: null, ...figuresOf(sums, viewers.get(key) ?? 0) }));
  }

  /** Browser and error code groups have no histogram: their start-up percentiles are null. */
  private async rawBreakdown(by: 'browser' | 'error', from: number, to: number, limit: number, item?: ItemRef): Promise<QoeBreakdownRow[]> {
    const rows = await this.repo.rawGroups(by === 'browser' ? 'browser' : 'errorCode', from, to, limit, item);
    return rows.map((r: RawGroupRow) => {
      const views = Number(r.views);
      const started = Number(r.started);
      const exits = Number(r.exits ?? 0);
      return {
        key: String(r.key ?? ''), name: null, views, started, uniqueViewers: Number(r.viewers),
        startupScore: started > 0 ? Number(r.scoreSum ?? 0) / started : null, startupP50Ms: null, startupP95Ms: null,
        rebufferPct: pct(Number(r.rebufferMs ?? 0), Number(r.watchMs ?? 0)), failurePct: pct(Number(r.failures), views),
        exitsBeforeStart: exits, exitBeforeStartPct: pct(exits, views),
      };
    });
  }
}

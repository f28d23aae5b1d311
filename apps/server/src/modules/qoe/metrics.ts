import type { QoeFigures } from '@pantalla/contracts';

/**
 * The QoE metrics as their owners define them (Mux Data), as pure functions of view sums.
 * Start-up percentiles come from a histogram, so that per-minute rows add up over any range:
 * a percentile is the upper edge of the bucket its rank falls in.
 */

/** Upper edges (ms) of the start-up histogram's buckets; the last bucket holds everything longer. */
export const STARTUP_BUCKETS_MS = [
  250, 500, 750, 1000, 1250, 1500, 2000, 2500, 3000, 4000, 5000, 6000, 8000, 10_000, 15_000, 20_000, 30_000, 60_000,
  120_000,
] as const;

/** The bucket a start-up falls in. */
export function bucketOf(startupMs: number): number {
  const index = STARTUP_BUCKETS_MS.findIndex((edge) => startupMs <= edge);
  return index === -1 ? STARTUP_BUCKETS_MS.length : index;
}

export function emptyHistogram(): number[] {
  return new Array<number>(STARTUP_BUCKETS_MS.length + 1).fill(0);
}

/** Adds b's counts into a (in place) and returns a. */
export function mergeHistogram(a: number[], b: readonly number[]): number[] {
  for (let i = 0; i < a.length; i += 1) a[i] = (a[i] ?? 0) + (b[i] ?? 0);
  return a;
}

/** A histogram stored as JSON, read back defensively (a broken row counts as empty). */
export function parseHistogram(text: string): number[] {
  try {
    const value: unknown = JSON.parse(text);
    if (Array.isArray(value) && value.every((n) => typeof n === 'number'))
      return mergeHistogram(emptyHistogram(), value as number[]);
  } catch {
    // fall through
  }
  return emptyHistogram();
}

/** The p-th percentile (0–100) of a histogram: its bucket's upper edge (the longest edge for the last); null when empty. */
export function percentileOf(histogram: readonly number[], p: number): number | null {
  const total = histogram.reduce((sum, n) => sum + n, 0);
  if (total === 0) return null;
  const rank = Math.max(1, Math.ceil((p / 100) * total));
  let seen = 0;
  for (let i = 0; i < histogram.length; i += 1) {
    seen += histogram[i] ?? 0;
    if (seen >= rank) return STARTUP_BUCKETS_MS[Math.min(i, STARTUP_BUCKETS_MS.length - 1)] ?? null;
  }
  return null;
}

/** The exact p-th percentile (nearest rank) of values; null when none. */
export function exactPercentile(values: readonly number[], p: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? null;
}

/** Mux's Startup Time Score of one start-up: 8/(8+s). */
export function startupScore(startupMs: number): number {
  return 8 / (8 + Math.max(0, startupMs) / 1000);
}

/** The sums a set of views adds up to (one per-minute row, or many merged). */
export interface ViewSums {
  views: number;
  started: number;
  failures: number;
  exitsBeforeStart: number;
  startupScoreSum: number;
  histogram: number[];
  rebufferMs: number;
  watchMs: number;
}

export function emptySums(): ViewSums {
  return {
    views: 0,
    started: 0,
    failures: 0,
    exitsBeforeStart: 0,
    startupScoreSum: 0,
    histogram: emptyHistogram(),
    rebufferMs: 0,
    watchMs: 0,
  };
}

/** One view as the sums see it. */
export interface ViewFacts {
  startupMs: number | null;
  errorCode: number | null;
  exitBeforeStart: boolean;
  rebufferMs: number;
  watchMs: number;
}

/** Adds one view into the sums (in place). */
export function addView(sums: ViewSums, view: ViewFacts): ViewSums {
  sums.views += 1;
  if (view.errorCode !== null) sums.failures += 1;
  if (view.exitBeforeStart) sums.exitsBeforeStart += 1;
  if (view.startupMs !== null) {
    sums.started += 1;
    sums.startupScoreSum += startupScore(view.startupMs);
    sums.histogram[bucketOf(view.startupMs)] = (sums.histogram[bucketOf(view.startupMs)] ?? 0) + 1;
  }
  sums.rebufferMs += view.rebufferMs;
  sums.watchMs += view.watchMs;
  return sums;
}

/** Adds b into a (in place). */
export function mergeSums(a: ViewSums, b: ViewSums): ViewSums {
  a.views += b.views;
  a.started += b.started;
  a.failures += b.failures;
  a.exitsBeforeStart += b.exitsBeforeStart;
  a.startupScoreSum += b.startupScoreSum;
  mergeHistogram(a.histogram, b.histogram);
  a.rebufferMs += b.rebufferMs;
  a.watchMs += b.watchMs;
  return a;
}

const pct = (part: number, whole: number) => (whole > 0 ? (100 * part) / whole : null);

/** The console's figures of a set of views; unique viewers come from the raw views (they do not add up). */
export function figuresOf(sums: ViewSums, uniqueViewers: number | null): QoeFigures {
  return {
    views: sums.views,
    started: sums.started,
    uniqueViewers,
    startupScore: sums.started > 0 ? sums.startupScoreSum / sums.started : null,
    startupP50Ms: percentileOf(sums.histogram, 50),
    startupP95Ms: percentileOf(sums.histogram, 95),
    // Mux: rebuffering time over watch time.
    rebufferPct: pct(sums.rebufferMs, sums.watchMs),
    failurePct: pct(sums.failures, sums.views),
    exitsBeforeStart: sums.exitsBeforeStart,
    exitBeforeStartPct: pct(sums.exitsBeforeStart, sums.views),
  };
}

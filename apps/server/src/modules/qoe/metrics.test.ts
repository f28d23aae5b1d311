import { describe, expect, it } from 'vitest';
import {
  addView,
  bucketOf,
  emptySums,
  exactPercentile,
  figuresOf,
  mergeSums,
  parseHistogram,
  percentileOf,
  startupScore,
  STARTUP_BUCKETS_MS,
} from './metrics';

const view = (
  startupMs: number | null,
  extra: Partial<{ errorCode: number; exitBeforeStart: boolean; rebufferMs: number; watchMs: number }> = {},
) => ({
  startupMs,
  errorCode: extra.errorCode ?? null,
  exitBeforeStart: extra.exitBeforeStart ?? false,
  rebufferMs: extra.rebufferMs ?? 0,
  watchMs: extra.watchMs ?? 10_000,
});

describe('Startup Time Score', () => {
  it('is 8/(8+s): 1 at once, 0.5 at 8 s', () => {
    expect(startupScore(0)).toBe(1);
    expect(startupScore(8000)).toBe(0.5);
    expect(startupScore(-5)).toBe(1);
  });
  it('the figure is the mean over started views only', () => {
    const sums = [view(0), view(8000), view(null, { exitBeforeStart: true })].reduce(addView, emptySums());
    expect(figuresOf(sums, 2).startupScore).toBe(0.75);
  });
});

describe('percentages', () => {
  it('rebuffer % is rebuffering over watch time', () => {
    const sums = [
      view(500, { rebufferMs: 1000, watchMs: 10_000 }),
      view(500, { rebufferMs: 0, watchMs: 30_000 }),
    ].reduce(addView, emptySums());
    expect(figuresOf(sums, null).rebufferPct).toBe(2.5);
  });
  it('failure % is failed views over views; exits before start are counted apart', () => {
    const sums = [view(null, { errorCode: 3016 }), view(null, { exitBeforeStart: true }), view(900), view(1200)].reduce(
      addView,
      emptySums(),
    );
    expect(figuresOf(sums, null)).toMatchObject({
      views: 4,
      started: 2,
      failurePct: 25,
      exitsBeforeStart: 1,
      exitBeforeStartPct: 25,
    });
  });
  it('nothing to divide by is null, not 0', () => {
    expect(figuresOf(emptySums(), 0)).toMatchObject({
      views: 0,
      startupScore: null,
      startupP50Ms: null,
      startupP95Ms: null,
      rebufferPct: null,
      failurePct: null,
    });
  });
});

describe('start-up percentiles from the histogram', () => {
  it('buckets by upper edge; past the last edge is the last bucket', () => {
    expect(bucketOf(0)).toBe(0);
    expect(bucketOf(250)).toBe(0);
    expect(bucketOf(251)).toBe(1);
    expect(bucketOf(10 ** 9)).toBe(STARTUP_BUCKETS_MS.length);
  });
  it('a percentile is the upper edge of the bucket of the exact one', () => {
    const values = [
      120, 300, 480, 900, 1100, 1400, 1900, 2600, 4500, 9000, 12_000, 700, 800, 650, 2100, 2200, 3300, 5100, 7000, 400,
    ];
    const sums = values.map((v) => view(v)).reduce(addView, emptySums());
    for (const p of [50, 95])
      expect(percentileOf(sums.histogram, p)).toBe(STARTUP_BUCKETS_MS[bucketOf(exactPercentile(values, p)!)]);
  });
  it('merged sums give the percentiles of all their views', () => {
    const a = [view(300), view(600)].reduce(addView, emptySums());
    const b = [view(5000), view(5500)].reduce(addView, emptySums());
    const merged = mergeSums(a, b);
    expect(merged.views).toBe(4);
    expect(percentileOf(merged.histogram, 50)).toBe(750);
    expect(percentileOf(merged.histogram, 95)).toBe(6000);
  });
  it('a stored histogram reads back; a broken one reads as empty', () => {
    expect(parseHistogram(JSON.stringify([1, 2]))[1]).toBe(2);
    expect(parseHistogram('{').every((n) => n === 0)).toBe(true);
  });
  it('exact percentiles are nearest-rank', () => {
    expect(exactPercentile([5, 1, 3, 2, 4], 50)).toBe(3);
    expect(exactPercentile([5, 1, 3, 2, 4], 95)).toBe(5);
    expect(exactPercentile([], 95)).toBeNull();
  });
});

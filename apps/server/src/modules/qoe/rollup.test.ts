import { describe, expect, it } from 'vitest';
import { crossing, itemWindows } from './alerts.service';
import type { ViewFactsRow } from './qoe.repository';
import { concurrencyRows, concurrentTotals, HOUR_MS, minuteRows, MINUTE_MS, rollupsOf } from './rollup';

const T0 = 1_800_000_000_000 - (1_800_000_000_000 % MINUTE_MS);
function row(fields: Partial<ViewFactsRow>): ViewFactsRow {
  return {
    itemType: 'LIVE',
    itemId: 1,
    deviceClass: 'desktop',
    region: 'ES',
    browser: 'Chrome',
    userId: 1,
    startedAt: T0,
    lastAt: T0,
    startupMs: 1000,
    errorCode: null,
    exitBeforeStart: 0,
    rebufferMs: 0,
    watchMs: 1000,
    ...fields,
  };
}

describe('per-minute rows', () => {
  it('group by start minute, item, device class and region', () => {
    const rows = minuteRows([
      row({}),
      row({ startedAt: T0 + 59_999 }),
      row({ startedAt: T0 + MINUTE_MS }),
      row({ region: 'PT' }),
      row({ errorCode: 3016, startupMs: null }),
    ]);
    const first = rows.find((r) => r.minute === T0 && r.region === 'ES');
    expect(first).toMatchObject({ views: 3, started: 2, failures: 1 });
    expect(rows).toHaveLength(3);
  });
});

describe('coarser rollups', () => {
  const H0 = T0 - (T0 % HOUR_MS);
  const views = [
    row({ startedAt: H0 + 5 * MINUTE_MS }),
    row({ startedAt: H0 + 5 * MINUTE_MS, itemId: 2, deviceClass: 'phone', startupMs: 30_000 }),
    row({ startedAt: H0 + 59 * MINUTE_MS, region: 'PT', errorCode: 3016, startupMs: null }),
    row({ startedAt: H0 + HOUR_MS, itemType: 'VOD', itemId: 7 }),
  ];
  const rollups = rollupsOf(
    minuteRows(views),
    [
      { minute: H0 + 5 * MINUTE_MS, viewers: 2 },
      { minute: H0 + 6 * MINUTE_MS, viewers: 1 },
    ],
    H0,
  );
  it("per-minute totals drop the item, device and region, and carry the minute's viewers", () => {
    expect(rollups.minuteTotals.find((r) => r.minute === H0 + 5 * MINUTE_MS)).toMatchObject({
      views: 2,
      started: 2,
      concurrent: 2,
    });
    // A minute with viewers but no view starting still has its row.
    expect(rollups.minuteTotals.find((r) => r.minute === H0 + 6 * MINUTE_MS)).toMatchObject({
      views: 0,
      concurrent: 1,
    });
  });
  it('hour rows sum their minutes per item, per device and region, and in total; histograms merged', () => {
    expect(rollups.hourTotals.map((r) => [r.hour, r.views])).toEqual([
      [H0, 3],
      [H0 + HOUR_MS, 1],
    ]);
    expect(rollups.hourItems.find((r) => r.hour === H0 && r.itemId === 1)).toMatchObject({
      views: 2,
      started: 1,
      failures: 1,
    });
    expect(rollups.hourItems.find((r) => r.hour === H0 + HOUR_MS)).toMatchObject({
      itemType: 'VOD',
      itemId: 7,
      views: 1,
    });
    expect(
      rollups.hourGroups
        .filter((r) => r.hour === H0)
        .map((r) => `${r.deviceClass}/${r.region}:${r.views}`)
        .sort(),
    ).toEqual(['desktop/ES:1', 'desktop/PT:1', 'phone/ES:1']);
    const hist = JSON.parse(rollups.hourTotals[0]!.startupHist) as number[];
    expect(hist.reduce((a, b) => a + b, 0)).toBe(2);
  });
  it("write minute totals from the round's first minute only: earlier rows just complete their hour", () => {
    const later = rollupsOf(minuteRows(views), [], H0 + 30 * MINUTE_MS);
    expect(later.minuteTotals.map((r) => r.minute)).toEqual([H0 + 59 * MINUTE_MS, H0 + HOUR_MS]);
    expect(later.hourTotals.find((r) => r.hour === H0)?.views).toBe(3);
  });
  it("add the items' viewers of a minute", () => {
    expect(
      concurrentTotals([
        { minute: T0, itemType: 'LIVE', itemId: 1, viewers: 3 },
        { minute: T0, itemType: 'VOD', itemId: 2, viewers: 2 },
      ]),
    ).toEqual([{ minute: T0, viewers: 5 }]);
  });
});

describe('concurrent viewers', () => {
  it('a view counts in every minute from its start to its last beacon, an account once per item', () => {
    const rows = concurrencyRows(
      [
        row({ lastAt: T0 + 2 * MINUTE_MS + 5 }),
        row({ userId: 1, startedAt: T0 + MINUTE_MS, lastAt: T0 + MINUTE_MS }),
        row({ userId: 2, startedAt: T0 + MINUTE_MS, lastAt: T0 + MINUTE_MS + 1 }),
      ],
      T0,
      T0 + 10 * MINUTE_MS,
    );
    const at = (minute: number) => rows.find((r) => r.minute === T0 + minute * MINUTE_MS)?.viewers;
    expect([at(0), at(1), at(2), at(3)]).toEqual([1, 2, 1, undefined]);
  });
  it('stays within the window asked for', () => {
    const rows = concurrencyRows(
      [row({ startedAt: T0 - 60 * MINUTE_MS, lastAt: T0 + 60 * MINUTE_MS })],
      T0,
      T0 + 2 * MINUTE_MS,
    );
    expect(rows.map((r) => r.minute)).toEqual([T0, T0 + MINUTE_MS]);
  });
});

describe('alert windows', () => {
  const thresholds = { failurePct: 40, startupP95Ms: 5000, minViews: 3 };
  it('judges nothing below the minimum of views', () => {
    const [window] = itemWindows([row({ errorCode: 1 }), row({ errorCode: 1 })]);
    expect(crossing(window!, 'failure', thresholds)).toBeNull();
  });
  it('raises at the failure threshold and on a slow p95', () => {
    const failing = itemWindows([
      row({ errorCode: 1, startupMs: null }),
      row({ errorCode: 1, startupMs: null }),
      row({}),
      row({}),
    ]);
    expect(crossing(failing[0]!, 'failure', thresholds)).toBe(50);
    const slow = itemWindows([row({ startupMs: 1000 }), row({ startupMs: 2000 }), row({ startupMs: 9000 })]);
    expect(crossing(slow[0]!, 'startup', thresholds)).toBe(9000);
    expect(crossing(slow[0]!, 'failure', thresholds)).toBeNull();
  });
  it('keeps items apart', () => {
    const windows = itemWindows([row({ itemId: 1 }), row({ itemId: 2 }), row({ itemType: 'VOD', itemId: 1 })]);
    expect(windows.map((w) => `${w.itemType}:${w.itemId}`).sort()).toEqual(['LIVE:1', 'LIVE:2', 'VOD:1']);
  });
});

import { describe, expect, it } from 'vitest';
import { QOE_DEFAULT_THRESHOLDS, QOE_VIEW_MAX_EVENTS, qoeEventSchema } from '@pantalla/contracts';
import { itemWindows, crossing } from '../alerts.service';
import { MINUTE_MS } from '../rollup';
import { demoViewsBetween, demoViewsOfMinute } from './demo-audience';

const demo = { flakyChannelId: 5, outageFromMinute: 40, outageToMinute: 45 };
const channels = [1, 2, 3, 5, 7, 10, 20];
const DAY = Date.UTC(2026, 10, 2);
const at = (hour: number, minute = 0) => DAY + (hour * 60 + minute) * MINUTE_MS;

describe('QoE demo audience', () => {
  it('makes the same views with the same ids for a minute, on every process', () => {
    expect(demoViewsOfMinute(at(21, 3), channels, demo)).toEqual(demoViewsOfMinute(at(21, 3), channels, demo));
    const ids = demoViewsBetween(at(0), at(24), channels, demo).map((v) => v.viewId);
    expect(new Set(ids).size).toBe(ids.length);
  });
  it('has a night trough and an evening peak, on the demo channels, by accounts nobody has', () => {
    const night = demoViewsBetween(at(3), at(5), channels, demo).filter((v) => v.itemId !== 5 || v.errorCode === null);
    const evening = demoViewsBetween(at(20, 30), at(22, 30), channels, demo).filter((v) => v.errorCode === null);
    expect(evening.length).toBeGreaterThan(4 * night.length);
    for (const view of [...night, ...evening]) {
      expect(channels).toContain(view.itemId);
      expect(view.userId).toBeLessThan(0);
      expect(view.startedAt).toBeGreaterThanOrEqual(at(3));
    }
  });
  it('the flaky channel fails in its outage minutes, enough to raise the alert within three minutes, and recovers after', () => {
    const failingWindow = demoViewsBetween(at(14, 40), at(14, 43), channels, demo);
    const flaky = itemWindows(failingWindow).find((w) => w.itemId === 5);
    expect(flaky && crossing(flaky, 'failure', QOE_DEFAULT_THRESHOLDS)).not.toBeNull();
    const calm = demoViewsBetween(at(14, 55), at(15, 0), channels, demo);
    const after = itemWindows(calm).find((w) => w.itemId === 5);
    expect(after === undefined || crossing(after, 'failure', QOE_DEFAULT_THRESHOLDS) === null).toBe(true);
    expect(failingWindow.filter((v) => v.itemId === 5 && v.errorCode === 1001).length).toBeGreaterThanOrEqual(
      QOE_DEFAULT_THRESHOLDS.minViews,
    );
  });
  it('a month stays small enough to write at start', () => {
    const month = demoViewsBetween(at(0) - 29 * 24 * 60 * MINUTE_MS, at(0) + 24 * 60 * MINUTE_MS, channels, demo);
    expect(month.length).toBeGreaterThan(10_000);
    expect(month.length).toBeLessThan(60_000);
  });
  it('the history holds the flaky channel to its own audience: the live outage views are not written into the past', () => {
    const day = demoViewsBetween(at(0), at(24), channels, demo, false);
    const flaky = day.filter((v) => v.itemId === 5);
    const failing = flaky.filter((v) => v.errorCode === 1001);
    expect(failing.length).toBeLessThan(flaky.length / 2);
    const live = demoViewsBetween(at(14, 40), at(14, 45), channels, demo).filter((v) => v.itemId === 5).length;
    const past = demoViewsBetween(at(14, 40), at(14, 45), channels, demo, false).filter((v) => v.itemId === 5).length;
    expect(live - past).toBe(10);
  });
  it('every view carries a timeline a player could have sent: in order, within the cap, ending in its end or failure', () => {
    for (const view of demoViewsBetween(at(20), at(22), channels, demo)) {
      const events = qoeEventSchema
        .array()
        .max(QOE_VIEW_MAX_EVENTS)
        .parse(JSON.parse(view.events ?? 'null'));
      expect(events.map(([ms]) => ms)).toEqual([...events.map(([ms]) => ms)].sort((a, b) => a - b));
      expect(events.at(-1)?.[1]).toBe(view.errorCode === null ? 'end' : 'error');
      if (view.startupMs !== null) expect(events).toContainEqual([view.startupMs, 'first', 0]);
    }
  });
});

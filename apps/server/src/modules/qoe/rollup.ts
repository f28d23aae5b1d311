import type { QoeConcurrencyTable, QoeMinutesTable } from './tables';
import { addView, emptySums, type ViewSums } from './metrics';
import type { ViewFactsRow } from './qoe.repository';

export const MINUTE_MS = 60_000;

export function minuteOf(at: number): number {
  return Math.floor(at / MINUTE_MS) * MINUTE_MS;
}

/** A raw view as the sums read it. */
export function factsOf(row: ViewFactsRow) {
  return { startupMs: row.startupMs, errorCode: row.errorCode, exitBeforeStart: row.exitBeforeStart === 1, rebufferMs: Number(row.rebufferMs), watchMs: Number(row.watchMs) };
}

/** Per-minute rows of the views given, by start minute, item, device class and region. */
export function minuteRows(views: readonly ViewFactsRow[]): QoeMinutesTable[] {
  const groups = new Map<string, { key: Omit<QoeMinutesTable, keyof SumsColumns>; sums: ViewSums }>();
  for (const view of views) {
    const minute = minuteOf(Number(view.startedAt));
    const id = `${minute}|${view.itemType}|${view.itemId}|${view.deviceClass}|${view.region}`;
    let group = groups.get(id);
    if (!group) {
      group = { key: { minute, itemType: view.itemType, itemId: view.itemId, deviceClass: view.deviceClass, region: view.region }, sums: emptySums() };
      groups.set(id, group);
    }
    addView(group.sums, factsOf(view));
  }
  return [...groups.values()].map(({ key, sums }) => ({
    ...key,
    views: sums.views,
    started: sums.started,
    failures: sums.failures,
    exitsBeforeStart: sums.exitsBeforeStart,
    startupScoreSum: sums.startupScoreSum,
    startupHist: JSON.stringify(sums.histogram),
    rebufferMs: sums.rebufferMs,
    watchMs: sums.watchMs,
  }));
}
type SumsColumns = Pick<QoeMinutesTable, 'views' | 'started' | 'failures' | 'exitsBeforeStart' | 'startupScoreSum' | 'startupHist' | 'rebufferMs' | 'watchMs'>;

/**
 * Distinct accounts watching each item during each minute of [from, to): a view counts in
 * every minute from its start to the last beacon heard of it.
 */
export function concurrencyRows(views: readonly ViewFactsRow[], from: number, to: number): QoeConcurrencyTable[] {
  const viewers = new Map<string, Set<number>>();
  for (const view of views) {
    const first = Math.max(minuteOf(Number(view.startedAt)), minuteOf(from));
    const last = Math.min(minuteOf(Number(view.lastAt)), minuteOf(to - 1));
    for (let minute = first; minute <= last; minute += MINUTE_MS) {
      const id = `${minute}|${view.itemType}|${view.itemId}`;
      let set = viewers.get(id);
      if (!set) viewers.set(id, (set = new Set()));
      set.add(view.userId);
    }
  }
  return [...viewers.entries()].map(([id, set]) => {
    const [minute, itemType, itemId] = id.split('|');
    return { minute: Number(minute), itemType: itemType ?? '', itemId: Number(itemId), viewers: set.size };
  });
}

import type {
  QoeConcurrencyTable,
  QoeHourFacetsTable,
  QoeHourGroupsTable,
  QoeHourItemsTable,
  QoeHourTotalsTable,
  QoeMinuteFacetsTable,
  QoeMinutesTable,
  QoeMinuteTotalsTable,
  SumsColumns,
} from './tables';
import { addView, emptySums, mergeSums, parseHistogram, type ViewSums } from './metrics';
import type { ViewFactsRow } from './qoe.repository';

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;

export function minuteOf(at: number): number {
  return Math.floor(at / MINUTE_MS) * MINUTE_MS;
}

export function hourOf(at: number): number {
  return Math.floor(at / HOUR_MS) * HOUR_MS;
}

/** A raw view as the sums read it. */
export function factsOf(row: ViewFactsRow) {
  return {
    startupMs: row.startupMs,
    errorCode: row.errorCode,
    exitBeforeStart: row.exitBeforeStart === 1,
    rebufferMs: Number(row.rebufferMs),
    watchMs: Number(row.watchMs),
  };
}

/** Per-minute rows of the views given, by start minute, item, device class and region. */
export function minuteRows(views: readonly ViewFactsRow[]): QoeMinutesTable[] {
  const groups = new Map<string, { key: Omit<QoeMinutesTable, keyof SumsColumns>; sums: ViewSums }>();
  for (const view of views) {
    const minute = minuteOf(Number(view.startedAt));
    const id = `${minute}|${view.itemType}|${view.itemId}|${view.deviceClass}|${view.region}`;
    let group = groups.get(id);
    if (!group) {
      group = {
        key: {
          minute,
          itemType: view.itemType,
          itemId: view.itemId,
          deviceClass: view.deviceClass,
          region: view.region,
        },
        sums: emptySums(),
      };
      groups.set(id, group);
    }
    addView(group.sums, factsOf(view));
  }
  return [...groups.values()].map(({ key, sums }) => ({ ...key, ...columnsOf(sums) }));
}

/** The facet keys of a view: its browser, and its error code when it failed. */
function facetKeysOf(view: ViewFactsRow): [facet: 'browser' | 'error', key: string][] {
  const keys: [facet: 'browser' | 'error', key: string][] = [['browser', view.browser]];
  if (view.errorCode !== null) keys.push(['error', String(view.errorCode)]);
  return keys;
}

/** Per-minute rows of the views given by start minute, per browser and per error code (the failed views only). */
export function minuteFacetRows(views: readonly ViewFactsRow[]): QoeMinuteFacetsTable[] {
  const groups = new Map<string, { key: { minute: number; facet: string; key: string }; sums: ViewSums }>();
  for (const view of views) {
    const minute = minuteOf(Number(view.startedAt));
    for (const [facet, key] of facetKeysOf(view)) {
      const id = `${minute}|${facet}|${key}`;
      let group = groups.get(id);
      if (!group) groups.set(id, (group = { key: { minute, facet, key }, sums: emptySums() }));
      addView(group.sums, factsOf(view));
    }
  }
  return [...groups.values()].map(({ key, sums }) => ({ ...key, ...columnsOf(sums) }));
}

/** Hourly rows of per-minute facet rows (whole only when given every row of their hours). */
export function hourFacetRows(rows: readonly QoeMinuteFacetsTable[]): QoeHourFacetsTable[] {
  const groups = new Map<string, { key: { hour: number; facet: string; key: string }; sums: ViewSums }>();
  for (const row of rows) {
    const hour = hourOf(Number(row.minute));
    const id = `${hour}|${row.facet}|${row.key}`;
    const group = groups.get(id);
    if (group) mergeSums(group.sums, sumsOf(row));
    else groups.set(id, { key: { hour, facet: row.facet, key: row.key }, sums: sumsOf(row) });
  }
  return [...groups.values()].map(({ key, sums }) => ({ ...key, ...columnsOf(sums) }));
}

/** A rollup row's sums as stored. */
export function columnsOf(sums: ViewSums): SumsColumns {
  return {
    views: sums.views,
    started: sums.started,
    failures: sums.failures,
    exitsBeforeStart: sums.exitsBeforeStart,
    startupScoreSum: sums.startupScoreSum,
    startupHist: JSON.stringify(sums.histogram),
    rebufferMs: sums.rebufferMs,
    watchMs: sums.watchMs,
  };
}

/** A rollup row's sums as read back (PostgreSQL returns bigints as text). */
export function sumsOf(row: SumsColumns): ViewSums {
  return {
    views: Number(row.views),
    started: Number(row.started),
    failures: Number(row.failures),
    exitsBeforeStart: Number(row.exitsBeforeStart),
    startupScoreSum: Number(row.startupScoreSum),
    histogram: parseHistogram(row.startupHist),
    rebufferMs: Number(row.rebufferMs),
    watchMs: Number(row.watchMs),
  };
}

function grouped<K extends Record<string, string | number>>(
  rows: readonly QoeMinutesTable[],
  keyOf: (row: QoeMinutesTable) => K,
): (K & SumsColumns)[] {
  const groups = new Map<string, { key: K; sums: ViewSums }>();
  for (const row of rows) {
    const key = keyOf(row);
    const id = Object.values(key).join('|');
    const group = groups.get(id);
    if (group) mergeSums(group.sums, sumsOf(row));
    else groups.set(id, { key, sums: sumsOf(row) });
  }
  return [...groups.values()].map(({ key, sums }) => ({ ...key, ...columnsOf(sums) }));
}

/** The coarser rollups the console reads, so that no screen reads every per-minute row of its range. */
export interface Rollups {
  minuteTotals: QoeMinuteTotalsTable[];
  hourTotals: QoeHourTotalsTable[];
  hourItems: QoeHourItemsTable[];
  hourGroups: QoeHourGroupsTable[];
}

/**
 * The coarser rollups of per-minute rows and per-minute viewer totals. Hour rows are whole only
 * when `minutes` holds every row of their hours: callers pass rows from an hour's start.
 * Minute totals are written from `minuteFrom` on (earlier rows only complete their hour).
 */
export function rollupsOf(
  minutes: readonly QoeMinutesTable[],
  concurrent: readonly { minute: number; viewers: number }[],
  minuteFrom: number,
): Rollups {
  const totals = grouped(
    minutes.filter((row) => Number(row.minute) >= minuteFrom),
    (row) => ({ minute: Number(row.minute) }),
  );
  const byMinute = new Map(totals.map((row) => [row.minute, { ...row, concurrent: 0 }]));
  for (const { minute, viewers } of concurrent) {
    if (Number(minute) < minuteFrom) continue;
    const at = Number(minute);
    const row = byMinute.get(at) ?? { minute: at, ...columnsOf(emptySums()), concurrent: 0 };
    row.concurrent += Number(viewers);
    byMinute.set(at, row);
  }
  return {
    minuteTotals: [...byMinute.values()],
    hourTotals: grouped(minutes, (row) => ({ hour: hourOf(Number(row.minute)) })),
    hourItems: grouped(minutes, (row) => ({
      hour: hourOf(Number(row.minute)),
      itemType: row.itemType,
      itemId: Number(row.itemId),
    })),
    hourGroups: grouped(minutes, (row) => ({
      hour: hourOf(Number(row.minute)),
      deviceClass: row.deviceClass,
      region: row.region,
    })),
  };
}

/** Viewers per minute over every item. */
export function concurrentTotals(rows: readonly QoeConcurrencyTable[]): { minute: number; viewers: number }[] {
  const byMinute = new Map<number, number>();
  for (const row of rows)
    byMinute.set(Number(row.minute), (byMinute.get(Number(row.minute)) ?? 0) + Number(row.viewers));
  return [...byMinute.entries()].map(([minute, viewers]) => ({ minute, viewers }));
}

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

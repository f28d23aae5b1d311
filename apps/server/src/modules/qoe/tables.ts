import type { Generated, Insertable, Selectable } from 'kysely';

/** One view as its player last summarised it (raw; kept QOE_RAW_DAYS). Flags are 0/1. */
export interface QoeViewsTable {
  viewId: string;
  userId: number;
  itemType: string;
  itemId: number;
  /** Play intent (epoch ms), clamped to the server's clock. */
  startedAt: number;
  /** When the server last heard of the view: the concurrency count's end. */
  lastAt: number;
  deviceClass: string;
  browser: string;
  os: string;
  playerVersion: string;
  /** The account's country (ISO 3166-1), '--' when unknown. */
  region: string;
  startupMs: number | null;
  zap: number;
  ended: number;
  exitBeforeStart: number;
  rebufferCount: number;
  rebufferMs: number;
  watchMs: number;
  playingMs: number;
  errorCode: number | null;
  licenceCode: number | null;
  avgBitrate: number;
  renditionSwitches: number;
  droppedFrames: number;
  /** JSON of the view's events in order ([ms after intent, kind, value]); null when the player sent none. */
  events: string | null;
}
export type QoeViewRow = Selectable<QoeViewsTable>;
export type QoeViewInsert = Insertable<QoeViewsTable>;

/** Views by the minute they started, per item, device class and region (kept 13 months). */
export interface QoeMinutesTable {
  minute: number;
  itemType: string;
  itemId: number;
  deviceClass: string;
  region: string;
  views: number;
  started: number;
  failures: number;
  exitsBeforeStart: number;
  /** Σ of 8/(8+s) over started views. */
  startupScoreSum: number;
  /** Start-up histogram: JSON array of counts per STARTUP_BUCKETS_MS bucket. */
  startupHist: string;
  rebufferMs: number;
  watchMs: number;
}
export type QoeMinuteRow = Selectable<QoeMinutesTable>;

/** The sums every rollup row holds (views by their start). */
export interface SumsColumns {
  views: number;
  started: number;
  failures: number;
  exitsBeforeStart: number;
  startupScoreSum: number;
  startupHist: string;
  rebufferMs: number;
  watchMs: number;
}

/** Every item's views per minute, and the viewers watching then (the overview of 1 h and 24 h). */
export interface QoeMinuteTotalsTable extends SumsColumns {
  minute: number;
  concurrent: number;
}
/** Every item's views per hour (the overview of 7 d and 30 d). */
export interface QoeHourTotalsTable extends SumsColumns {
  hour: number;
}
/** Views per hour and item (channel and title breakdowns; an item's page over 7 d and 30 d). */
export interface QoeHourItemsTable extends SumsColumns {
  hour: number;
  itemType: string;
  itemId: number;
}
/** Views per hour, device class and region (those breakdowns over 24 h and more). */
export interface QoeHourGroupsTable extends SumsColumns {
  hour: number;
  deviceClass: string;
  region: string;
}

/** A breakdown the per-minute rows do not key: the browser, or the playback error code of failed views. */
export type QoeFacet = 'browser' | 'error';
/** Views by the minute they started, per browser and per error code (kept 13 months). */
export interface QoeMinuteFacetsTable extends SumsColumns {
  minute: number;
  facet: string;
  key: string;
}
/** The same per hour (those breakdowns over 24 h and more). */
export interface QoeHourFacetsTable extends SumsColumns {
  hour: number;
  facet: string;
  key: string;
}
/**
 * Each account's latest view start per breakdown group ('item' `LIVE:12`, 'device', 'region',
 * 'browser', 'error'): a group's unique viewers of a window ending now are the accounts whose
 * latest start in it falls in the window. Kept as long as raw views; erased with them.
 */
export interface QoeGroupViewersTable {
  facet: string;
  key: string;
  userId: number;
  lastStartedAt: number;
}

/**
 * Every item's sums over the final hours of the 24 h window, [window_from, final_before): the 24 h
 * channel and title breakdowns add the hours the rollup may still rewrite from qoe_hour_items.
 */
export interface QoeItemWindowTable extends Omit<SumsColumns, 'startupHist'> {
  itemType: string;
  itemId: number;
}
/** The one row saying which hours qoe_item_window holds, and from which hour the last rollup rewrote rows. */
export interface QoeItemWindowStateTable {
  id: number;
  windowFrom: number;
  finalBefore: number;
  /** The earliest hour a rollup rewrote since the window last moved, and the latest rollup's first hour. */
  rewrittenFrom: number;
  lastRewrite: number;
}

/** Each account's latest view start (kept as long as raw views; erased with them). */
export interface QoeViewersTable {
  userId: number;
  lastStartedAt: number;
}

/** Viewers watching each item during each minute (kept 13 months). */
export interface QoeConcurrencyTable {
  minute: number;
  itemType: string;
  itemId: number;
  viewers: number;
}

export interface QoeAlertsTable {
  id: Generated<number>;
  kind: string;
  itemType: string;
  itemId: number;
  value: number;
  threshold: number;
  views: number;
  raisedAt: number;
  clearedAt: number | null;
}
export type QoeAlertRow = Selectable<QoeAlertsTable>;

/** The operators' alert thresholds: one row (id 1) once set. */
export interface QoeThresholdsTable {
  id: number;
  failurePct: number;
  startupP95Ms: number;
  minViews: number;
  updatedAt: number;
}

/** One finished /conndiag/ speed run of an account's (kept QOE_RAW_DAYS, like raw views). */
export interface QoeSpeedTestsTable {
  id: Generated<number>;
  userId: number;
  at: number;
  browser: string;
  os: string;
  screen: string;
  /** JSON array of { server, host, mbps } as the contract validated it. */
  results: string;
}

export interface QoeTables {
  qoeSpeedTests: QoeSpeedTestsTable;
  qoeViews: QoeViewsTable;
  qoeMinutes: QoeMinutesTable;
  qoeConcurrency: QoeConcurrencyTable;
  qoeMinuteTotals: QoeMinuteTotalsTable;
  qoeViewers: QoeViewersTable;
  qoeHourTotals: QoeHourTotalsTable;
  qoeHourItems: QoeHourItemsTable;
  qoeHourGroups: QoeHourGroupsTable;
  qoeMinuteFacets: QoeMinuteFacetsTable;
  qoeHourFacets: QoeHourFacetsTable;
  qoeGroupViewers: QoeGroupViewersTable;
  qoeItemWindow: QoeItemWindowTable;
  qoeItemWindowState: QoeItemWindowStateTable;
  qoeAlerts: QoeAlertsTable;
  qoeThresholds: QoeThresholdsTable;
}

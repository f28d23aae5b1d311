import { z } from 'zod';
import { idParamSchema, idSchema } from './ids';
import { requestString } from './text';

/**
 * Quality of experience (issue 28): every player reports how each view went, the console
 * shows it. A view is one play of one item; a zap ends a view and starts the next.
 * Definitions follow Mux Data: start-up is play intent to first frame; a stall before the
 * first frame is start-up, not rebuffering; rebuffer % is rebuffering over watch time.
 */

/** The largest beacon body the server reads (bytes): larger ones are refused with 413. */
export const QOE_BEACON_MAX_BYTES = 4096;
/** Views in one beacon at most (the current one and those ended since the last beacon). */
export const QOE_BEACON_MAX_VIEWS = 8;
/** What was played: a channel (LIVE), a catch-up programme, a film or an episode. */
export const QOE_ITEM_TYPES = ['LIVE', 'CUTV', 'VOD', 'SERIE'] as const;
export const qoeItemTypeSchema = z.enum(QOE_ITEM_TYPES);
/** Screen classes, by the viewport's shorter side. */
export const QOE_SCREEN_CLASSES = ['phone', 'tablet', 'desktop', 'tv'] as const;
export const qoeScreenClassSchema = z.enum(QOE_SCREEN_CLASSES);

const ms = z.number().int().min(0).max(1e13);
const count = z.number().int().min(0).max(1e9);
const label = requestString()
  .max(40)
  .regex(/^[A-Za-z0-9 ._()/-]*$/);

/** What a view's timeline records, in order: the first frame, a stall and its end, a rendition (bit/s), a failure (Shaka's code), the end. */
/** `buffer`: the media buffered ahead of the playhead (ms), sampled with each periodic beacon. */
export const QOE_EVENT_KINDS = ['first', 'stall', 'resume', 'bitrate', 'buffer', 'error', 'end'] as const;
export type QoeEventKind = (typeof QOE_EVENT_KINDS)[number];
/** Events one view carries at most: past it only a failure and the end still replace the last one. */
export const QOE_VIEW_MAX_EVENTS = 32;
/** One event: ms after play intent, its kind, its value (bit/s for a rendition, the code for a failure, else 0). */
export const qoeEventSchema = z.tuple([ms, z.enum(QOE_EVENT_KINDS), z.number().int().min(0).max(1e10)]);
export type QoeEvent = z.infer<typeof qoeEventSchema>;

/** One view as the player summarises it so far; the server keeps the latest summary of each view id. */
export const qoeViewSchema = z
  .object({
    /** Random per view (the player draws it): beacons of the same view replace its row. */
    viewId: requestString().regex(/^[A-Za-z0-9_-]{8,40}$/),
    itemType: qoeItemTypeSchema,
    itemId: idSchema,
    /** Play intent, epoch ms (the player's clock). */
    startedAt: ms,
    /** Play intent to first frame (ms); null while (or if never) started. */
    startupMs: ms.nullable(),
    /** A view begun by a zap: its start-up time is the zap time. */
    zap: z.boolean(),
    /** The view is over (a zap, Back, page hide, an end or a failure). */
    ended: z.boolean(),
    /** Ended before its first frame without a failure. */
    exitBeforeStart: z.boolean(),
    rebufferCount: count,
    rebufferMs: ms,
    /** Intent to now or end, paused time excluded (Mux's watch time). */
    watchMs: ms,
    /** Time with frames moving. */
    playingMs: ms,
    /** A fatal failure: Shaka's code, and the licence server's code when the licence refused. */
    errorCode: z.number().int().min(0).max(99999).nullable(),
    licenceCode: z.number().int().min(0).max(99999).nullable(),
    /** Time-weighted mean bitrate of the renditions played (bit/s). */
    avgBitrate: z.number().int().min(0).max(1e10),
    renditionSwitches: count,
    droppedFrames: count,
    /** The view's events in order (players before the timeline send none). */
    events: z.array(qoeEventSchema).max(QOE_VIEW_MAX_EVENTS).optional(),
  })
  .strict();
export type QoeView = z.infer<typeof qoeViewSchema>;

/** POST /qoe/beacons: the device once, then the views (the user is the bearer's). */
export const qoeBeaconSchema = z
  .object({
    playerVersion: label,
    browser: label,
    os: label,
    screen: qoeScreenClassSchema,
    views: z.array(qoeViewSchema).min(1).max(QOE_BEACON_MAX_VIEWS),
  })
  .strict();
export type QoeBeacon = z.infer<typeof qoeBeaconSchema>;

/** The console's time ranges. */
export const QOE_RANGES = ['1h', '24h', '7d', '30d'] as const;
export const qoeRangeSchema = z.enum(QOE_RANGES);
export type QoeRange = z.infer<typeof qoeRangeSchema>;

/** The figures of a set of views (Mux's definitions). */
export const qoeFiguresSchema = z.object({
  views: z.number().int(),
  /** Views whose first frame came (the start-up distribution's). */
  started: z.number().int(),
  /** Distinct accounts (null where the figure is not additive: breakdown rows by minute). */
  uniqueViewers: z.number().int().nullable(),
  /** Mean over started views of 8/(8+s), s the start-up in seconds; null without one. */
  startupScore: z.number().nullable(),
  startupP50Ms: z.number().nullable(),
  startupP95Ms: z.number().nullable(),
  /** Rebuffering over watch time, percent. */
  rebufferPct: z.number().nullable(),
  /** Views that failed, percent of views. */
  failurePct: z.number().nullable(),
  exitsBeforeStart: z.number().int(),
  exitBeforeStartPct: z.number().nullable(),
});
export type QoeFigures = z.infer<typeof qoeFiguresSchema>;

/** One chart point: a bucket's start (epoch ms) and its figures. */
export const qoePointSchema = z.object({
  at: z.number().int(),
  views: z.number().int(),
  concurrent: z.number().int(),
  startupP50Ms: z.number().nullable(),
  startupP95Ms: z.number().nullable(),
  rebufferPct: z.number().nullable(),
  failurePct: z.number().nullable(),
});
export type QoePoint = z.infer<typeof qoePointSchema>;

export const qoeOverviewQuerySchema = z.object({ range: qoeRangeSchema.default('24h') });
export const qoeOverviewSchema = z.object({
  range: qoeRangeSchema,
  from: z.number().int(),
  to: z.number().int(),
  /** Each point's width (ms). */
  bucketMs: z.number().int(),
  totals: qoeFiguresSchema,
  peakConcurrent: z.number().int(),
  points: z.array(qoePointSchema),
});
export type QoeOverview = z.infer<typeof qoeOverviewSchema>;

export const QOE_BREAKDOWNS = ['channel', 'title', 'device', 'browser', 'region', 'error'] as const;
export const qoeBreakdownBySchema = z.enum(QOE_BREAKDOWNS);
export type QoeBreakdownBy = z.infer<typeof qoeBreakdownBySchema>;
export const qoeBreakdownQuerySchema = z.object({
  by: qoeBreakdownBySchema,
  range: qoeRangeSchema.default('24h'),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export const qoeBreakdownRowSchema = qoeFiguresSchema.extend({
  /** The group's key: an item '<type>:<id>', a device class, a browser, a country, an error code. */
  key: z.string(),
  /** A channel's or title's name in the catalogue (null for other groups, or an item since removed). */
  name: z.string().nullable(),
});
export type QoeBreakdownRow = z.infer<typeof qoeBreakdownRowSchema>;
/** The groups with the most views first (at most `limit`). */
export const qoeBreakdownSchema = z.object({
  by: qoeBreakdownBySchema,
  range: qoeRangeSchema,
  rows: z.array(qoeBreakdownRowSchema),
});
export type QoeBreakdown = z.infer<typeof qoeBreakdownSchema>;

/** PUT /operator/qoe/thresholds: when an item's last 5 minutes raise an alert. */
export const qoeThresholdsSchema = z
  .object({
    /** Failure %, 0–100. */
    failurePct: z.number().min(0).max(100),
    /** Start-up p95 (ms). */
    startupP95Ms: z.number().int().min(100).max(120_000),
    /** Views in the 5 minutes below which nothing is judged. */
    minViews: z.number().int().min(1).max(100_000),
  })
  .strict();
export type QoeThresholds = z.infer<typeof qoeThresholdsSchema>;
/** Until an operator sets them. */
export const QOE_DEFAULT_THRESHOLDS: QoeThresholds = { failurePct: 10, startupP95Ms: 8000, minViews: 5 };
export const QOE_ALERT_KINDS = ['failure', 'startup'] as const;
export const qoeAlertSchema = z.object({
  id: idSchema,
  kind: z.enum(QOE_ALERT_KINDS),
  itemType: qoeItemTypeSchema,
  itemId: idSchema,
  /** The channel's or title's name in the catalogue (null once removed). */
  name: z.string().nullable(),
  /** The figure when it fired (failure %, start-up p95 in ms) and the threshold crossed. */
  value: z.number(),
  threshold: z.number(),
  views: z.number().int(),
  raisedAt: z.number().int(),
  /** null while it lasts. */
  clearedAt: z.number().int().nullable(),
});
export type QoeAlert = z.infer<typeof qoeAlertSchema>;
export const qoeAlertsQuerySchema = z.object({
  state: z.enum(['open', 'all']).default('all'),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export const qoeAlertsSchema = z.object({ items: z.array(qoeAlertSchema), thresholds: qoeThresholdsSchema });
export type QoeAlerts = z.infer<typeof qoeAlertsSchema>;

/** The window an alert judges. */
export const QOE_ALERT_WINDOW_MS = 5 * 60_000;

/** /operator/qoe/items/{itemType}/{itemId}: one channel or title. */
export const qoeItemParamsSchema = z.object({ itemType: qoeItemTypeSchema, itemId: idParamSchema });
export const qoeItemQuerySchema = z.object({ range: qoeRangeSchema.default('24h') });
/** A channel's or title's page: the overview of its views, its breakdowns and its alerts. */
export const qoeItemReportSchema = qoeOverviewSchema.extend({
  itemType: qoeItemTypeSchema,
  itemId: z.number().int(),
  name: z.string().nullable(),
  breakdowns: z.object({
    device: z.array(qoeBreakdownRowSchema),
    browser: z.array(qoeBreakdownRowSchema),
    region: z.array(qoeBreakdownRowSchema),
    error: z.array(qoeBreakdownRowSchema),
  }),
  /** Its latest alerts, open or cleared (newest first). */
  alerts: z.array(qoeAlertSchema),
});
export type QoeItemReport = z.infer<typeof qoeItemReportSchema>;

/** One raw view as the console reads it: the player's summary and where it played. */
export const qoeViewRecordSchema = z.object({
  viewId: z.string(),
  userId: z.number().int(),
  itemType: qoeItemTypeSchema,
  itemId: z.number().int(),
  name: z.string().nullable(),
  startedAt: z.number().int(),
  /** When the server last heard of it. */
  lastAt: z.number().int(),
  startupMs: z.number().int().nullable(),
  zap: z.boolean(),
  ended: z.boolean(),
  exitBeforeStart: z.boolean(),
  rebufferCount: z.number().int(),
  rebufferMs: z.number().int(),
  watchMs: z.number().int(),
  playingMs: z.number().int(),
  errorCode: z.number().int().nullable(),
  licenceCode: z.number().int().nullable(),
  avgBitrate: z.number().int(),
  renditionSwitches: z.number().int(),
  droppedFrames: z.number().int(),
  /** In order; empty for a player that sent none. */
  events: z.array(qoeEventSchema),
  screen: z.string(),
  browser: z.string(),
  os: z.string(),
  playerVersion: z.string(),
  region: z.string(),
});
export type QoeViewRecord = z.infer<typeof qoeViewRecordSchema>;
/** A page of views, newest first; the cursor is the last one's start and id. */
export const qoeViewsQuerySchema = z.object({
  cursor: requestString()
    .regex(/^\d{1,15}\.[A-Za-z0-9_-]{8,40}$/)
    .optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export const qoeViewPageSchema = z.object({ items: z.array(qoeViewRecordSchema), nextCursor: z.string().nullable() });
export type QoeViewPage = z.infer<typeof qoeViewPageSchema>;
export const qoeSubscriberParamsSchema = z.object({ userId: idParamSchema });
export const qoeViewParamsSchema = z.object({ viewId: requestString().regex(/^[A-Za-z0-9_-]{8,40}$/) });

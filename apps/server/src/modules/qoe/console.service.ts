import {
  qoeEventSchema,
  type QoeEvent,
  type QoeItemReport,
  type QoeRange,
  type QoeViewPage,
  type QoeViewRecord,
} from '@pantalla/contracts';
import type { QoeAlertsService } from './alerts.service';
import type { ItemRef, QoeRepository } from './qoe.repository';
import type { QoeReports } from './report.service';
import type { QoeViewRow } from './tables';

/** Groups a channel's page shows per breakdown, and alerts. */
const ITEM_GROUPS = 20;
const ITEM_ALERTS = 10;

/** A page cursor: the last view's start and id (views are listed newest first). */
export function parseViewCursor(cursor: string | undefined): { startedAt: number; viewId: string } | null {
  if (!cursor) return null;
  const dot = cursor.indexOf('.');
  return { startedAt: Number(cursor.slice(0, dot)), viewId: cursor.slice(dot + 1) };
}

/** The stored timeline, read back through its schema (a row written by the ingest only, but the column is text). */
function eventsOf(text: string | null): QoeEvent[] {
  if (!text) return [];
  try {
    const parsed = qoeEventSchema.array().safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

function record(row: QoeViewRow, name: string | null): QoeViewRecord {
  return {
    viewId: row.viewId,
    userId: row.userId,
    itemType: row.itemType as QoeViewRecord['itemType'],
    itemId: row.itemId,
    name,
    startedAt: Number(row.startedAt),
    lastAt: Number(row.lastAt),
    startupMs: row.startupMs === null ? null : Number(row.startupMs),
    zap: Boolean(row.zap),
    ended: Boolean(row.ended),
    exitBeforeStart: Boolean(row.exitBeforeStart),
    rebufferCount: row.rebufferCount,
    rebufferMs: Number(row.rebufferMs),
    watchMs: Number(row.watchMs),
    playingMs: Number(row.playingMs),
    errorCode: row.errorCode,
    licenceCode: row.licenceCode,
    avgBitrate: Number(row.avgBitrate),
    renditionSwitches: row.renditionSwitches,
    droppedFrames: row.droppedFrames,
    events: eventsOf(row.events),
    screen: row.deviceClass,
    browser: row.browser,
    os: row.os,
    playerVersion: row.playerVersion,
    region: row.region,
  };
}

/** The console's pages of one channel or title, and the views of an account or an item (read-only). */
export class QoeConsole {
  constructor(
    private readonly repo: QoeRepository,
    private readonly reports: QoeReports,
    private readonly alerts: QoeAlertsService,
    private readonly itemNames: (items: readonly ItemRef[]) => Promise<Map<string, string>>,
  ) {}

  async item(item: ItemRef, range: QoeRange): Promise<QoeItemReport> {
    const [overview, device, browser, region, error, alerts, names] = await Promise.all([
      this.reports.overview(range, item),
      this.reports.breakdown('device', range, ITEM_GROUPS, item),
      this.reports.breakdown('browser', range, ITEM_GROUPS, item),
      this.reports.breakdown('region', range, ITEM_GROUPS, item),
      this.reports.breakdown('error', range, ITEM_GROUPS, item),
      this.alerts.of(item, ITEM_ALERTS),
      this.itemNames([item]),
    ]);
    return {
      ...overview,
      itemType: item.itemType as QoeItemReport['itemType'],
      itemId: item.itemId,
      name: names.get(`${item.itemType}:${item.itemId}`) ?? null,
      breakdowns: { device: device.rows, browser: browser.rows, region: region.rows, error: error.rows },
      alerts,
    };
  }

  /** A page of an account's or an item's views, newest first, named. */
  async views(of: { userId: number } | ItemRef, cursor: string | undefined, limit: number): Promise<QoeViewPage> {
    const rows = await this.repo.viewsPage(of, parseViewCursor(cursor), limit + 1);
    const page = rows.slice(0, limit);
    const names = await this.itemNames(page);
    const last = page.at(-1);
    return {
      items: page.map((row) => record(row, names.get(`${row.itemType}:${row.itemId}`) ?? null)),
      nextCursor: rows.length > limit && last ? `${Number(last.startedAt)}.${last.viewId}` : null,
    };
  }

  /** One view, or undefined. */
  async view(viewId: string): Promise<QoeViewRecord | undefined> {
    const row = await this.repo.view(viewId);
    if (!row) return undefined;
    const names = await this.itemNames([row]);
    return record(row, names.get(`${row.itemType}:${row.itemId}`) ?? null);
  }
}

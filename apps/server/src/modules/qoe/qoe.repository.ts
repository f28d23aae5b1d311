import { sql, type Insertable, type Kysely } from 'kysely';
import type { QoeThresholds } from '@pantalla/contracts';
import type { Db } from '../../platform/database';
import { recordAudit, type Actor } from '../../platform/audit.repository';
import { concurrentTotals, HOUR_MS, hourFacetRows, hourOf, rollupsOf } from './rollup';
import type {
  QoeAlertRow,
  QoeConcurrencyTable,
  QoeMinuteFacetsTable,
  QoeMinutesTable,
  QoeTables,
  QoeViewRow,
  QoeViewsTable,
  SumsColumns,
} from './tables';

/** What the rollup and the alerts read of a raw view. */
export interface ViewFactsRow {
  itemType: string;
  itemId: number;
  deviceClass: string;
  region: string;
  browser: string;
  userId: number;
  startedAt: number;
  lastAt: number;
  startupMs: number | null;
  errorCode: number | null;
  exitBeforeStart: number;
  rebufferMs: number;
  watchMs: number;
}

/** A breakdown group read straight from the raw views (browser, error code). */
export interface RawGroupRow {
  key: string | number | null;
  views: number;
  started: number;
  failures: number;
  exits: number;
  scoreSum: number | null;
  rebufferMs: number | null;
  watchMs: number | null;
  viewers: number;
}

/** The raw view's columns the rollup reads. */
export const VIEW_FACTS = [
  'itemType',
  'itemId',
  'deviceClass',
  'region',
  'browser',
  'userId',
  'startedAt',
  'lastAt',
  'startupMs',
  'errorCode',
  'exitBeforeStart',
  'rebufferMs',
  'watchMs',
] as const;
/** One channel or title: the console's page of an item reads its rows only. */
export interface ItemRef {
  itemType: string;
  itemId: number;
}

/** A rollup row's sums at a time (a minute or an hour). */
export type TimedSums = SumsColumns & { at: number };
/** A breakdown group's sums, summed in the database (no histogram). */
export type GroupSums = Omit<SumsColumns, 'startupHist'> & { key: string };
/** The sums read of a rollup, the histogram left to the rows of the groups shown. */
const SUMMED = [
  sql<number>`sum(views)`.as('views'),
  sql<number>`sum(started)`.as('started'),
  sql<number>`sum(failures)`.as('failures'),
  sql<number>`sum(exits_before_start)`.as('exitsBeforeStart'),
  sql<number>`sum(startup_score_sum)`.as('startupScoreSum'),
  sql<number>`sum(rebuffer_ms)`.as('rebufferMs'),
  sql<number>`sum(watch_ms)`.as('watchMs'),
];
const SUMS = [
  'views',
  'started',
  'failures',
  'exitsBeforeStart',
  'startupScoreSum',
  'startupHist',
  'rebufferMs',
  'watchMs',
] as const;
/** The grain a breakdown reads: per-minute rows (1 h, an item's page) or hourly ones. */
export type Grain = 'minute' | 'hour';

/** Rows per insert statement: well under both databases' parameter limits. */
const CHUNK = 200;

/** Items as (type, ids): `item_id in (…)` per type lets both databases seek the item index, where an OR of pairs scans the range. */
function byType(items: readonly ItemRef[]): [string, number[]][] {
  const types = new Map<string, number[]>();
  for (const { itemType, itemId } of items) types.set(itemType, [...(types.get(itemType) ?? []), itemId]);
  return [...types.entries()];
}

function chunks<T>(rows: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += CHUNK) out.push(rows.slice(i, i + CHUNK));
  return out;
}

/** A raw view's columns in the order UPSERT_VIEW_SQL binds them. */
const VIEW_COLUMNS = [
  'viewId',
  'userId',
  'itemType',
  'itemId',
  'startedAt',
  'lastAt',
  'deviceClass',
  'browser',
  'os',
  'playerVersion',
  'region',
  'startupMs',
  'zap',
  'ended',
  'exitBeforeStart',
  'rebufferCount',
  'rebufferMs',
  'watchMs',
  'playingMs',
  'errorCode',
  'licenceCode',
  'avgBitrate',
  'renditionSwitches',
  'droppedFrames',
  'events',
] as const satisfies readonly (keyof QoeViewsTable)[];
/** The columns a later summary of a view updates. */
const VIEW_UPDATED = [
  'lastAt',
  'startupMs',
  'ended',
  'exitBeforeStart',
  'rebufferCount',
  'rebufferMs',
  'watchMs',
  'playingMs',
  'errorCode',
  'licenceCode',
  'avgBitrate',
  'renditionSwitches',
  'droppedFrames',
  'events',
] as const satisfies readonly (keyof QoeViewsTable)[];
const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const UPSERT_VIEW_SQL =
  `insert into qoe_views (${VIEW_COLUMNS.map(snake).join(', ')}) values (${VIEW_COLUMNS.map(() => '?').join(', ')})` +
  ` on conflict (view_id) do update set ${VIEW_UPDATED.map((c) => `${snake(c)} = excluded.${snake(c)}`).join(', ')}` +
  ' where excluded.user_id = qoe_views.user_id and qoe_views.ended = 0';
export const viewValues = (row: Insertable<QoeViewsTable>): unknown[] => VIEW_COLUMNS.map((c) => row[c] ?? null);
/** The same insert that leaves a view id already there alone (the demo's history). */
export const INSERT_NEW_VIEW_SQL = `${UPSERT_VIEW_SQL.slice(0, UPSERT_VIEW_SQL.indexOf(' on conflict'))} on conflict (view_id) do nothing`;

/** Every SQL of quality of experience. */
export class QoeRepository {
  private readonly k: Kysely<QoeTables>;
  constructor(private readonly db: Db) {
    this.k = db.kysely<QoeTables>();
  }

  /** Writes the latest summary of each view; a view id already another account's, or already ended, is left alone. */
  async upsertViews(rows: readonly Insertable<QoeViewsTable>[]): Promise<void> {
    const runMany = this.db.runMany;
    if (runMany) {
      // SQLite: one prepared statement run per row in one transaction, about ten times cheaper than building
      // many-row inserts (the beacon bench's writer; issue 28). The same statement as below, in SQL.
      await this.k.transaction().execute(async () => runMany(UPSERT_VIEW_SQL, rows.map(viewValues)));
      return;
    }
    for (const chunk of chunks(rows)) {
      await this.k
        .insertInto('qoeViews')
        .values(chunk)
        .onConflict((oc) =>
          oc
            .column('viewId')
            .doUpdateSet((eb) => ({
              lastAt: eb.ref('excluded.lastAt'),
              startupMs: eb.ref('excluded.startupMs'),
              ended: eb.ref('excluded.ended'),
              exitBeforeStart: eb.ref('excluded.exitBeforeStart'),
              rebufferCount: eb.ref('excluded.rebufferCount'),
              rebufferMs: eb.ref('excluded.rebufferMs'),
              watchMs: eb.ref('excluded.watchMs'),
              playingMs: eb.ref('excluded.playingMs'),
              errorCode: eb.ref('excluded.errorCode'),
              licenceCode: eb.ref('excluded.licenceCode'),
              avgBitrate: eb.ref('excluded.avgBitrate'),
              renditionSwitches: eb.ref('excluded.renditionSwitches'),
              droppedFrames: eb.ref('excluded.droppedFrames'),
              events: eb.ref('excluded.events'),
            }))
            // keepalive requests may arrive out of order: once a view's final summary is in, an older one changes nothing.
            .where(sql<boolean>`excluded.user_id = qoe_views.user_id and qoe_views.ended = 0`),
        )
        .execute();
    }
  }

  /** The views that started in [from, to). */
  viewsStartedBetween(from: number, to: number): Promise<ViewFactsRow[]> {
    return this.k
      .selectFrom('qoeViews')
      .select(VIEW_FACTS)
      .where('startedAt', '>=', from)
      .where('startedAt', '<', to)
      .execute();
  }

  /** The views heard of at or after `from` that had started before `to` (the concurrency count's). */
  viewsActiveBetween(from: number, to: number): Promise<ViewFactsRow[]> {
    return this.k
      .selectFrom('qoeViews')
      .select(VIEW_FACTS)
      .where('lastAt', '>=', from)
      .where('startedAt', '<', to)
      .execute();
  }

  /**
   * Replaces the aggregates of the minutes from `from` on with the rollup's, and the coarser
   * rollups from that hour on (the hour's earlier minutes read back to complete it).
   */
  async replaceAggregates(
    from: number,
    minutes: readonly QoeMinutesTable[],
    concurrency: readonly QoeConcurrencyTable[],
    facets: readonly QoeMinuteFacetsTable[],
  ): Promise<void> {
    const hour = hourOf(from);
    await this.k.transaction().execute(async (trx) => {
      const earlier =
        hour < from
          ? await trx
              .selectFrom('qoeMinutes')
              .selectAll()
              .where('minute', '>=', hour)
              .where('minute', '<', from)
              .execute()
          : [];
      const earlierFacets =
        hour < from
          ? await trx
              .selectFrom('qoeMinuteFacets')
              .selectAll()
              .where('minute', '>=', hour)
              .where('minute', '<', from)
              .execute()
          : [];
      const rollups = rollupsOf([...earlier, ...minutes], concurrentTotals(concurrency), from);
      await trx.deleteFrom('qoeMinuteFacets').where('minute', '>=', from).execute();
      await trx.deleteFrom('qoeHourFacets').where('hour', '>=', hour).execute();
      for (const chunk of chunks(facets)) await trx.insertInto('qoeMinuteFacets').values(chunk).execute();
      for (const chunk of chunks(hourFacetRows([...earlierFacets, ...facets])))
        await trx.insertInto('qoeHourFacets').values(chunk).execute();
      await upsertGroupViewers(trx, from);
      await noteRewrite(trx, hour);
      await trx.deleteFrom('qoeMinutes').where('minute', '>=', from).execute();
      await trx.deleteFrom('qoeConcurrency').where('minute', '>=', from).execute();
      await trx.deleteFrom('qoeMinuteTotals').where('minute', '>=', from).execute();
      await trx.deleteFrom('qoeHourTotals').where('hour', '>=', hour).execute();
      await trx.deleteFrom('qoeHourItems').where('hour', '>=', hour).execute();
      await trx.deleteFrom('qoeHourGroups').where('hour', '>=', hour).execute();
      for (const chunk of chunks(minutes)) await trx.insertInto('qoeMinutes').values(chunk).execute();
      for (const chunk of chunks(concurrency)) await trx.insertInto('qoeConcurrency').values(chunk).execute();
      await insertRollups(trx, rollups);
      // A view's start never changes: the accounts of the views started since `from` are all that can move.
      await sql`insert into qoe_viewers (user_id, last_started_at) select user_id, max(started_at) from qoe_views where started_at >= ${from} group by user_id
        on conflict (user_id) do update set last_started_at = excluded.last_started_at where excluded.last_started_at > qoe_viewers.last_started_at`.execute(
        trx,
      );
    });
  }

  /**
   * Moves the 24 h item window to the one ending after `now`'s hour: adds the hours that became final (before the
   * latest rollup's first hour) and drops those that left the window; rebuilt whole when a rollup rewrote a final
   * hour or the window moved past it. Call after replaceAggregates, under the same lock.
   */
  async advanceItemWindow(now: number): Promise<void> {
    const windowFrom = hourOf(now) + HOUR_MS - DAY_MS;
    await this.k.transaction().execute(async (trx) => {
      const state = await trx.selectFrom('qoeItemWindowState').selectAll().where('id', '=', 1).executeTakeFirst();
      const was = state && {
        from: Number(state.windowFrom),
        final: Number(state.finalBefore),
        rewritten: Number(state.rewrittenFrom),
      };
      const finalBefore = Math.max(windowFrom, Math.min(Number(state?.lastRewrite ?? 0), hourOf(now)));
      if (
        was &&
        was.rewritten >= was.final &&
        was.from <= windowFrom &&
        windowFrom <= was.final &&
        was.final <= finalBefore
      ) {
        await addItemHours(trx, was.final, finalBefore, 1);
        await addItemHours(trx, was.from, windowFrom, -1);
        await trx.deleteFrom('qoeItemWindow').where('views', '=', 0).execute();
      } else {
        await trx.deleteFrom('qoeItemWindow').execute();
        await addItemHours(trx, windowFrom, finalBefore, 1);
      }
      const next = {
        windowFrom,
        finalBefore,
        rewrittenFrom: finalBefore,
        lastRewrite: Number(state?.lastRewrite ?? 0),
      };
      await trx
        .insertInto('qoeItemWindowState')
        .values({ id: 1, ...next })
        .onConflict((oc) => oc.column('id').doUpdateSet(next))
        .execute();
    });
  }

  /**
   * The window's item sums over [from, to), summed in the database from one row per item plus the hours not yet
   * final: the `limit` most viewed; null when the window is not that one (no round since the hour turned).
   */
  async itemWindowSums(live: boolean, from: number, to: number, limit: number): Promise<GroupSums[] | null> {
    const state = await this.k.selectFrom('qoeItemWindowState').selectAll().where('id', '=', 1).executeTakeFirst();
    if (!state || Number(state.windowFrom) !== from || Number(state.finalBefore) > to) return null;
    const kind = live ? sql`item_type = 'LIVE'` : sql`item_type <> 'LIVE'`;
    // The hours by their range, not by item type: SQLite otherwise walks the item index over every hour kept.
    const hourKind = live ? sql`item_type || '' = 'LIVE'` : sql`item_type || '' <> 'LIVE'`;
    const columns = sql`item_type, item_id, views, started, failures, exits_before_start, startup_score_sum, rebuffer_ms, watch_ms`;
    const { rows } = await sql<GroupSums & { itemType: string; itemId: number }>`
      select item_type, item_id, sum(views) as views, sum(started) as started, sum(failures) as failures,
        sum(exits_before_start) as exits_before_start, sum(startup_score_sum) as startup_score_sum,
        sum(rebuffer_ms) as rebuffer_ms, sum(watch_ms) as watch_ms
      from (
        select ${columns} from qoe_item_window where ${kind}
        union all
        select ${columns} from qoe_hour_items where hour >= ${Number(state.finalBefore)} and hour < ${to} and ${hourKind}
      ) as window_rows
      group by item_type, item_id
      order by sum(views) desc, item_type, item_id
      limit ${limit}`.execute(this.k);
    return rows.map(({ itemType, itemId, ...sums }) => ({ ...sums, key: `${itemType}:${itemId}` }));
  }

  /** Distinct accounts with a view started at or after `from`: every view's, since none starts after the server's now. */
  async viewersSince(from: number): Promise<number> {
    const row = await this.k
      .selectFrom('qoeViewers')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('lastStartedAt', '>=', from)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** The overview's rows: every item's per-minute or hourly totals, or one item's rows. */
  overviewRows(grain: Grain, from: number, to: number, item?: ItemRef): Promise<TimedSums[]> {
    if (item)
      return this.itemRows(grain, from, to)
        .select([sql.ref<number>(grain).as('at'), ...SUMS])
        .where('itemType', '=', item.itemType)
        .where('itemId', '=', item.itemId)
        .execute();
    return grain === 'minute'
      ? this.k
          .selectFrom('qoeMinuteTotals')
          .select(['minute as at', ...SUMS])
          .where('minute', '>=', from)
          .where('minute', '<', to)
          .execute()
      : this.k
          .selectFrom('qoeHourTotals')
          .select(['hour as at', ...SUMS])
          .where('hour', '>=', from)
          .where('hour', '<', to)
          .execute();
  }

  /** The most viewers watching in one minute of each bucket (every item's, or one item's), by bucket index from `from`. */
  async peakConcurrency(
    from: number,
    to: number,
    bucket: number,
    item?: ItemRef,
  ): Promise<{ index: number; peak: number }[]> {
    // Whole numbers of the server's own, inlined: both databases then divide bigints as integers.
    const index = sql<number>`(minute - ${sql.lit(from)}) / ${sql.lit(bucket)}`;
    const rows = item
      ? await this.k
          .selectFrom('qoeConcurrency')
          .select([index.as('index'), sql<number>`max(viewers)`.as('peak')])
          .where('itemType', '=', item.itemType)
          .where('itemId', '=', item.itemId)
          .where('minute', '>=', from)
          .where('minute', '<', to)
          .groupBy(index)
          .execute()
      : await this.k
          .selectFrom('qoeMinuteTotals')
          .select([index.as('index'), sql<number>`max(concurrent)`.as('peak')])
          .where('minute', '>=', from)
          .where('minute', '<', to)
          .groupBy(index)
          .execute();
    return rows.map((row) => ({ index: Number(row.index), peak: Number(row.peak) }));
  }

  /** Per-item rows over [from, to): per-minute ones (also by device and region) or hourly ones; both have the item and sums columns. */
  private itemRows(grain: Grain, from: number, to: number) {
    // Typed as the hourly table: the columns read here are the same in both, the time column (named as the grain) apart.
    const table = (grain === 'minute' ? 'qoeMinutes' : 'qoeHourItems') as 'qoeHourItems';
    return this.k.selectFrom(table).where(sql.ref(grain), '>=', from).where(sql.ref(grain), '<', to);
  }

  /** The channels' or titles' sums over [from, to), summed in the database: the `limit` most viewed. */
  async itemSums(
    grain: Grain,
    live: boolean,
    from: number,
    to: number,
    limit: number,
    item?: ItemRef,
  ): Promise<GroupSums[]> {
    let query = this.itemRows(grain, from, to)
      .select(['itemType', 'itemId', ...SUMMED])
      .where('itemType', live ? '=' : '<>', 'LIVE');
    if (item) query = query.where('itemType', '=', item.itemType).where('itemId', '=', item.itemId);
    const rows = await query
      .groupBy(['itemType', 'itemId'])
      .orderBy(sql`sum(views)`, 'desc')
      .orderBy('itemType')
      .orderBy('itemId')
      .limit(limit)
      .execute();
    return rows.map(({ itemType, itemId, ...sums }) => ({ key: `${itemType}:${itemId}`, ...sums }));
  }

  /** The start-up histograms of the items given over [from, to), one row per item and time. */
  itemHistograms(
    grain: Grain,
    items: readonly ItemRef[],
    from: number,
    to: number,
  ): Promise<{ itemType: string; itemId: number; startupHist: string }[]> {
    if (items.length === 0) return Promise.resolve([]);
    return this.itemRows(grain, from, to)
      .select(['itemType', 'itemId', 'startupHist'])
      .where((eb) =>
        eb.or(byType(items).map(([itemType, ids]) => eb.and([eb('itemType', '=', itemType), eb('itemId', 'in', ids)]))),
      )
      .execute();
  }

  /** Device class or region groups over [from, to), sums and histogram rows (few groups: every row read). */
  groupRows(
    grain: Grain,
    column: 'deviceClass' | 'region',
    from: number,
    to: number,
    item?: ItemRef,
  ): Promise<(SumsColumns & { key: string })[]> {
    if (grain === 'hour' && !item)
      return this.k
        .selectFrom('qoeHourGroups')
        .select([`${column} as key`, ...SUMS])
        .where('hour', '>=', from)
        .where('hour', '<', to)
        .execute();
    let query = this.k
      .selectFrom('qoeMinutes')
      .select([`${column} as key`, ...SUMS])
      .where('minute', '>=', from)
      .where('minute', '<', to);
    if (item) query = query.where('itemType', '=', item.itemType).where('itemId', '=', item.itemId);
    return query.execute();
  }

  /** Distinct accounts among the views started in [from, to). */
  async uniqueViewers(from: number, to: number, item?: ItemRef): Promise<number> {
    let query = this.k
      .selectFrom('qoeViews')
      .select((eb) => eb.fn.count<number>('userId').distinct().as('n'))
      .where('startedAt', '>=', from)
      .where('startedAt', '<', to);
    if (item) query = query.where('itemType', '=', item.itemType).where('itemId', '=', item.itemId);
    const row = await query.executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** Distinct accounts per group of a column among the views started in [from, to). */
  uniqueViewersBy(
    column: 'deviceClass' | 'region',
    from: number,
    to: number,
    item?: ItemRef,
  ): Promise<{ key: string; n: number }[]> {
    let query = this.k
      .selectFrom('qoeViews')
      .select([`${column} as key`, (eb) => eb.fn.count<number>('userId').distinct().as('n')])
      .where('startedAt', '>=', from)
      .where('startedAt', '<', to);
    if (item) query = query.where('itemType', '=', item.itemType).where('itemId', '=', item.itemId);
    return query.groupBy(column).execute() as Promise<{ key: string; n: number }[]>;
  }

  /** Distinct accounts per item among the views of the items given started in [from, to). */
  uniqueViewersOfItems(
    items: readonly ItemRef[],
    from: number,
    to: number,
  ): Promise<{ itemType: string; itemId: number; n: number }[]> {
    if (items.length === 0) return Promise.resolve([]);
    return this.k
      .selectFrom('qoeViews')
      .select(['itemType', 'itemId', (eb) => eb.fn.count<number>('userId').distinct().as('n')])
      .where((eb) =>
        eb.or(byType(items).map(([itemType, ids]) => eb.and([eb('itemType', '=', itemType), eb('itemId', 'in', ids)]))),
      )
      .where('startedAt', '>=', from)
      .where('startedAt', '<', to)
      .groupBy(['itemType', 'itemId'])
      .execute();
  }

  /** Browser or error code rows over [from, to), sums and histograms (few groups: every row read). */
  facetRows(
    grain: Grain,
    facet: 'browser' | 'error',
    from: number,
    to: number,
  ): Promise<(SumsColumns & { key: string })[]> {
    return grain === 'minute'
      ? this.k
          .selectFrom('qoeMinuteFacets')
          .select(['key', ...SUMS])
          .where('facet', '=', facet)
          .where('minute', '>=', from)
          .where('minute', '<', to)
          .execute()
      : this.k
          .selectFrom('qoeHourFacets')
          .select(['key', ...SUMS])
          .where('facet', '=', facet)
          .where('hour', '>=', from)
          .where('hour', '<', to)
          .execute();
  }

  /**
   * Distinct accounts per group (of `keys` only, when given) with a view started at or after `from`: every
   * window's, since none ends before the server's now.
   */
  async groupViewersSince(group: ViewerGroup, from: number, keys?: readonly string[]): Promise<Map<string, number>> {
    if (keys?.length === 0) return new Map();
    let query = this.k
      .selectFrom('qoeGroupViewers')
      .select(['key', (eb) => eb.fn.countAll<number>().as('n')])
      .where('facet', '=', group)
      .where('lastStartedAt', '>=', from);
    if (keys) query = query.where('key', 'in', keys);
    const rows = await query.groupBy('key').execute();
    return new Map(rows.map((row) => [row.key, Number(row.n)]));
  }

  /** Sums per browser or per error code, straight from the raw views (one item's page). */
  rawGroups(
    by: 'browser' | 'errorCode',
    from: number,
    to: number,
    limit: number,
    item?: ItemRef,
  ): Promise<RawGroupRow[]> {
    let query = this.k
      .selectFrom('qoeViews')
      .select((eb) => [
        eb.ref(by).as('key'),
        eb.fn.countAll<number>().as('views'),
        eb.fn.count<number>('startupMs').as('started'),
        eb.fn.count<number>('errorCode').as('failures'),
        eb.fn.sum<number>('exitBeforeStart').as('exits'),
        eb.fn.sum<number>(sql`8.0 / (8.0 + startup_ms / 1000.0)`).as('scoreSum'),
        eb.fn.sum<number>('rebufferMs').as('rebufferMs'),
        eb.fn.sum<number>('watchMs').as('watchMs'),
        eb.fn.count<number>('userId').distinct().as('viewers'),
      ])
      .where('startedAt', '>=', from)
      .where('startedAt', '<', to);
    if (by === 'errorCode') query = query.where('errorCode', 'is not', null);
    if (item) query = query.where('itemType', '=', item.itemType).where('itemId', '=', item.itemId);
    return query.groupBy(by).orderBy('views', 'desc').limit(limit).execute() as Promise<RawGroupRow[]>;
  }

  openAlerts(): Promise<QoeAlertRow[]> {
    return this.k.selectFrom('qoeAlerts').selectAll().where('clearedAt', 'is', null).execute();
  }

  async raiseAlert(alert: Omit<QoeAlertRow, 'id' | 'clearedAt'>): Promise<void> {
    await this.k
      .insertInto('qoeAlerts')
      .values({ ...alert, clearedAt: null })
      .execute();
  }

  async clearAlert(id: number, at: number): Promise<void> {
    await this.k
      .updateTable('qoeAlerts')
      .set({ clearedAt: at })
      .where('id', '=', id)
      .where('clearedAt', 'is', null)
      .execute();
  }

  /** Newest first: the open ones, or all. */
  listAlerts(openOnly: boolean, limit: number): Promise<QoeAlertRow[]> {
    let query = this.k.selectFrom('qoeAlerts').selectAll();
    if (openOnly) query = query.where('clearedAt', 'is', null);
    return query.orderBy('raisedAt', 'desc').orderBy('id', 'desc').limit(limit).execute();
  }

  async thresholds(): Promise<QoeThresholds | undefined> {
    return this.k
      .selectFrom('qoeThresholds')
      .select(['failurePct', 'startupP95Ms', 'minViews'])
      .where('id', '=', 1)
      .executeTakeFirst();
  }

  /** Sets the thresholds and writes the audit row in the same transaction. */
  async setThresholds(actor: Actor, at: number, before: QoeThresholds, next: QoeThresholds): Promise<void> {
    await this.k.transaction().execute(async (trx) => {
      await trx
        .insertInto('qoeThresholds')
        .values({ id: 1, ...next, updatedAt: at })
        .onConflict((oc) => oc.column('id').doUpdateSet({ ...next, updatedAt: at }))
        .execute();
      await recordAudit(trx, actor, at, {
        action: 'qoe.thresholds',
        subjectType: 'qoe',
        subjectId: 'thresholds',
        before,
        after: next,
      });
    });
  }

  /** Retention: raw views before `viewsBefore`, aggregates and alerts before `aggregatesBefore`. */
  async forget(viewsBefore: number, aggregatesBefore: number): Promise<void> {
    await this.k.deleteFrom('qoeViews').where('startedAt', '<', viewsBefore).execute();
    await this.k.deleteFrom('qoeViewers').where('lastStartedAt', '<', viewsBefore).execute();
    await this.k.deleteFrom('qoeGroupViewers').where('lastStartedAt', '<', viewsBefore).execute();
    await this.k.deleteFrom('qoeMinuteFacets').where('minute', '<', aggregatesBefore).execute();
    await this.k.deleteFrom('qoeMinutes').where('minute', '<', aggregatesBefore).execute();
    await this.k.deleteFrom('qoeConcurrency').where('minute', '<', aggregatesBefore).execute();
    await this.k.deleteFrom('qoeMinuteTotals').where('minute', '<', aggregatesBefore).execute();
    // An hour row goes once all its minutes have gone.
    for (const table of ['qoeHourTotals', 'qoeHourItems', 'qoeHourGroups', 'qoeHourFacets'] as const)
      await this.k.deleteFrom(table).where('hour', '<', hourOf(aggregatesBefore)).execute();
    await this.k.deleteFrom('qoeAlerts').where('raisedAt', '<', aggregatesBefore).execute();
  }

  /** An item's latest alerts, newest first. */
  alertsOf(item: ItemRef, limit: number): Promise<QoeAlertRow[]> {
    return this.k
      .selectFrom('qoeAlerts')
      .selectAll()
      .where('itemType', '=', item.itemType)
      .where('itemId', '=', item.itemId)
      .orderBy('raisedAt', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }

  /** A page of an account's or an item's views, newest first, after the cursor's (start, id). */
  viewsPage(
    of: { userId: number } | ItemRef,
    after: { startedAt: number; viewId: string } | null,
    limit: number,
  ): Promise<QoeViewRow[]> {
    let query = this.k.selectFrom('qoeViews').selectAll();
    query =
      'userId' in of
        ? query.where('userId', '=', of.userId)
        : query.where('itemType', '=', of.itemType).where('itemId', '=', of.itemId);
    if (after)
      query = query.where((eb) =>
        eb.or([
          eb('startedAt', '<', after.startedAt),
          eb.and([eb('startedAt', '=', after.startedAt), eb('viewId', '<', after.viewId)]),
        ]),
      );
    return query.orderBy('startedAt', 'desc').orderBy('viewId', 'desc').limit(limit).execute();
  }

  view(viewId: string): Promise<QoeViewRow | undefined> {
    return this.k.selectFrom('qoeViews').selectAll().where('viewId', '=', viewId).executeTakeFirst();
  }

  /** A user's raw views, for the data export. */
  viewsOf(userId: number) {
    return this.k.selectFrom('qoeViews').selectAll().where('userId', '=', userId).orderBy('startedAt').execute();
  }

  async eraseViewsOf(userId: number): Promise<void> {
    await this.k.deleteFrom('qoeViews').where('userId', '=', userId).execute();
    await this.k.deleteFrom('qoeViewers').where('userId', '=', userId).execute();
    await this.k.deleteFrom('qoeGroupViewers').where('userId', '=', userId).execute();
  }
}

/** Writes the coarser rollups (the caller deleted what they replace). */
export async function insertRollups(k: Kysely<QoeTables>, rollups: ReturnType<typeof rollupsOf>): Promise<void> {
  for (const chunk of chunks(rollups.minuteTotals)) await k.insertInto('qoeMinuteTotals').values(chunk).execute();
  for (const chunk of chunks(rollups.hourTotals)) await k.insertInto('qoeHourTotals').values(chunk).execute();
  for (const chunk of chunks(rollups.hourItems)) await k.insertInto('qoeHourItems').values(chunk).execute();
  for (const chunk of chunks(rollups.hourGroups)) await k.insertInto('qoeHourGroups').values(chunk).execute();
}

/** Each group's key of a raw view as SQL, per breakdown whose unique viewers QoeGroupViewersTable keeps. */
const GROUP_KEYS = {
  item: sql`item_type || ':' || cast(item_id as varchar(12))`,
  device: sql`device_class`,
  region: sql`region`,
  browser: sql`browser`,
  error: sql`cast(error_code as varchar(12))`,
} as const;
export type ViewerGroup = keyof typeof GROUP_KEYS;

/** Raises each account's latest start per group from the views started at or after `from` (a view's start never changes). */
export async function upsertGroupViewers(k: Kysely<QoeTables>, from: number): Promise<void> {
  for (const [facet, key] of Object.entries(GROUP_KEYS))
    await sql`insert into qoe_group_viewers (facet, key, user_id, last_started_at)
      select ${facet}, ${key}, user_id, max(started_at) from qoe_views
      where started_at >= ${from}${facet === 'error' ? sql` and error_code is not null` : sql``}
      group by ${key}, user_id
      on conflict (facet, key, user_id) do update set last_started_at = excluded.last_started_at
      where excluded.last_started_at > qoe_group_viewers.last_started_at`.execute(k);
}

const DAY_MS = 24 * HOUR_MS;

/** Notes the first hour a rollup rewrote: the 24 h item window's final hours end there. */
async function noteRewrite(k: Kysely<QoeTables>, hour: number): Promise<void> {
  const state = await k.selectFrom('qoeItemWindowState').select('rewrittenFrom').where('id', '=', 1).executeTakeFirst();
  if (!state) {
    const first = { id: 1, windowFrom: 0, finalBefore: 0, rewrittenFrom: hour, lastRewrite: hour };
    await k.insertInto('qoeItemWindowState').values(first).execute();
    return;
  }
  await k
    .updateTable('qoeItemWindowState')
    .set({ rewrittenFrom: Math.min(Number(state.rewrittenFrom), hour), lastRewrite: hour })
    .where('id', '=', 1)
    .execute();
}

/** Adds (sign 1) or takes away (sign -1) the hourly item rows of [from, to) into the 24 h item window. */
async function addItemHours(k: Kysely<QoeTables>, from: number, to: number, sign: 1 | -1): Promise<void> {
  if (from >= to) return;
  const sum = (column: string) => sql`${sql.lit(sign)} * sum(${sql.ref(column)})`;
  const columns = [
    'views',
    'started',
    'failures',
    'exits_before_start',
    'startup_score_sum',
    'rebuffer_ms',
    'watch_ms',
  ];
  await sql`insert into qoe_item_window (item_type, item_id, ${sql.join(columns.map((c) => sql.ref(c)))})
    select item_type, item_id, ${sql.join(columns.map(sum))} from qoe_hour_items
    where hour >= ${from} and hour < ${to} group by item_type, item_id
    on conflict (item_type, item_id) do update set ${sql.join(
      columns.map((c) => sql`${sql.ref(c)} = qoe_item_window.${sql.ref(c)} + excluded.${sql.ref(c)}`),
    )}`.execute(k);
}

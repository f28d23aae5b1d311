import { sql, type CreateTableBuilder, type Kysely } from 'kysely';
import { insertRollups, upsertGroupViewers, VIEW_FACTS } from '../qoe.repository';
import { hourFacetRows, hourOf, minuteFacetRows, rollupsOf } from '../rollup';
import type { QoeTables } from '../tables';
import { withAutoId } from '../../../platform/dialect';
import type { MigrationSet } from '../../../platform/migrate';
import type { DialectName } from '../../../platform/database';

/** Quality of experience (issue 28): raw views, per-minute aggregates, concurrency, alerts, thresholds. */
export const qoeMigrations: MigrationSet = (dialect) => ({
  '2026-12-07-0900-qoe': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('qoe_views')
        .addColumn('view_id', 'varchar(40)', (c) => c.primaryKey())
        // No foreign key: views are erased with the account through personal data, and raw rows go after 30 days anyway.
        .addColumn('user_id', 'integer', (c) => c.notNull())
        .addColumn('item_type', 'varchar(8)', (c) => c.notNull())
        .addColumn('item_id', 'integer', (c) => c.notNull())
        .addColumn('started_at', 'bigint', (c) => c.notNull())
        .addColumn('last_at', 'bigint', (c) => c.notNull())
        .addColumn('device_class', 'varchar(8)', (c) => c.notNull())
        .addColumn('browser', 'varchar(40)', (c) => c.notNull())
        .addColumn('os', 'varchar(40)', (c) => c.notNull())
        .addColumn('player_version', 'varchar(40)', (c) => c.notNull())
        .addColumn('region', 'varchar(2)', (c) => c.notNull())
        .addColumn('startup_ms', 'integer')
        .addColumn('zap', 'integer', (c) => c.notNull())
        .addColumn('ended', 'integer', (c) => c.notNull())
        .addColumn('exit_before_start', 'integer', (c) => c.notNull())
        .addColumn('rebuffer_count', 'integer', (c) => c.notNull())
        .addColumn('rebuffer_ms', 'bigint', (c) => c.notNull())
        .addColumn('watch_ms', 'bigint', (c) => c.notNull())
        .addColumn('playing_ms', 'bigint', (c) => c.notNull())
        .addColumn('error_code', 'integer')
        .addColumn('licence_code', 'integer')
        .addColumn('avg_bitrate', 'bigint', (c) => c.notNull())
        .addColumn('rendition_switches', 'integer', (c) => c.notNull())
        .addColumn('dropped_frames', 'integer', (c) => c.notNull())
        .execute();
      // The rollup and the breakdowns read by start; the concurrency count by the last beacon; the alerts by item.
      await db.schema.createIndex('qoe_views_started').on('qoe_views').column('started_at').execute();
      await db.schema.createIndex('qoe_views_last').on('qoe_views').column('last_at').execute();
      await db.schema
        .createIndex('qoe_views_item')
        .on('qoe_views')
        .columns(['item_type', 'item_id', 'started_at'])
        .execute();
      await db.schema.createIndex('qoe_views_user').on('qoe_views').column('user_id').execute();
      await createAggregates(db, dialect);
    },
  },
  // /conndiag/'s speed runs, so support matches a complaint to measured bandwidth; kept as long as raw views.
  '2026-12-08-0100-qoe-speed-tests': {
    async up(db: Kysely<unknown>) {
      await withAutoId(db.schema.createTable('qoe_speed_tests'), dialect)
        // No foreign key, as for views: erased with the account through personal data.
        .addColumn('user_id', 'integer', (c) => c.notNull())
        .addColumn('at', 'bigint', (c) => c.notNull())
        .addColumn('browser', 'varchar(40)', (c) => c.notNull())
        .addColumn('os', 'varchar(40)', (c) => c.notNull())
        .addColumn('screen', 'varchar(8)', (c) => c.notNull())
        .addColumn('results', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('qoe_speed_tests_user').on('qoe_speed_tests').columns(['user_id', 'at']).execute();
      await db.schema.createIndex('qoe_speed_tests_at').on('qoe_speed_tests').column('at').execute();
    },
  },
  // A view's events in order (JSON of [ms after intent, kind, value], ≤ 32): the console's timeline of one view.
  '2026-12-08-0200-qoe-view-events': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('qoe_views').addColumn('events', 'text').execute();
    },
  },
  // Coarser rollups, so that no console screen reads every per-minute row of its range (issue 28's bench).
  '2026-12-08-0210-qoe-rollups': {
    async up(db: Kysely<unknown>) {
      await createRollups(db);
      // Distinct viewers counted from the index alone: the user id joins the start and the item's indexes.
      await db.schema
        .createIndex('qoe_views_started_user')
        .on('qoe_views')
        .columns(['started_at', 'user_id'])
        .execute();
      await db.schema
        .createIndex('qoe_views_item_user')
        .on('qoe_views')
        .columns(['item_type', 'item_id', 'started_at', 'user_id'])
        .execute();
      await db.schema.dropIndex('qoe_views_started').execute();
      await db.schema.dropIndex('qoe_views_item').execute();
      // An item's page reads its own per-minute rows and viewers.
      await db.schema
        .createIndex('qoe_minutes_item')
        .on('qoe_minutes')
        .columns(['item_type', 'item_id', 'minute'])
        .execute();
      await db.schema
        .createIndex('qoe_concurrency_item')
        .on('qoe_concurrency')
        .columns(['item_type', 'item_id', 'minute'])
        .execute();
      // Each account's latest view start: unique viewers of a window ending now are the accounts whose latest start is in it.
      await db.schema
        .createTable('qoe_viewers')
        .addColumn('user_id', 'integer', (c) => c.primaryKey())
        .addColumn('last_started_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('qoe_viewers_last').on('qoe_viewers').column('last_started_at').execute();
      await sql`insert into qoe_viewers (user_id, last_started_at) select user_id, max(started_at) from qoe_views group by user_id`.execute(
        db,
      );
      await backfillRollups(db as unknown as Kysely<QoeTables>);
    },
  },
  // Browser and error code breakdowns from rollups, and every breakdown's unique viewers without reading raw views
  // (issue 28's bench: the 24 h breakdowns at 10,000 channels and 1,000,000 views). Back-filled from the raw views.
  '2026-12-10-0900-qoe-facets': {
    async up(db: Kysely<unknown>) {
      await createFacets(db);
      await backfillFacets(db as unknown as Kysely<QoeTables>);
    },
  },
  // The 24 h channel and title breakdowns at 10,000 channels read every item's sums of the window's final hours from
  // one row per item (the next scheduled round fills it), not 24 hourly rows per item.
  '2026-12-10-0910-qoe-item-window': {
    async up(db: Kysely<unknown>) {
      await createItemWindow(db);
    },
  },
});

/** Every item's sums over the 24 h window's final hours, and which hours those are. */
async function createItemWindow(db: Kysely<unknown>): Promise<void> {
  await sumColumns(
    db.schema
      .createTable('qoe_item_window')
      .addColumn('item_type', 'varchar(8)', (c) => c.notNull())
      .addColumn('item_id', 'integer', (c) => c.notNull()),
    false,
  )
    .addPrimaryKeyConstraint('qoe_item_window_pk', ['item_type', 'item_id'])
    .execute();
  await db.schema
    .createTable('qoe_item_window_state')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('window_from', 'bigint', (c) => c.notNull())
    .addColumn('final_before', 'bigint', (c) => c.notNull())
    .addColumn('rewritten_from', 'bigint', (c) => c.notNull())
    .addColumn('last_rewrite', 'bigint', (c) => c.notNull())
    .execute();
}

/** Browser and error code rollups per minute and hour, and each account's latest start per breakdown group. */
async function createFacets(db: Kysely<unknown>): Promise<void> {
  await sumColumns(
    db.schema
      .createTable('qoe_minute_facets')
      .addColumn('minute', 'bigint', (c) => c.notNull())
      .addColumn('facet', 'varchar(8)', (c) => c.notNull())
      .addColumn('key', 'varchar(40)', (c) => c.notNull()),
  )
    .addPrimaryKeyConstraint('qoe_minute_facets_pk', ['minute', 'facet', 'key'])
    .execute();
  await sumColumns(
    db.schema
      .createTable('qoe_hour_facets')
      .addColumn('hour', 'bigint', (c) => c.notNull())
      .addColumn('facet', 'varchar(8)', (c) => c.notNull())
      .addColumn('key', 'varchar(40)', (c) => c.notNull()),
  )
    .addPrimaryKeyConstraint('qoe_hour_facets_pk', ['hour', 'facet', 'key'])
    .execute();
  await db.schema
    .createTable('qoe_group_viewers')
    .addColumn('facet', 'varchar(8)', (c) => c.notNull())
    .addColumn('key', 'varchar(52)', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('last_started_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('qoe_group_viewers_pk', ['facet', 'key', 'user_id'])
    .execute();
  // A group's viewers since a time are an index range; an account's rows go with it.
  await db.schema
    .createIndex('qoe_group_viewers_last')
    .on('qoe_group_viewers')
    .columns(['facet', 'key', 'last_started_at'])
    .execute();
  await db.schema.createIndex('qoe_group_viewers_user').on('qoe_group_viewers').column('user_id').execute();
}

/** The facet rollups and group viewers of the raw views already written, a day at a time. */
async function backfillFacets(k: Kysely<QoeTables>): Promise<void> {
  const bounds = await k
    .selectFrom('qoeViews')
    .select([sql<number | null>`min(started_at)`.as('first'), sql<number | null>`max(started_at)`.as('last')])
    .executeTakeFirst();
  if (bounds?.first === null || bounds?.first === undefined || bounds.last === null) return;
  // Whole hours at a time, so each hour's row is written once from all its minutes.
  for (let day = hourOf(Number(bounds.first)); day <= Number(bounds.last); day += DAY_MS) {
    const views = await k
      .selectFrom('qoeViews')
      .select([...VIEW_FACTS])
      .where('startedAt', '>=', day)
      .where('startedAt', '<', day + DAY_MS)
      .execute();
    const minutes = minuteFacetRows(views);
    for (const chunk of chunked(minutes)) await k.insertInto('qoeMinuteFacets').values(chunk).execute();
    for (const chunk of chunked(hourFacetRows(minutes))) await k.insertInto('qoeHourFacets').values(chunk).execute();
  }
  await upsertGroupViewers(k, Number(bounds.first));
}

function chunked<T>(rows: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += 200) out.push(rows.slice(i, i + 200));
  return out;
}

function sumColumns<N extends string, C extends string>(
  table: CreateTableBuilder<N, C>,
  histogram = true,
): CreateTableBuilder<N, string> {
  const sums = table
    .addColumn('views', 'integer', (c) => c.notNull())
    .addColumn('started', 'integer', (c) => c.notNull())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('exits_before_start', 'integer', (c) => c.notNull())
    .addColumn('startup_score_sum', 'double precision', (c) => c.notNull());
  return (histogram ? sums.addColumn('startup_hist', 'varchar(400)', (c) => c.notNull()) : sums)
    .addColumn('rebuffer_ms', 'bigint', (c) => c.notNull())
    .addColumn('watch_ms', 'bigint', (c) => c.notNull());
}

async function createRollups(db: Kysely<unknown>): Promise<void> {
  await sumColumns(db.schema.createTable('qoe_minute_totals').addColumn('minute', 'bigint', (c) => c.primaryKey()))
    .addColumn('concurrent', 'integer', (c) => c.notNull())
    .execute();
  await sumColumns(
    db.schema.createTable('qoe_hour_totals').addColumn('hour', 'bigint', (c) => c.primaryKey()),
  ).execute();
  await sumColumns(
    db.schema
      .createTable('qoe_hour_items')
      .addColumn('hour', 'bigint', (c) => c.notNull())
      .addColumn('item_type', 'varchar(8)', (c) => c.notNull())
      .addColumn('item_id', 'integer', (c) => c.notNull()),
  )
    .addPrimaryKeyConstraint('qoe_hour_items_pk', ['hour', 'item_type', 'item_id'])
    .execute();
  await db.schema
    .createIndex('qoe_hour_items_item')
    .on('qoe_hour_items')
    .columns(['item_type', 'item_id', 'hour'])
    .execute();
  await sumColumns(
    db.schema
      .createTable('qoe_hour_groups')
      .addColumn('hour', 'bigint', (c) => c.notNull())
      .addColumn('device_class', 'varchar(8)', (c) => c.notNull())
      .addColumn('region', 'varchar(2)', (c) => c.notNull()),
  )
    .addPrimaryKeyConstraint('qoe_hour_groups_pk', ['hour', 'device_class', 'region'])
    .execute();
}

const DAY_MS = 24 * 60 * 60_000;

/** The new rollups of the per-minute rows already written, a day at a time (13 months of them do not fit in memory at once). */
async function backfillRollups(k: Kysely<QoeTables>): Promise<void> {
  const bounds = await k
    .selectFrom('qoeMinutes')
    .select([sql<number | null>`min(minute)`.as('first'), sql<number | null>`max(minute)`.as('last')])
    .executeTakeFirst();
  const concurrencyBounds = await k
    .selectFrom('qoeConcurrency')
    .select([sql<number | null>`min(minute)`.as('first'), sql<number | null>`max(minute)`.as('last')])
    .executeTakeFirst();
  const firsts = [bounds?.first, concurrencyBounds?.first].filter((n) => n !== null && n !== undefined).map(Number);
  const lasts = [bounds?.last, concurrencyBounds?.last].filter((n) => n !== null && n !== undefined).map(Number);
  if (firsts.length === 0) return;
  for (let day = hourOf(Math.min(...firsts)); day <= Math.max(...lasts); day += DAY_MS) {
    const minutes = await k
      .selectFrom('qoeMinutes')
      .selectAll()
      .where('minute', '>=', day)
      .where('minute', '<', day + DAY_MS)
      .execute();
    const concurrent = await k
      .selectFrom('qoeConcurrency')
      .select(['minute', sql<number>`sum(viewers)`.as('viewers')])
      .where('minute', '>=', day)
      .where('minute', '<', day + DAY_MS)
      .groupBy('minute')
      .execute();
    await insertRollups(k, rollupsOf(minutes, concurrent, day));
  }
}

/** The aggregates, the alerts and the thresholds. */
async function createAggregates(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await db.schema
    .createTable('qoe_minutes')
    .addColumn('minute', 'bigint', (c) => c.notNull())
    .addColumn('item_type', 'varchar(8)', (c) => c.notNull())
    .addColumn('item_id', 'integer', (c) => c.notNull())
    .addColumn('device_class', 'varchar(8)', (c) => c.notNull())
    .addColumn('region', 'varchar(2)', (c) => c.notNull())
    .addColumn('views', 'integer', (c) => c.notNull())
    .addColumn('started', 'integer', (c) => c.notNull())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('exits_before_start', 'integer', (c) => c.notNull())
    .addColumn('startup_score_sum', 'double precision', (c) => c.notNull())
    .addColumn('startup_hist', 'varchar(400)', (c) => c.notNull())
    .addColumn('rebuffer_ms', 'bigint', (c) => c.notNull())
    .addColumn('watch_ms', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('qoe_minutes_pk', ['minute', 'item_type', 'item_id', 'device_class', 'region'])
    .execute();
  await db.schema
    .createTable('qoe_concurrency')
    .addColumn('minute', 'bigint', (c) => c.notNull())
    .addColumn('item_type', 'varchar(8)', (c) => c.notNull())
    .addColumn('item_id', 'integer', (c) => c.notNull())
    .addColumn('viewers', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('qoe_concurrency_pk', ['minute', 'item_type', 'item_id'])
    .execute();
  await withAutoId(db.schema.createTable('qoe_alerts'), dialect)
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('item_type', 'varchar(8)', (c) => c.notNull())
    .addColumn('item_id', 'integer', (c) => c.notNull())
    .addColumn('value', 'double precision', (c) => c.notNull())
    .addColumn('threshold', 'double precision', (c) => c.notNull())
    .addColumn('views', 'integer', (c) => c.notNull())
    .addColumn('raised_at', 'bigint', (c) => c.notNull())
    .addColumn('cleared_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('qoe_alerts_open')
    .on('qoe_alerts')
    .columns(['cleared_at', 'item_type', 'item_id'])
    .execute();
  await db.schema.createIndex('qoe_alerts_raised').on('qoe_alerts').column('raised_at').execute();
  await db.schema
    .createTable('qoe_thresholds')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('failure_pct', 'double precision', (c) => c.notNull())
    .addColumn('startup_p95_ms', 'integer', (c) => c.notNull())
    .addColumn('min_views', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
}

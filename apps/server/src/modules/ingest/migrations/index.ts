import type { Kysely } from 'kysely';
import type { MigrationSet } from '../../../platform/migrate';
import { operatorSourcesMigrations } from './operator-sources';

/** Ingest's tables: the scheduled sources and the result of each of their runs. */
export const ingestMigrations: MigrationSet = (dialect) => ({
  ...operatorSourcesMigrations(dialect),
  // Issue 31, item 3: a guide source's programmes moved by its time shift (minutes) at import.
  '2026-12-11-0600-source-guide-shift': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('ingest_sources')
        .addColumn('guide_shift_minutes', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    },
  },
  '2026-11-24-1000-ingest-sources': {
    async up(db: Kysely<unknown>) {
      // Operators add sources at any time from any replica: the database numbers them.
      const serial = dialect === 'sqlite' ? 'integer' : 'serial';
      await db.schema
        .createTable('ingest_sources')
        .addColumn('id', serial, (c) => (dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey()))
        .addColumn('kind', 'varchar(8)', (c) => c.notNull())
        .addColumn('url', 'text', (c) => c.notNull())
        .addColumn('interval_minutes', 'integer', (c) => c.notNull())
        .addColumn('etag', 'text')
        .addColumn('last_modified', 'text')
        .addColumn('next_run_at', 'bigint', (c) => c.notNull())
        .addColumn('lease_until', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('ingest_runs')
        .addColumn('id', serial, (c) => (dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey()))
        .addColumn('source_id', 'integer', (c) => c.notNull().references('ingest_sources.id').onDelete('cascade'))
        .addColumn('started_at', 'bigint', (c) => c.notNull())
        .addColumn('finished_at', 'bigint', (c) => c.notNull())
        .addColumn('outcome', 'varchar(16)', (c) => c.notNull())
        .addColumn('http_status', 'integer')
        .addColumn('report', 'text')
        .addColumn('error', 'text')
        .execute();
      await db.schema.createIndex('ingest_runs_source').on('ingest_runs').columns(['source_id', 'id']).execute();
    },
  },
});

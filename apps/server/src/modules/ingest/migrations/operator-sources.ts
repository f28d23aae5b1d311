import type { Kysely } from 'kysely';
import type { MigrationSet } from '../../../platform/migrate';

/** The console's guide sources (issue 27): fetch history, guide-id mappings, unmatched programmes staged. */
export const operatorSourcesMigrations: MigrationSet = (dialect) => ({
  '2026-12-07-0400-source-fetches': {
    async up(db: Kysely<unknown>) {
      const serial = dialect === 'sqlite' ? 'integer' : 'serial';
      await db.schema
        .createTable('source_fetches')
        .addColumn('id', serial, (c) => (dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey()))
        .addColumn('source_id', 'integer', (c) => c.notNull().references('ingest_sources.id').onDelete('cascade'))
        .addColumn('trigger', 'varchar(16)', (c) => c.notNull())
        .addColumn('started_at', 'bigint', (c) => c.notNull())
        .addColumn('finished_at', 'bigint')
        .addColumn('outcome', 'varchar(16)', (c) => c.notNull())
        .addColumn('http_status', 'integer')
        .addColumn('etag', 'text')
        .addColumn('last_modified', 'text')
        .addColumn('bytes', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('duration_ms', 'integer')
        .addColumn('report', 'text')
        .addColumn('warnings', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('error', 'text')
        .execute();
      // The history and the last fetch of a source: newest first by id.
      await db.schema.createIndex('source_fetches_source').on('source_fetches').columns(['source_id', 'id']).execute();
    },
  },
  '2026-12-07-0410-guide-mappings': {
    async up(db: Kysely<unknown>) {
      const serial = dialect === 'sqlite' ? 'integer' : 'serial';
      await db.schema
        .createTable('guide_mappings')
        .addColumn('guide_id', 'varchar(200)', (c) => c.primaryKey())
        .addColumn('action', 'varchar(8)', (c) => c.notNull())
        // No foreign key: channels are the catalogue's; a mapping to a removed channel attaches nothing.
        .addColumn('channel_id', 'integer')
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('guide_staged')
        .addColumn('id', serial, (c) => (dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey()))
        .addColumn('source_id', 'integer', (c) => c.notNull().references('ingest_sources.id').onDelete('cascade'))
        .addColumn('guide_id', 'varchar(200)', (c) => c.notNull())
        .addColumn('start_time', 'bigint', (c) => c.notNull())
        .addColumn('line', 'integer', (c) => c.notNull())
        .addColumn('programme', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('guide_staged_source_guide')
        .on('guide_staged')
        .columns(['source_id', 'guide_id'])
        .execute();
      await db.schema.createIndex('guide_staged_guide').on('guide_staged').columns(['guide_id']).execute();
    },
  },
});

import type { Kysely } from 'kysely';
import type { MigrationSet } from '../../../platform/migrate';

/** The payment sandbox's own tables: a processor's state, apart from ours. */
export const sandboxMigrations: MigrationSet = () => ({
  '2026-11-24-0100-payment-sandbox': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('sandbox_objects')
        .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('type', 'varchar(32)', (c) => c.notNull())
        .addColumn('data', 'text', (c) => c.notNull())
        .addColumn('private', 'text')
        .addColumn('due_at', 'bigint')
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('sandbox_objects_due').on('sandbox_objects').column('due_at').execute();
      await db.schema
        .createTable('sandbox_events')
        .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('type', 'varchar(64)', (c) => c.notNull())
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_at', 'bigint')
        .addColumn('delivered_at', 'bigint')
        .execute();
      await db.schema.createIndex('sandbox_events_due').on('sandbox_events').column('next_attempt_at').execute();
      await db.schema
        .createTable('sandbox_idempotency')
        .addColumn('key', 'varchar(200)', (c) => c.primaryKey())
        .addColumn('status', 'integer', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('sandbox_state')
        .addColumn('name', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .execute();
    },
  },
  // Invoices listed by their subscription (GET /v1/invoices?subscription=...).
  '2026-12-06-0500-sandbox-lifecycle': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('sandbox_objects').addColumn('owner_id', 'varchar(64)').execute();
      await db.schema
        .createIndex('sandbox_objects_owner')
        .on('sandbox_objects')
        .columns(['owner_id', 'created_at'])
        .execute();
    },
  },
});

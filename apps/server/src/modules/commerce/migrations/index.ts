import type { Kysely } from 'kysely';
import type { MigrationSet } from '../../../platform/migrate';

/** Commerce tables: packages, products (PPV and subscriptions), entitlements. */
export const commerceMigrations: MigrationSet = () => ({
  '2026-11-22-0200-commerce': {
    async up(db: Kysely<unknown>) {
      // Ids are explicit (not identity columns) so seeded ids and later ones never collide on PostgreSQL.
      await db.schema
        .createTable('packages')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('name', 'varchar(120)', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('kind', 'varchar(16)', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('products')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('package_id', 'integer', (c) => c.notNull().references('packages.id').onDelete('cascade'))
        .addColumn('kind', 'varchar(16)', (c) => c.notNull())
        .addColumn('title', 'varchar(200)', (c) => c.notNull())
        .addColumn('subtitle', 'varchar(300)', (c) => c.notNull().defaultTo(''))
        .addColumn('price_cents', 'integer', (c) => c.notNull())
        .addColumn('currency', 'varchar(3)', (c) => c.notNull().defaultTo('EUR'))
        .addColumn('fc_ini', 'bigint', (c) => c.notNull())
        .addColumn('fc_end', 'bigint')
        .addColumn('recurring', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('interval', 'varchar(8)')
        .addColumn('event_id', 'integer')
        .addColumn('channel_id', 'integer')
        .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
      await db.schema.createIndex('products_package').on('products').column('package_id').execute();
      await db.schema
        .createTable('entitlements')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('package_id', 'integer', (c) => c.notNull().references('packages.id').onDelete('cascade'))
        .addColumn('starts_at', 'bigint', (c) => c.notNull())
        .addColumn('ends_at', 'bigint')
        .addColumn('source', 'varchar(16)', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('entitlements_pk', ['user_id', 'package_id'])
        .execute();
    },
  },
});

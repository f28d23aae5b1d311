import type { Kysely } from 'kysely';
import type { MigrationSet } from '../../../platform/migrate';
import { createBillingHistory } from './billing-history';
import { addProductPrices } from './product-prices';

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
  '2026-11-24-0200-purchases': { up: createPurchaseTables },
  '2026-12-06-0100-billing-lifecycle': { up: addBillingLifecycle },
  '2026-12-06-0200-billing-history': { up: createBillingHistory },
  '2026-12-07-0500-product-prices': { up: addProductPrices },
});

/**
 * Billing a subscriber can trust (issue 26): trials on products; on purchases the grace period
 * after a failed renewal, the trial's end, a switch waiting for renewal and the promotion code.
 */
async function addBillingLifecycle(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('products')
    .addColumn('trial_days', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('purchases').addColumn('grace_until', 'bigint').execute();
  await db.schema.alterTable('purchases').addColumn('trial_ends_at', 'bigint').execute();
  await db.schema.alterTable('purchases').addColumn('pending_product_id', 'integer').execute();
  await db.schema.alterTable('purchases').addColumn('pending_effective_at', 'bigint').execute();
  await db.schema.alterTable('purchases').addColumn('promotion_code', 'varchar(40)').execute();
  await db.schema.createIndex('purchases_grace').on('purchases').column('grace_until').execute();
}

/** Purchases and the provider's customers. */
async function createPurchaseTables(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('payment_customers')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('customer_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('purchases')
    .addColumn('id', 'varchar(48)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('product_id', 'integer', (c) => c.notNull())
    .addColumn('package_id', 'integer', (c) => c.notNull())
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('subtitle', 'varchar(300)', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('currency', 'varchar(3)', (c) => c.notNull())
    .addColumn('holder_name', 'varchar(120)', (c) => c.notNull())
    .addColumn('customer_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('payment_intent_id', 'varchar(64)', (c) => c.unique())
    .addColumn('subscription_id', 'varchar(64)', (c) => c.unique())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('paid_until', 'bigint')
    .addColumn('cancel_at_period_end', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('ended_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('fulfilled_at', 'bigint')
    .execute();
  await db.schema.createIndex('purchases_user').on('purchases').column('user_id').execute();
  await db.schema.createIndex('purchases_status').on('purchases').column('status').execute();
  await createPaymentTables(db);
}

/** Confirmed payments, the purchase log and processed provider events. */
async function createPaymentTables(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('payments')
    .addColumn('payment_key', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('purchase_id', 'varchar(48)', (c) => c.notNull().references('purchases.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('purchase_log')
    .addColumn('id', 'varchar(48)', (c) => c.primaryKey())
    .addColumn('purchase_id', 'varchar(48)', (c) => c.notNull())
    .addColumn('fc_ini', 'bigint', (c) => c.notNull())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('subtitle', 'varchar(300)', (c) => c.notNull())
    .addColumn('price_cents', 'integer', (c) => c.notNull())
    .addColumn('currency', 'varchar(3)', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('name', 'varchar(120)', (c) => c.notNull())
    .addColumn('operator', 'varchar(120)', (c) => c.notNull())
    .addColumn('id_package', 'integer', (c) => c.notNull())
    .addColumn('payment_intent_id', 'varchar(64)')
    .addColumn('subscription_id', 'varchar(64)')
    .addColumn('customer_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('activation', 'varchar(4)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('purchase_log_purchase').on('purchase_log').column('purchase_id').execute();
  await db.schema
    .createTable('payment_events')
    .addColumn('event_id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('type', 'varchar(64)', (c) => c.notNull())
    .addColumn('received_at', 'bigint', (c) => c.notNull())
    .execute();
}

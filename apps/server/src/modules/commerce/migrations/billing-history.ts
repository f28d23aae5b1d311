import type { Kysely } from 'kysely';

/**
 * The billing history (issue 26): one row per payment, refund or failed renewal, unique by the
 * fact's key; receipt numbers unique and drawn from a per-year counter; the facts mailed
 * without a history line. Frozen: a later change is a new migration.
 */
export async function createBillingHistory(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('billing_entries')
    .addColumn('id', 'varchar(48)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purchase_id', 'varchar(48)', (c) => c.notNull())
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('fact_key', 'varchar(120)', (c) => c.notNull().unique())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('product_title', 'varchar(200)', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('currency', 'varchar(3)', (c) => c.notNull())
    .addColumn('vat_country', 'varchar(2)', (c) => c.notNull())
    .addColumn('vat_rate', 'double precision', (c) => c.notNull())
    .addColumn('vat_cents', 'integer', (c) => c.notNull())
    .addColumn('method_brand', 'varchar(32)')
    .addColumn('method_last4', 'varchar(4)')
    .addColumn('period_from', 'bigint')
    .addColumn('period_to', 'bigint')
    .addColumn('receipt_number', 'varchar(32)', (c) => c.unique())
    .addColumn('buyer_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('buyer_email', 'varchar(254)', (c) => c.notNull())
    .execute();
  // Newest first, keyset-paginated per user.
  await db.schema
    .createIndex('billing_entries_user_at')
    .on('billing_entries')
    .columns(['user_id', 'at', 'id'])
    .execute();
  await db.schema.createIndex('billing_entries_purchase').on('billing_entries').column('purchase_id').execute();
  await db.schema
    .createTable('billing_notices')
    .addColumn('fact_key', 'varchar(120)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('billing_notices_user').on('billing_notices').column('user_id').execute();
  await db.schema
    .createTable('receipt_counters')
    .addColumn('year', 'integer', (c) => c.primaryKey())
    .addColumn('last', 'integer', (c) => c.notNull())
    .execute();
}

import type { Kysely } from 'kysely';

/**
 * Products and prices at the console (issue 27): the provider Price new purchases are made
 * with and a version a price change compares and sets; every change in product_prices; the
 * sales chart's index (a product's purchases by the time they were paid). Frozen.
 */
export async function addProductPrices(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('products').addColumn('provider_price_id', 'varchar(64)').execute();
  await db.schema
    .alterTable('products')
    .addColumn('price_version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('product_prices')
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('currency', 'varchar(3)', (c) => c.notNull())
    .addColumn('previous_cents', 'integer', (c) => c.notNull())
    .addColumn('previous_currency', 'varchar(3)', (c) => c.notNull())
    .addColumn('provider_price_id', 'varchar(64)')
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('actor_email', 'varchar(254)', (c) => c.notNull())
    .addPrimaryKeyConstraint('product_prices_pk', ['product_id', 'version'])
    .execute();
  await db.schema
    .createIndex('purchases_product_fulfilled')
    .on('purchases')
    .columns(['product_id', 'fulfilled_at'])
    .execute();
  // The console lists by kind, newest id first.
  await db.schema.createIndex('products_kind_id').on('products').columns(['kind', 'id']).execute();
}

import type { Kysely } from 'kysely';

/**
 * Issue 27, the console's channel table: a channel can be switched off without deleting it,
 * and the table sorts and filters 10,000 channels by number, name, package and genre, and
 * pages a lineup in its order, through indexes rather than a scan and a sort per page.
 */
export async function operatorChannelsUp(db: Kysely<unknown>): Promise<void> {
  const s = db.schema;
  await s
    .alterTable('channels')
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await s.createIndex('channels_number').on('channels').columns(['number', 'id']).execute();
  await s.createIndex('channels_search_title').on('channels').column('search_title').execute();
  await s.createIndex('channels_package_number').on('channels').columns(['package_id', 'number']).execute();
  await s.createIndex('channels_genre_number').on('channels').columns(['channel_genre_id', 'number']).execute();
  await s.createIndex('lineup_items_order').on('lineup_items').columns(['lineup_id', 'position']).execute();
}

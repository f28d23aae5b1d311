import type { Kysely } from 'kysely';
import { withAutoId } from '../../../platform/dialect';
import type { MigrationSet } from '../../../platform/migrate';

/** Favourite channels and "Mi lista", per account and profile (issue 30). */
export const favouritesMigrations: MigrationSet = (dialect) => ({
  '2026-12-10-0800-favourites': {
    async up(db: Kysely<unknown>) {
      const s = db.schema;
      await withAutoId(s.createTable('favourite_channels'), dialect)
        .addColumn('user_id', 'integer', (c) => c.notNull())
        .addColumn('profile_id', 'integer', (c) => c.notNull())
        .addColumn('channel_id', 'integer', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      // A channel is a profile's favourite once, however many taps race.
      await s
        .createIndex('favourite_channels_profile_channel')
        .unique()
        .on('favourite_channels')
        .columns(['user_id', 'profile_id', 'channel_id'])
        .execute();
      await s
        .createIndex('favourite_channels_profile_position')
        .on('favourite_channels')
        .columns(['user_id', 'profile_id', 'position'])
        .execute();

      await withAutoId(s.createTable('my_list_items'), dialect)
        .addColumn('user_id', 'integer', (c) => c.notNull())
        .addColumn('profile_id', 'integer', (c) => c.notNull())
        .addColumn('kind', 'varchar(10)', (c) => c.notNull())
        .addColumn('item_id', 'integer', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('added_at', 'bigint', (c) => c.notNull())
        .execute();
      await s
        .createIndex('my_list_items_profile_item')
        .unique()
        .on('my_list_items')
        .columns(['user_id', 'profile_id', 'kind', 'item_id'])
        .execute();
      await s
        .createIndex('my_list_items_profile_added')
        .on('my_list_items')
        .columns(['user_id', 'profile_id', 'added_at', 'id'])
        .execute();
    },
  },
  '2026-12-11-0200-guide-filters': {
    async up(db: Kysely<unknown>) {
      // One row per profile: the guide filter it opens with (issue 30).
      await db.schema
        .createTable('guide_filters')
        .addColumn('user_id', 'integer', (c) => c.notNull())
        .addColumn('profile_id', 'integer', (c) => c.notNull())
        .addColumn('favourites', 'integer', (c) => c.notNull())
        .addColumn('group_id', 'integer')
        .addColumn('genre_id', 'integer')
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('guide_filters_pk', ['user_id', 'profile_id'])
        .execute();
    },
  },
});

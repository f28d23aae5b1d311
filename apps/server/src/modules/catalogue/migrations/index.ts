import { sql, type Kysely } from 'kysely';
import type { MigrationSet } from '../../../platform/migrate';
import { bookmarksPerProfileUp } from './bookmarks-per-profile';
import { channelListAttributesUp, eventsEndUnknownUp } from './list-attributes';
import { operatorChannelsUp } from './operator-channels';

/** Catalogue tables: regions, lineups, channels, genres, guide events, films, series, screens and lists, bookmarks. */
// eslint-disable-next-line max-lines-per-function -- a migration is frozen in time: one table after another, run once and never edited.
export const catalogueMigrations: MigrationSet = () => ({
  '2026-11-22-0300-catalogue': {
    // eslint-disable-next-line max-lines-per-function -- the same frozen migration.
    async up(db: Kysely<unknown>) {
      const s = db.schema;
      await s
        .createTable('regions')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('name', 'varchar(120)', (c) => c.notNull())
        .execute();
      await s
        .createTable('lineups')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('region_id', 'integer', (c) => c.notNull().references('regions.id'))
        .addColumn('name', 'varchar(120)', (c) => c.notNull())
        .execute();
      await s
        .createTable('channel_genres')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('name', 'varchar(120)', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await s
        .createTable('channels')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('name', 'varchar(200)', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('number', 'integer', (c) => c.notNull())
        .addColumn('tvg_id', 'varchar(200)', (c) => c.unique())
        .addColumn('channel_genre_id', 'integer', (c) => c.notNull())
        .addColumn('parental', 'integer', (c) => c.notNull().defaultTo(2))
        .addColumn('is_adult', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('tstv', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('epg', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('catchup_hours', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('catchup_mode', 'varchar(40)')
        .addColumn('catchup_source', 'text')
        .addColumn('fingerprint', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('fingerprint_frequency', 'integer', (c) => c.notNull().defaultTo(300))
        .addColumn('fingerprint_duration', 'integer', (c) => c.notNull().defaultTo(30))
        .addColumn('fingerprint_position', 'varchar(16)', (c) => c.notNull().defaultTo('random'))
        .addColumn('stream_source', 'varchar(16)', (c) => c.notNull().defaultTo('origin'))
        .addColumn('stream_url', 'text')
        .addColumn('stream_protocol', 'varchar(8)', (c) => c.notNull().defaultTo('dash'))
        .addColumn('clip_key', 'varchar(40)', (c) => c.notNull())
        .addColumn('logo_url', 'text')
        .addColumn('package_id', 'integer', (c) => c.notNull())
        .addColumn('guide_source', 'varchar(8)', (c) => c.notNull().defaultTo('seed'))
        .addColumn('search_title', 'varchar(200)', (c) => c.notNull().defaultTo(''))
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await s.createIndex('channels_name').on('channels').column('name').execute();
      await s
        .createTable('lineup_items')
        .addColumn('lineup_id', 'integer', (c) => c.notNull().references('lineups.id').onDelete('cascade'))
        .addColumn('channel_id', 'integer', (c) => c.notNull().references('channels.id').onDelete('cascade'))
        .addColumn('position', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('lineup_items_pk', ['lineup_id', 'channel_id'])
        .execute();
      await s
        .createTable('genres')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('name', 'varchar(120)', (c) => c.notNull())
        .addColumn('kind', 'varchar(16)', (c) => c.notNull())
        .addColumn('parent_id', 'integer')
        .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await s
        .createTable('events')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('channel_id', 'integer', (c) => c.notNull().references('channels.id').onDelete('cascade'))
        .addColumn('start_time', 'bigint', (c) => c.notNull())
        .addColumn('end_time', 'bigint', (c) => c.notNull())
        .addColumn('title', 'varchar(300)', (c) => c.notNull())
        .addColumn('subtitle', 'varchar(300)', (c) => c.notNull().defaultTo(''))
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('parental', 'integer', (c) => c.notNull().defaultTo(2))
        .addColumn('rating', 'integer', (c) => c.notNull().defaultTo(2))
        .addColumn('age_rating', 'varchar(4)', (c) => c.notNull().defaultTo('TP'))
        .addColumn('country', 'varchar(80)', (c) => c.notNull().defaultTo(''))
        .addColumn('year', 'integer')
        .addColumn('genre_id', 'integer')
        .addColumn('section_id', 'integer')
        .addColumn('categories', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('director', 'varchar(200)', (c) => c.notNull().defaultTo(''))
        .addColumn('actors', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('languages', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('image_url', 'text')
        .addColumn('poster_url', 'text')
        .addColumn('episode_num', 'varchar(60)', (c) => c.notNull().defaultTo(''))
        .addColumn('package_id', 'integer')
        .addColumn('ppv_price_cents', 'integer')
        .addColumn('featured', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('source', 'varchar(8)', (c) => c.notNull().defaultTo('seed'))
        .addColumn('search_title', 'varchar(300)', (c) => c.notNull().defaultTo(''))
        .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      // The per-channel day and the all-channel window both range over start_time; the
      // window query bounds start_time below by (window start − longest programme).
      await s.createIndex('events_channel_start').on('events').columns(['channel_id', 'start_time']).execute();
      await s.createIndex('events_start_end').on('events').columns(['start_time', 'end_time']).execute();
      await s.createIndex('events_section').on('events').columns(['section_id', 'start_time']).execute();
      await s.createIndex('events_genre').on('events').columns(['genre_id', 'start_time']).execute();
      await s
        .createTable('films')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('title', 'varchar(300)', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('long_description', 'text', (c) => c.notNull())
        .addColumn('runtime_seconds', 'integer', (c) => c.notNull())
        .addColumn('year', 'integer', (c) => c.notNull())
        .addColumn('country', 'varchar(80)', (c) => c.notNull())
        .addColumn('release_date', 'varchar(10)', (c) => c.notNull())
        .addColumn('end_of_availability', 'bigint')
        .addColumn('parental', 'integer', (c) => c.notNull().defaultTo(2))
        .addColumn('age_rating', 'varchar(4)', (c) => c.notNull().defaultTo('TP'))
        .addColumn('director', 'varchar(200)', (c) => c.notNull().defaultTo(''))
        .addColumn('actors', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('clip_key', 'varchar(40)', (c) => c.notNull())
        .addColumn('trailer_clip_key', 'varchar(40)')
        .addColumn('package_id', 'integer', (c) => c.notNull())
        .addColumn('popularity', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('search_title', 'varchar(300)', (c) => c.notNull())
        .addColumn('search_text', 'text', (c) => c.notNull())
        .execute();
      await s
        .createTable('series')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('title', 'varchar(300)', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('long_description', 'text', (c) => c.notNull())
        .addColumn('year', 'integer', (c) => c.notNull())
        .addColumn('country', 'varchar(80)', (c) => c.notNull())
        .addColumn('parental', 'integer', (c) => c.notNull().defaultTo(2))
        .addColumn('director', 'varchar(200)', (c) => c.notNull().defaultTo(''))
        .addColumn('actors', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('package_id', 'integer', (c) => c.notNull())
        .addColumn('popularity', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('search_title', 'varchar(300)', (c) => c.notNull())
        .addColumn('search_text', 'text', (c) => c.notNull())
        .execute();
      await s
        .createTable('seasons')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('series_id', 'integer', (c) => c.notNull().references('series.id').onDelete('cascade'))
        .addColumn('season_number', 'integer', (c) => c.notNull())
        .addColumn('title', 'varchar(300)', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .execute();
      await s.createIndex('seasons_series').on('seasons').columns(['series_id', 'season_number']).execute();
      await s
        .createTable('episodes')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('series_id', 'integer', (c) => c.notNull().references('series.id').onDelete('cascade'))
        .addColumn('season_id', 'integer', (c) => c.notNull().references('seasons.id').onDelete('cascade'))
        .addColumn('season_number', 'integer', (c) => c.notNull())
        .addColumn('episode_number', 'integer', (c) => c.notNull())
        .addColumn('title', 'varchar(300)', (c) => c.notNull())
        .addColumn('runtime_seconds', 'integer', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('release_date', 'varchar(10)', (c) => c.notNull())
        .addColumn('clip_key', 'varchar(40)', (c) => c.notNull())
        .execute();
      await s.createIndex('episodes_season').on('episodes').columns(['season_id', 'episode_number']).execute();
      await s
        .createTable('content_genres')
        .addColumn('content_type', 'varchar(8)', (c) => c.notNull())
        .addColumn('content_id', 'integer', (c) => c.notNull())
        .addColumn('genre_id', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('content_genres_pk', ['content_type', 'content_id', 'genre_id'])
        .execute();
      await s.createIndex('content_genres_genre').on('content_genres').columns(['genre_id', 'content_type']).execute();
      await s
        .createTable('screens')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('name', 'varchar(120)', (c) => c.notNull())
        .addColumn('alias', 'varchar(60)', (c) => c.notNull().unique())
        .addColumn('list_group_id', 'integer', (c) => c.notNull())
        .addColumn('ordinal', 'integer', (c) => c.notNull())
        .execute();
      await s
        .createTable('lists')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('list_group_id', 'integer', (c) => c.notNull())
        .addColumn('name', 'varchar(200)', (c) => c.notNull())
        .addColumn('pos', 'integer', (c) => c.notNull())
        .addColumn('display_mode', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('load_more', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('catchup_row', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('is_adult', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('personalised', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('kind', 'varchar(16)', (c) => c.notNull())
        .addColumn('rule', 'varchar(60)')
        .execute();
      await s.createIndex('lists_group').on('lists').columns(['list_group_id', 'pos']).execute();
      await s
        .createTable('list_items')
        .addColumn('list_id', 'integer', (c) => c.notNull().references('lists.id').onDelete('cascade'))
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('item_type', 'varchar(8)', (c) => c.notNull())
        .addColumn('item_id', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('list_items_pk', ['list_id', 'position'])
        .execute();
      await s
        .createTable('bookmarks')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('kind', 'varchar(4)', (c) => c.notNull())
        .addColumn('content_id', 'integer', (c) => c.notNull())
        .addColumn('position_ms', 'bigint', (c) => c.notNull())
        .addColumn('duration_ms', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('bookmarks_pk', ['user_id', 'kind', 'content_id'])
        .execute();
      await s.createIndex('bookmarks_user_updated').on('bookmarks').columns(['user_id', 'updated_at']).execute();
      await s
        .createTable('catalogue_meta')
        .addColumn('key', 'varchar(60)', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .execute();
    },
  },
  // Spec: the watermark's font size, colour and background colour are configurable.
  // The defaults are written out (not imported): a migration stays as it ran.
  '2026-11-23-1900-fingerprint-style': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('channels')
        .addColumn('fingerprint_font_size', 'integer', (c) => c.notNull().defaultTo(18))
        .execute();
      await db.schema
        .alterTable('channels')
        .addColumn('fingerprint_color', 'varchar(9)', (c) => c.notNull().defaultTo('#FFFFFFD9'))
        .execute();
      await db.schema
        .alterTable('channels')
        .addColumn('fingerprint_background', 'varchar(9)', (c) => c.notNull().defaultTo('#00000059'))
        .execute();
    },
  },
  // Issue 16: several M3U entries with one tvg-id are one channel; the later streams are its
  // alternates, tried in order when the first fails (JSON array of URLs).
  '2026-11-24-1000-channel-alternates': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('channels').addColumn('alternate_streams', 'text').execute();
    },
  },
  // Issue 18: at a million imported programmes, the next pay-per-view event (home carousel)
  // scanned the whole table in start order for the few that have a price: 2.2 s.
  '2026-12-03-0100-events-ppv': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createIndex('events_ppv_start')
        .on('events')
        .columns(['start_time'])
        .where(sql.ref('ppv_price_cents'), 'is not', null)
        .execute();
    },
  },
  // Issue 27: channels switched off from the console; indexes of the console's channel table.
  '2026-12-07-0300-operator-channels': { up: operatorChannelsUp },
  // Issue 31: a programme whose end no guide gave.
  '2026-12-10-1100-events-end-unknown': { up: eventsEndUnknownUp },
  // Issue 31: radio channels, tvg-shift, and the headers a channel's stream asks for.
  '2026-12-10-1110-channel-list-attributes': { up: channelListAttributesUp },
  // Issue 29: "new episodes only" reads XMLTV previously-shown: the catalogue's import writer keeps it on the
  // programme (1 or 0; null on rows written before, and on the seed's, which says nothing).
  '2026-12-10-1200-events-previously-shown': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('events').addColumn('previously_shown', 'integer').execute();
    },
  },
  // Issue 30: the guide search reads the airings of a few titles (and the distinct titles) from an index.
  '2026-12-10-1300-guide-search-titles': {
    async up(db: Kysely<unknown>) {
      await db.schema.createIndex('events_search_title').on('events').columns(['search_title', 'end_time']).execute();
    },
  },
  // Issues 29 and 30: a profile's own positions (a recording's too, kind 'rec').
  '2026-12-11-0300-bookmarks-per-profile': { up: bookmarksPerProfileUp },
});

import type { Kysely } from 'kysely';
import { withAutoId } from '../../../platform/dialect';
import type { MigrationSet } from '../../../platform/migrate';
import { recordingsPerProfileUp } from './per-profile';
import { reminderPush } from './reminder-push';

/** Recordings, series rules, reminders, media references and channel recording rights (issue 29). */
export const recordingsMigrations: MigrationSet = (dialect) => ({
  '2026-12-09-0800-recordings': {
    async up(db: Kysely<unknown>) {
      const s = db.schema;
      await withAutoId(s.createTable('recordings'), dialect)
        .addColumn('user_id', 'integer', (c) => c.notNull())
        .addColumn('event_id', 'integer', (c) => c.notNull())
        .addColumn('channel_id', 'integer', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('subtitle', 'text', (c) => c.notNull())
        .addColumn('episode_num', 'varchar(64)', (c) => c.notNull())
        .addColumn('start_time', 'bigint', (c) => c.notNull())
        .addColumn('end_time', 'bigint', (c) => c.notNull())
        .addColumn('state', 'varchar(10)', (c) => c.notNull())
        .addColumn('protected', 'integer', (c) => c.notNull())
        .addColumn('expires_at', 'bigint')
        .addColumn('rule_id', 'integer')
        .addColumn('media_key', 'varchar(80)', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      // Never the same programme twice for a subscriber, whichever process or rule tries.
      await s.createIndex('recordings_user_event').unique().on('recordings').columns(['user_id', 'event_id']).execute();
      await s
        .createIndex('recordings_user_state_end')
        .on('recordings')
        .columns(['user_id', 'state', 'end_time', 'id'])
        .execute();
      await s.createIndex('recordings_state_end').on('recordings').columns(['state', 'end_time']).execute();
      await s.createIndex('recordings_expires').on('recordings').column('expires_at').execute();
      await s.createIndex('recordings_event').on('recordings').column('event_id').execute();
      await s.createIndex('recordings_rule').on('recordings').columns(['rule_id', 'episode_num']).execute();

      await withAutoId(s.createTable('recording_rules'), dialect)
        .addColumn('user_id', 'integer', (c) => c.notNull())
        .addColumn('kind', 'varchar(8)', (c) => c.notNull())
        .addColumn('text', 'varchar(200)', (c) => c.notNull())
        .addColumn('folded', 'varchar(200)', (c) => c.notNull())
        .addColumn('channel_id', 'integer')
        .addColumn('new_only', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await s.createIndex('recording_rules_user').on('recording_rules').columns(['user_id', 'id']).execute();

      await withAutoId(s.createTable('recording_reminders'), dialect)
        .addColumn('user_id', 'integer', (c) => c.notNull())
        .addColumn('event_id', 'integer', (c) => c.notNull())
        .addColumn('channel_id', 'integer', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('start_time', 'bigint', (c) => c.notNull())
        .addColumn('end_time', 'bigint', (c) => c.notNull())
        .addColumn('minutes_before', 'integer', (c) => c.notNull())
        .addColumn('remind_at', 'bigint', (c) => c.notNull())
        .addColumn('mail', 'integer', (c) => c.notNull())
        .addColumn('seen', 'integer', (c) => c.notNull())
        .addColumn('mailed', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await s
        .createIndex('recording_reminders_user_event')
        .unique()
        .on('recording_reminders')
        .columns(['user_id', 'event_id'])
        .execute();
      await s
        .createIndex('recording_reminders_user_at')
        .on('recording_reminders')
        .columns(['user_id', 'remind_at', 'id'])
        .execute();
      await s
        .createIndex('recording_reminders_mail')
        .on('recording_reminders')
        .columns(['mailed', 'remind_at'])
        .execute();

      await s
        .createTable('recording_media')
        .addColumn('media_key', 'varchar(80)', (c) => c.primaryKey())
        .addColumn('channel_id', 'integer', (c) => c.notNull())
        .addColumn('start_time', 'bigint', (c) => c.notNull())
        .addColumn('end_time', 'bigint', (c) => c.notNull())
        .addColumn('refs', 'integer', (c) => c.notNull())
        .execute();

      await s
        .createTable('recording_channel_rights')
        .addColumn('channel_id', 'integer', (c) => c.primaryKey())
        .addColumn('recordable', 'integer', (c) => c.notNull())
        .addColumn('skip_ahead', 'integer', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
    },
  },
  '2026-12-12-0100-reminder-push': reminderPush(dialect),
  // Issue 30: each profile's own recordings, series rules and reminders.
  '2026-12-13-0400-recordings-per-profile': { up: recordingsPerProfileUp },
});

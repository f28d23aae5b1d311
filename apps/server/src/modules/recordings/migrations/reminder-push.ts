import type { Kysely } from 'kysely';
import type { DialectName } from '../../../platform/database';
import { withAutoId } from '../../../platform/dialect';
import type { MigrationSet } from '../../../platform/migrate';

/** Web Push reminders (issue 29): each device's subscription, and whether a reminder was pushed. */
export const reminderPush = (dialect: DialectName): ReturnType<MigrationSet>[string] => ({
  async up(db: Kysely<unknown>) {
    const s = db.schema;
    await s
      .alterTable('recording_reminders')
      .addColumn('pushed', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await s
      .createIndex('recording_reminders_push')
      .on('recording_reminders')
      .columns(['pushed', 'remind_at'])
      .execute();
    await withAutoId(s.createTable('recording_push_subscriptions'), dialect)
      .addColumn('user_id', 'integer', (c) => c.notNull())
      .addColumn('profile_id', 'integer', (c) => c.notNull())
      .addColumn('endpoint', 'varchar(1000)', (c) => c.notNull())
      .addColumn('p256dh', 'varchar(100)', (c) => c.notNull())
      .addColumn('auth', 'varchar(40)', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await s
      .createIndex('recording_push_subscriptions_endpoint')
      .unique()
      .on('recording_push_subscriptions')
      .column('endpoint')
      .execute();
    await s
      .createIndex('recording_push_subscriptions_user')
      .on('recording_push_subscriptions')
      .columns(['user_id', 'profile_id'])
      .execute();
  },
});

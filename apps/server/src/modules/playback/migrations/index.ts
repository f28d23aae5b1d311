import type { Kysely } from 'kysely';
import type { MigrationSet } from '../../../platform/migrate';
import { upOperatorNow } from './operator-now';

/** Playback tables: stream sessions and the DRM sessions (licences) issued for them. */
export const playbackMigrations: MigrationSet = () => ({
  '2026-11-22-0500-playback': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('stream_sessions')
        .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('profile_id', 'integer', (c) => c.notNull())
        .addColumn('kind', 'varchar(8)', (c) => c.notNull())
        .addColumn('content_id', 'integer', (c) => c.notNull())
        .addColumn('service_name', 'varchar(100)', (c) => c.notNull())
        .addColumn('streaming_protocol', 'varchar(8)', (c) => c.notNull())
        .addColumn('device_fingerprint', 'varchar(256)', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('last_heartbeat_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('closed_at', 'bigint')
        .addColumn('closed_reason', 'varchar(16)')
        .execute();
      // Counting an account's open sessions is the hot read of every open.
      await db.schema
        .createIndex('stream_sessions_user_open')
        .on('stream_sessions')
        .columns(['user_id', 'closed_at', 'expires_at'])
        .execute();
      await db.schema
        .createTable('drm_sessions')
        .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('stream_session_id', 'varchar(64)', (c) =>
          c.notNull().references('stream_sessions.id').onDelete('cascade'),
        )
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('kid', 'varchar(32)', (c) => c.notNull())
        .addColumn('issued_at', 'bigint', (c) => c.notNull())
        .addColumn('revoked_at', 'bigint')
        .execute();
      await db.schema.createIndex('drm_sessions_user').on('drm_sessions').columns(['user_id', 'revoked_at']).execute();
      await db.schema.createIndex('drm_sessions_stream').on('drm_sessions').column('stream_session_id').execute();
    },
  },
  '2026-12-02-0100-playback-licence-cap': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('stream_sessions')
        .addColumn('licence_requests', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    },
  },
  // The open-streams list of the settings names each stream's device.
  '2026-12-02-0200-stream-device': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('stream_sessions').addColumn('device_name', 'varchar(100)').execute();
    },
  },
  // The console's Now view: open streams by kind and channel.
  '2026-12-07-0800-playback-open-by-content': { up: upOperatorNow },
});

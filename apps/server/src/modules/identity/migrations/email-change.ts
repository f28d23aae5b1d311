import type { Kysely } from 'kysely';
import type { MigrationSet } from '../../../platform/migrate';

/** E-mail changes (issue 26): the link mailed to the new address, single use; only its hash is kept. */
export const emailChangeMigrations: MigrationSet = () => ({
  '2026-12-06-0300-email-change': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('email_changes')
        .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('new_email', 'varchar(254)', (c) => c.notNull())
        .addColumn('token_version', 'integer', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('used_at', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('email_changes_user').on('email_changes').column('user_id').execute();
    },
  },
});

import type { Kysely } from 'kysely';
import type { MigrationSet } from '../../../platform/migrate';

/** Sign-in links: the mailed step of a sign-in while an account or address is under attack. */
export const signInLinkMigrations: MigrationSet = () => ({
  '2026-12-04-0300-identity-sign-in-links': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('sign_in_links')
        .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('persistent', 'integer', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('used_at', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('sign_in_links_user').on('sign_in_links').column('user_id').execute();
    },
  },
});

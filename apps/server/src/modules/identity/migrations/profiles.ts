import type { Kysely } from 'kysely';
import type { MigrationSet } from '../../../platform/migrate';

/**
 * Profiles (issue 30): an avatar from the contracts' set and a language; kind stays is_adult (0 is a
 * kids profile); the profile each sign-in last chose.
 */
export const profileMigrations: MigrationSet = () => ({
  '2026-12-10-0600-profile-avatar-language': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('profiles')
        .addColumn('avatar', 'varchar(20)', (c) => c.notNull().defaultTo('sol'))
        .execute();
      await db.schema.alterTable('profiles').addColumn('language', 'varchar(2)').execute();
    },
  },
  /** The profile each sign-in last chose: a sign-in that chose a kids profile stays in it without its token. */
  '2026-12-10-1000-sign-in-profiles': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('sign_in_profiles')
        .addColumn('family_id', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('profile_id', 'integer', (c) => c.notNull().references('profiles.id').onDelete('cascade'))
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('sign_in_profiles_user').on('sign_in_profiles').column('user_id').execute();
    },
  },
});

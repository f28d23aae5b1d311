import type { Kysely } from 'kysely';
import type { MigrationSet } from '../../../platform/migrate';

/** Profiles (issue 30): an avatar from the contracts' set and a language; kind stays is_adult (0 is a kids profile). */
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
});

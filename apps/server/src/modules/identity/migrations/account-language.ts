import type { Kysely } from 'kysely';
import type { MigrationSet } from '../../../platform/migrate';

/** The account's language (issue 26): the app's, recorded when it is known, so billing mails follow it. */
export const accountLanguageMigrations: MigrationSet = () => ({
  '2026-12-06-0400-account-language': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('users').addColumn('language', 'varchar(2)').execute();
    },
  },
});

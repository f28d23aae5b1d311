import { sql, type Kysely } from 'kysely';
import type { MigrationSet } from '../../../platform/migrate';

/** Registration: confirmed addresses and the confirmation links. */
export const registrationMigrations: MigrationSet = () => ({
  '2026-12-01-0100-identity-registration': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('users').addColumn('email_confirmed_at', 'bigint').execute();
      await db.schema.alterTable('users').addColumn('country', 'varchar(2)').execute();
      await db.schema.alterTable('users').addColumn('favourite_sport', 'varchar(40)').execute();
      await db.schema.alterTable('users').addColumn('birthday', 'varchar(10)').execute();
      // Accounts made before registration existed (the demo's, an operator's) count as confirmed.
      await sql`update users set email_confirmed_at = created_at`.execute(db);
      await db.schema
        .createTable('email_confirmations')
        .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('used_at', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('email_confirmations_user').on('email_confirmations').column('user_id').execute();
    },
  },
});

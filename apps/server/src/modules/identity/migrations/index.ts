import type { Kysely } from 'kysely';
import { withAutoId } from '../../../platform/dialect';
import type { MigrationSet } from '../../../platform/migrate';
import { accountLanguageMigrations } from './account-language';
import { auditLogGuardMigrations } from './audit-log-guard';
import { emailChangeMigrations } from './email-change';
import { operatorMigrations } from './operators';
import { profileMigrations } from './profiles';
import { registrationMigrations } from './registration';
import { signInLinkMigrations } from './sign-in-links';
import { subscriberSearchMigrations } from './subscriber-search';

/** Identity tables: users, profiles, refresh tokens, password resets, login attempts, outbox, parental grants. */
export const identityMigrations: MigrationSet = (dialect) => ({
  '2026-11-22-0100-identity': {
    async up(db: Kysely<unknown>) {
      await withAutoId(db.schema.createTable('users'), dialect)
        .addColumn('email', 'varchar(254)', (c) => c.notNull().unique())
        .addColumn('password_hash', 'varchar(255)', (c) => c.notNull())
        .addColumn('name', 'varchar(100)', (c) => c.notNull().defaultTo(''))
        .addColumn('surname', 'varchar(100)', (c) => c.notNull().defaultTo(''))
        .addColumn('region_id', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('channel_order', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('pin_hash', 'varchar(255)')
        .addColumn('token_version', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await withAutoId(db.schema.createTable('profiles'), dialect)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('name', 'varchar(60)', (c) => c.notNull())
        .addColumn('is_adult', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('profiles_user').on('profiles').column('user_id').execute();
      await db.schema
        .createTable('refresh_tokens')
        .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('family_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('persistent', 'integer', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('rotated_at', 'bigint')
        .addColumn('revoked_at', 'bigint')
        .execute();
      await db.schema.createIndex('refresh_tokens_family').on('refresh_tokens').column('family_id').execute();
      await db.schema.createIndex('refresh_tokens_user').on('refresh_tokens').column('user_id').execute();
      await db.schema
        .createTable('password_resets')
        .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('used_at', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('password_resets_user').on('password_resets').column('user_id').execute();
      await withAutoId(db.schema.createTable('login_attempts'), dialect)
        .addColumn('key', 'varchar(300)', (c) => c.notNull())
        .addColumn('at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('login_attempts_key_at').on('login_attempts').columns(['key', 'at']).execute();
      await withAutoId(db.schema.createTable('outbox'), dialect)
        .addColumn('to', 'varchar(254)', (c) => c.notNull())
        .addColumn('subject', 'varchar(300)', (c) => c.notNull())
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('html', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
    },
  },
  '2026-11-22-0200-identity-parental-grants': {
    async up(db: Kysely<unknown>) {
      await withAutoId(db.schema.createTable('parental_grants'), dialect)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('parental_grants_user_expires')
        .on('parental_grants')
        .columns(['user_id', 'expires_at'])
        .execute();
    },
  },
  ...registrationMigrations(dialect),
  ...signInLinkMigrations(dialect),
  ...emailChangeMigrations(dialect),
  ...accountLanguageMigrations(dialect),
  ...operatorMigrations(dialect),
  ...auditLogGuardMigrations(dialect),
  ...subscriberSearchMigrations(dialect),
  ...profileMigrations(dialect),
});

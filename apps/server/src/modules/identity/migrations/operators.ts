import type { Kysely } from 'kysely';
import { withAutoId } from '../../../platform/dialect';
import type { MigrationSet } from '../../../platform/migrate';

/**
 * The console's people and trail (issue 27): operator roles, the short-lived proof that an
 * operator typed the password again, the audit log (no foreign key: rows outlive accounts),
 * and an account lock an operator sets.
 */
export const operatorMigrations: MigrationSet = (dialect) => ({
  '2026-12-07-0100-operators': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('operator_roles')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('role', 'varchar(20)', (c) => c.notNull())
        .addColumn('granted_by', 'integer')
        .addColumn('granted_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('operator_roles_pk', ['user_id', 'role'])
        .execute();
      await db.schema
        .createTable('operator_reauth')
        .addColumn('key', 'varchar(120)', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('until', 'bigint', (c) => c.notNull())
        .execute();
      await withAutoId(db.schema.createTable('audit_log'), dialect)
        .addColumn('at', 'bigint', (c) => c.notNull())
        .addColumn('actor_id', 'integer')
        .addColumn('actor_email', 'varchar(254)', (c) => c.notNull())
        .addColumn('ip', 'varchar(64)', (c) => c.notNull())
        .addColumn('action', 'varchar(60)', (c) => c.notNull())
        .addColumn('subject_type', 'varchar(40)', (c) => c.notNull())
        .addColumn('subject_id', 'varchar(100)', (c) => c.notNull())
        .addColumn('before', 'text')
        .addColumn('after', 'text')
        .execute();
      await db.schema.createIndex('audit_log_at').on('audit_log').column('at').execute();
      await db.schema
        .createIndex('audit_log_subject')
        .on('audit_log')
        .columns(['subject_type', 'subject_id'])
        .execute();
      await db.schema.createIndex('audit_log_actor').on('audit_log').columns(['actor_email', 'at']).execute();
      await db.schema.alterTable('users').addColumn('locked_at', 'bigint').execute();
    },
  },
});

import { sql, type Kysely } from 'kysely';
import type { MigrationSet } from '../../../platform/migrate';

/** What the database says when anything tries to change or remove an audit row. */
export const AUDIT_ROW_FROZEN = 'audit_log rows are never changed or deleted';

/**
 * The audit trail is append-only in the database itself, not only in the code (issue 27):
 * triggers refuse every UPDATE and DELETE (and, on PostgreSQL, TRUNCATE). Also the indexes
 * the console's search uses, newest first under each exact filter.
 */
export const auditLogGuardMigrations: MigrationSet = (dialect) => ({
  '2026-12-07-0200-audit-log-append-only': {
    async up(db: Kysely<unknown>) {
      if (dialect === 'sqlite') {
        await sql
          .raw(
            `create trigger audit_log_no_update before update on audit_log begin select raise(abort, '${AUDIT_ROW_FROZEN}'); end`,
          )
          .execute(db);
        await sql
          .raw(
            `create trigger audit_log_no_delete before delete on audit_log begin select raise(abort, '${AUDIT_ROW_FROZEN}'); end`,
          )
          .execute(db);
      } else {
        await sql
          .raw(
            `create function audit_log_refuse() returns trigger language plpgsql as $$ begin raise exception '${AUDIT_ROW_FROZEN}'; end $$`,
          )
          .execute(db);
        await sql
          .raw(
            'create trigger audit_log_no_change before update or delete on audit_log for each row execute function audit_log_refuse()',
          )
          .execute(db);
        await sql
          .raw(
            'create trigger audit_log_no_truncate before truncate on audit_log for each statement execute function audit_log_refuse()',
          )
          .execute(db);
      }
      await db.schema.createIndex('audit_log_action_at').on('audit_log').columns(['action', 'at']).execute();
      await db.schema
        .createIndex('audit_log_subject_at')
        .on('audit_log')
        .columns(['subject_type', 'subject_id', 'at'])
        .execute();
    },
  },
});

import { sql, type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely, type Transaction } from 'kysely';
import type { DialectName } from './database';

/**
 * The few places where SQLite and PostgreSQL differ. Everything else (queries and
 * migrations) is written once in the SQL both accept.
 */

/** An auto-assigned integer primary key named id. */
export function withAutoId<T extends string, C extends string>(
  table: CreateTableBuilder<T, C>,
  dialect: DialectName,
): CreateTableBuilder<T, C | 'id'> {
  return table.addColumn('id', 'integer', (col: ColumnDefinitionBuilder) =>
    dialect === 'postgres' ? col.primaryKey().generatedByDefaultAsIdentity() : col.primaryKey().autoIncrement(),
  );
}

/**
 * Runs fn in a transaction that holds a write lock on the named row's table slice, so
 * that check-then-insert rules (session limits) are atomic across processes. SQLite
 * serialises writers with BEGIN IMMEDIATE; PostgreSQL locks the parent row.
 */
export async function lockedTransaction<DB, R>(
  db: Kysely<DB>,
  dialect: DialectName,
  lock: { table: string; id: number },
  fn: (trx: Transaction<DB>) => Promise<R>,
): Promise<R> {
  if (dialect === 'sqlite') {
    return db.connection().execute(async (conn) => {
      await sql`begin immediate`.execute(conn);
      try {
        const result = await fn(conn as unknown as Transaction<DB>);
        await sql`commit`.execute(conn);
        return result;
      } catch (error) {
        await sql`rollback`.execute(conn);
        throw error;
      }
    });
  }
  return db.transaction().execute(async (trx) => {
    await sql`select id from ${sql.table(lock.table)} where id = ${lock.id} for update`.execute(trx);
    return fn(trx);
  });
}

import { createHash } from 'node:crypto';
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

/** A lock: a namespace (one per rule) and the id it guards, such as an account's id. */
export interface LockKey {
  namespace: number;
  id: number;
}

/** The lock of rule `name` (e.g. 'playback.open-sessions') on `id`. */
export function lockKey(name: string, id: number): LockKey {
  return { namespace: createHash('sha256').update(name).digest().readInt32BE(0), id };
}

/**
 * Runs fn in a transaction that holds a write lock on `lock`, so that check-then-insert
 * rules (session limits, a first default profile) are atomic across processes. SQLite
 * serialises writers with BEGIN IMMEDIATE; PostgreSQL takes a transaction advisory lock on
 * (namespace, id), which touches no table, so a module locks nothing it does not own.
 */
export async function lockedTransaction<DB, R>(
  db: Kysely<DB>,
  dialect: DialectName,
  lock: LockKey,
  fn: (trx: Transaction<DB>) => Promise<R>,
): Promise<R> {
  if (dialect === 'sqlite') return writeTransaction(db, dialect, fn);
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${lock.namespace}, ${lock.id})`.execute(trx);
    return fn(trx);
  });
}

/**
 * Runs fn in a transaction that writes. On SQLite it takes the write lock as it begins (BEGIN
 * IMMEDIATE), waiting its turn behind another writer: a transaction begun as a read and then
 * writing fails at once ("database is locked") when another connection wrote since its read
 * began, which made an import answer 500 while a subscriber signed in. PostgreSQL locks rows
 * as they are written, so a plain transaction.
 */
export async function writeTransaction<DB, R>(
  db: Kysely<DB>,
  dialect: DialectName,
  fn: (trx: Transaction<DB>) => Promise<R>,
): Promise<R> {
  if (dialect !== 'sqlite') return db.transaction().execute(fn);
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

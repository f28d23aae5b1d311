import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openSqlite, type Db } from './database';
import { writeTransaction } from './dialect';

describe('writeTransaction on SQLite', () => {
  const open: { db: Db; other: SQLite.Database; dir: string }[] = [];
  afterEach(async () => {
    for (const { db, other, dir } of open.splice(0)) {
      other.close();
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  /** A file database, and another connection to it that gives up at once when it must wait. */
  async function twoConnections() {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'pantalla-write-transaction-'));
    const db = openSqlite(path.join(dir, 'pantalla.db'));
    await sql`create table t (n integer)`.execute(db.kysely());
    const other = new SQLite(path.join(dir, 'pantalla.db'));
    other.pragma('busy_timeout = 0');
    open.push({ db, other, dir });
    return { db, other };
  }

  it('holds the write lock from its first read: another writer waits, and its own write never finds the database locked', async () => {
    const { db, other } = await twoConnections();
    const kysely = db.kysely<{ t: { n: number } }>();
    await writeTransaction(kysely, 'sqlite', async (trx) => {
      await sql`select count(*) from t`.execute(trx);
      // A subscriber's sign-in writing meanwhile: it waits for the import, not the reverse.
      expect(() => other.prepare('insert into t values (2)').run()).toThrow(/locked|busy/i);
      await sql`insert into t values (1)`.execute(trx);
    });
    other.prepare('insert into t values (2)').run();
    expect(other.prepare('select n from t order by n').pluck().all()).toEqual([1, 2]);
  });

  it('rolls back what it wrote when fn fails, and lets the next writer in', async () => {
    const { db, other } = await twoConnections();
    await expect(
      writeTransaction(db.kysely(), 'sqlite', async (trx) => {
        await sql`insert into t values (1)`.execute(trx);
        throw new Error('batch refused');
      }),
    ).rejects.toThrow('batch refused');
    other.prepare('insert into t values (3)').run();
    expect(other.prepare('select n from t').pluck().all()).toEqual([3]);
  });
});

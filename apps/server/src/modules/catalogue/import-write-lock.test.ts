import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { openSqlite } from '../../platform/database';
import { CatalogueImportRepository } from './catalogue-import.repository';

it("holds SQLite's write lock through an import's batch, read then written: a subscriber's sign-in writing meanwhile waits, the import never finds the database locked", async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pantalla-import-lock-'));
  const db = openSqlite(path.join(dir, 'pantalla.db'));
  const other = new SQLite(path.join(dir, 'pantalla.db'));
  try {
    await sql`create table t (n integer)`.execute(db.kysely());
    other.pragma('busy_timeout = 0');
    await new CatalogueImportRepository(db).transaction(async (trx) => {
      await sql`select count(*) from t`.execute(trx);
      // Begun as a read, the batch's write then failed at once ("database is locked", a 500).
      expect(() => other.prepare('insert into t values (2)').run()).toThrow(/locked|busy/i);
      await sql`insert into t values (1)`.execute(trx);
    });
    expect(other.prepare('select n from t').pluck().all()).toEqual([1]);
  } finally {
    other.close();
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
});

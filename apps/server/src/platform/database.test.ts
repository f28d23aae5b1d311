import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openSqlite, type Db } from './database';

const opened: { db: Db; dir: string }[] = [];
afterEach(async () => {
  for (const { db, dir } of opened.splice(0)) {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
});

async function sqliteWithRows(): Promise<Db> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pantalla-db-'));
  const db = openSqlite(path.join(dir, 'test.sqlite'));
  opened.push({ db, dir });
  await sql`create table t (id integer primary key, name text)`.execute(db.kysely());
  await sql`insert into t values (1, 'uno'), (2, 'dos')`.execute(db.kysely());
  return db;
}

describe('selectArrays (SQLite)', () => {
  it('answers a read as arrays, while Kysely keeps answering objects for the same text', async () => {
    const db = await sqliteWithRows();
    const text = 'select id, name from t where id >= ? order by id';
    expect(await db.selectArrays?.(text, [1])).toEqual([
      [1, 'uno'],
      [2, 'dos'],
    ]);
    expect((await sql.raw(text.replace('?', '1')).execute(db.kysely())).rows).toEqual([
      { id: 1, name: 'uno' },
      { id: 2, name: 'dos' },
    ]);
    await expect(db.selectArrays?.('delete from t', [])).rejects.toThrow('reads only');
  });

  it('waits for a transaction on the connection, so it never reads what is not committed', async () => {
    const db = await sqliteWithRows();
    let release!: () => void;
    let inserted!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const written = new Promise<void>((resolve) => (inserted = resolve));
    const trx = db
      .kysely()
      .transaction()
      .execute(async (t) => {
        await sql`insert into t values (3, 'tres')`.execute(t);
        inserted();
        await held;
        throw new Error('rolled back');
      });
    await written;
    const read = db.selectArrays?.('select id from t order by id', []);
    release();
    await expect(trx).rejects.toThrow('rolled back');
    expect(await read).toEqual([[1], [2]]);
  });
});

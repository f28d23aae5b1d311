import net from 'node:net';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { PGliteDialect } from 'kysely-pglite-dialect';
import { openPostgres, openSqlite, openWithDialect, type Db } from '../src/platform/database';

/** The database legs every repository suite runs on. */
export type DatabaseKind = 'sqlite' | 'postgres' | 'pglite';

/** The PostgreSQL server the suites use when it answers. */
export const pgUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

function reachable(url: string, timeoutMs = 1000): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || 5432) });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** Whether the PostgreSQL server answers (tests of several processes on one database need a real one). */
export function pgReachable(): Promise<boolean> {
  return process.env.PANTALLA_TEST_PG === 'pglite' ? Promise.resolve(false) : reachable(pgUrl);
}

/** SQLite always; a real PostgreSQL where one answers, else PGlite (never skipped). */
export async function databaseKinds(): Promise<DatabaseKind[]> {
  if (process.env.PANTALLA_TEST_PG === 'pglite') return ['sqlite', 'pglite'];
  return ['sqlite', (await reachable(pgUrl)) ? 'postgres' : 'pglite'];
}

/** Opens an empty database of the given kind; close() drops what it made. */
export async function openTestDatabase(kind: DatabaseKind): Promise<Db> {
  if (kind === 'sqlite') return openSqlite(':memory:');
  if (kind === 'pglite') {
    const pglite = new PGlite({ parsers: { 20: (v: string) => Number(v), 1700: (v: string) => Number(v) } });
    return openWithDialect(new PGliteDialect(pglite), 'postgres');
  }
  const scratch = await createScratchPostgres('pantalla_test');
  const db = openPostgres(scratch.url, 25);
  return {
    ...db,
    async destroy() {
      await db.destroy();
      await scratch.drop();
    },
  };
}

/**
 * A fresh PostgreSQL database on the test server (empty, or a copy of `template`), and how to
 * drop it. A template's last pool may still be saying goodbye (55006): the copy waits for it.
 */
export async function createScratchPostgres(
  prefix: string,
  template?: string,
): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
        break;
      } catch (error) {
        const inUse = (error as { code?: string }).code === '55006';
        if (!inUse || attempt >= 50) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  } finally {
    await admin.end();
  }
  const url = new URL(pgUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString(), drop: () => dropDatabase(name) };
}

/**
 * Drops a test database once its clients are gone. pg's pool.end() resolves once its clients
 * are told to end, not once they have gone: a forced drop would then kill them mid-goodbye
 * (57P01, an uncaught error in the pool), so the drop waits for them instead.
 */
async function dropDatabase(name: string): Promise<void> {
  const dropper = new pg.Client({ connectionString: pgUrl });
  await dropper.connect();
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        await dropper.query(`drop database if exists ${name}`);
        return;
      } catch (error) {
        const inUse = (error as { code?: string }).code === '55006';
        if (!inUse || attempt >= 50) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  } finally {
    await dropper.end();
  }
}

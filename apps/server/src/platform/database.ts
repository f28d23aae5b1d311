import path from 'node:path';
import { mkdirSync } from 'node:fs';
import { createHash } from 'node:crypto';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { localNotices, postgresNotices, type ClosableNotices, type Notices } from './notices';
import {
  Kysely,
  PostgresDialect,
  SqliteDialect,
  CamelCasePlugin,
  sql,
  type Dialect,
  type SqliteDatabase,
} from 'kysely';

export type DialectName = 'sqlite' | 'postgres';
export type { Notices } from './notices';

/**
 * An open database and the dialect it speaks. The platform knows no module's tables: each
 * module's repositories type the connection with their own (`db.kysely<CatalogueTables>()`).
 */
export interface Db {
  readonly dialect: DialectName;
  /** The shared connection, typed with the caller's tables. */
  kysely<Tables>(): Kysely<Tables>;
  /**
   * Runs fn while holding `name`'s lock across every process that shares this database
   * (migrations, seeds and, later, scheduled work run once however many replicas start).
   */
  exclusive<T>(name: string, fn: () => Promise<T>): Promise<T>;
  /** Short messages to every process that shares this database (platform/bus.ts builds on them). */
  readonly notices: Notices;
  /**
   * What openDatabase() takes to open this same database again from another thread
   * ('sqlite:/path/file' or a postgres:// URL); null when it lives only in this one
   * (SQLite in memory, PGlite).
   */
  readonly address: string | null;
  /**
   * SQLite only (null elsewhere): runs one statement once per row of parameters, at once,
   * on the connection's current transaction. A many-row VALUES list is slower there than
   * the same one-row statement run many times, which Kysely cannot do without a query per
   * row. Call it only inside a transaction, which holds the connection.
   */
  readonly runMany: ((text: string, rows: readonly (readonly unknown[])[]) => void) | null;
  /**
   * A read answered as arrays of column values, in the dialect's own placeholders (`?` on
   * SQLite, `$1` on PostgreSQL); null where not offered (PGlite). Both drivers build an
   * object per row with a property per column, which at tens of thousands of rows costs
   * more than the query. On SQLite it waits for the connection to be free, as Kysely would.
   */
  readonly selectArrays: ((text: string, params: readonly unknown[]) => Promise<unknown[][]>) | null;
  destroy(): Promise<void>;
}

// int8 (counts, epoch milliseconds) and numeric come back as strings by default; our values fit a double.
pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1700, (v) => Number(v));

const plugins = [new CamelCasePlugin()];

/** Serialises callers within this process; the database-level lock covers the others. */
function localMutex(): <T>(fn: () => Promise<T>) => Promise<T> {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(fn: () => Promise<T>) => {
    const run = tail.then(fn, fn);
    tail = run.catch(() => undefined);
    return run;
  };
}

interface Connection {
  kysely: Kysely<unknown>;
  dialect: DialectName;
  address: string | null;
  runMany?: Db['runMany'];
  selectArrays?: Db['selectArrays'];
}

function wrap(
  { kysely, dialect, address, runMany = null, selectArrays = null }: Connection,
  exclusive: Db['exclusive'],
  notices: ClosableNotices = localNotices(),
): Db {
  return {
    dialect,
    address,
    runMany,
    selectArrays,
    kysely: <Tables>() => kysely as unknown as Kysely<Tables>,
    exclusive,
    notices,
    async destroy() {
      await notices.close?.();
      await kysely.destroy();
    },
  };
}

/** How long a process waits for another's migration or seed before giving up. */
const LOCK_WAIT_MS = 10 * 60 * 1000;

/** Takes SQLite's exclusive lock on `lock`, polling so a waiting process keeps its event loop. */
async function beginExclusive(lock: SQLite.Database): Promise<void> {
  const deadline = Date.now() + LOCK_WAIT_MS;
  for (;;) {
    try {
      lock.exec('begin exclusive');
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== 'SQLITE_BUSY' || Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/**
 * SQLite's lock is an exclusive transaction on a small file beside the database: the
 * database's own connection stays free for the work done under it, and the operating
 * system releases the lock if the holder dies.
 */
function sqliteLock(file: string): Db['exclusive'] {
  const mutex = localMutex();
  return (name, fn) =>
    mutex(async () => {
      if (file === ':memory:') return fn();
      const lock = new SQLite(`${file}.${name}.lock`);
      try {
        lock.pragma('busy_timeout = 0');
        await beginExclusive(lock);
        try {
          return await fn();
        } finally {
          lock.exec('commit');
        }
      } finally {
        lock.close();
      }
    });
}

/** A stable 32-bit key per lock name, for pg_advisory_lock. */
function advisoryKey(name: string): number {
  return createHash('sha256').update(`pantalla:${name}`).digest().readInt32BE(0);
}

/** PostgreSQL's lock is a session advisory lock held on one pooled connection while fn uses others. */
function postgresLock(kysely: Kysely<unknown>): Db['exclusive'] {
  const mutex = localMutex();
  return (name, fn) =>
    mutex(() =>
      kysely.connection().execute(async (conn) => {
        const key = advisoryKey(name);
        await sql`select pg_advisory_lock(${key})`.execute(conn);
        try {
          return await fn();
        } finally {
          await sql`select pg_advisory_unlock(${key})`.execute(conn);
        }
      }),
    );
}

/** How a connection is opened: what differs between the server's and a bulk writer's. */
export interface OpenOptions {
  /** SQLite's page cache in MB (its default is 2): a bulk import's indexes stay in memory between its statements. */
  cacheMb?: number;
  /** An in-memory database that starts as a copy of this file image (what `VACUUM INTO` writes). */
  image?: Buffer;
}

/** Statements kept prepared per SQLite connection: the same SQL text is parsed once. */
const PREPARED_MAX = 256;

/**
 * better-sqlite3 with its statements kept prepared by SQL text: Kysely prepares every query
 * afresh, and parsing a many-row insert costs about as much as running it. Kysely runs one
 * statement at a time on this connection, so a kept statement is never busy when reused.
 */
function preparedOnce(sqlite: SQLite.Database): SqliteDatabase & { prepare(source: string): SQLite.Statement } {
  const kept = new Map<string, SQLite.Statement>();
  const prepare = (source: string): SQLite.Statement => {
    const found = kept.get(source);
    if (found) {
      kept.delete(source);
      kept.set(source, found);
      return found;
    }
    const statement = sqlite.prepare(source);
    kept.set(source, statement);
    if (kept.size > PREPARED_MAX) kept.delete(kept.keys().next().value as string);
    return statement;
  };
  return { prepare, close: () => sqlite.close() };
}

/** Opens SQLite at a file (or ':memory:'), with WAL and foreign keys on. */
export function openSqlite(file: string, options: OpenOptions = {}): Db {
  if (file !== ':memory:') mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = options.image ? new SQLite(options.image) : new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  if (options.cacheMb) sqlite.pragma(`cache_size = -${Math.round(options.cacheMb * 1024)}`);
  const database = preparedOnce(sqlite);
  const kysely = new Kysely<unknown>({ dialect: new SqliteDialect({ database }), plugins });
  const runMany = (text: string, rows: readonly (readonly unknown[])[]) => {
    const statement = database.prepare(text);
    for (const row of rows) statement.run(row);
  };
  // Statements of their own: one kept for Kysely must keep answering objects.
  const arrays = preparedOnce(sqlite);
  const selectArrays = (text: string, params: readonly unknown[]) =>
    kysely.connection().execute(async () => {
      const statement = arrays.prepare(text) as SQLite.Statement;
      if (!statement.reader) throw new Error('selectArrays runs reads only');
      return statement.raw(true).all(...params) as unknown[][];
    });
  return wrap(
    {
      kysely,
      dialect: 'sqlite',
      address: file === ':memory:' ? null : `sqlite:${path.resolve(file)}`,
      runMany,
      selectArrays,
    },
    sqliteLock(file),
  );
}

/** Opens a PostgreSQL pool at a connection string (at least two connections: one holds locks). */
export function openPostgres(connectionString: string, max = 10): Db {
  const pool = new pg.Pool({ connectionString, max: Math.max(2, max) });
  // An idle connection the database ends (a restart, a failover, an administrator) leaves the pool, and the
  // next query opens another; unheard, its error event would end the whole process.
  pool.on('error', (error) => process.emitWarning(`PostgreSQL ended an idle connection: ${error.message}`));
  const kysely = new Kysely<unknown>({ dialect: new PostgresDialect({ pool }), plugins });
  const selectArrays = async (text: string, params: readonly unknown[]) =>
    (await pool.query<unknown[]>({ text, values: [...params], rowMode: 'array' })).rows;
  return wrap(
    { kysely, dialect: 'postgres', address: connectionString, selectArrays },
    postgresLock(kysely),
    postgresNotices(connectionString, pool),
  );
}

/** Wraps an already-built Kysely dialect (PGlite in tests): one in-process connection, so an in-process lock. */
export function openWithDialect(dialect: Dialect, name: DialectName): Db {
  const kysely = new Kysely<unknown>({ dialect, plugins });
  const mutex = localMutex();
  return wrap({ kysely, dialect: name, address: null }, (_lock, fn) => mutex(fn));
}

/** PostgreSQL when DATABASE_URL names one, else the embedded SQLite file under the data folder. */
export function openDatabase(databaseUrl: string | undefined, dataDir: string, options: OpenOptions = {}): Db {
  if (databaseUrl && /^postgres(ql)?:\/\//.test(databaseUrl)) return openPostgres(databaseUrl);
  const file = databaseUrl?.startsWith('sqlite:')
    ? databaseUrl.slice('sqlite:'.length)
    : path.join(dataDir, 'pantalla.sqlite');
  return openSqlite(file, options);
}

import path from 'node:path';
import { mkdirSync } from 'node:fs';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { Kysely, PostgresDialect, SqliteDialect, CamelCasePlugin } from 'kysely';
import type { Database } from '../database-schema';

export type DialectName = 'sqlite' | 'postgres';

/** An open database and the dialect it speaks. */
export interface Db {
  kysely: Kysely<Database>;
  dialect: DialectName;
  destroy(): Promise<void>;
}

// int8 (counts, epoch milliseconds) and numeric come back as strings by default; our values fit a double.
pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1700, (v) => Number(v));

const plugins = [new CamelCasePlugin()];

/** Opens SQLite at a file (or ':memory:'), with WAL and foreign keys on. */
export function openSqlite(file: string): Db {
  if (file !== ':memory:') mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }), plugins });
  return { kysely, dialect: 'sqlite', destroy: () => kysely.destroy() };
}

/** Opens a PostgreSQL pool at a connection string. */
export function openPostgres(connectionString: string, max = 10): Db {
  const pool = new pg.Pool({ connectionString, max });
  const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins });
  return { kysely, dialect: 'postgres', destroy: () => kysely.destroy() };
}

/** Wraps an already-built Kysely dialect (PGlite in tests) as a PostgreSQL database. */
export function openWithDialect(dialect: ConstructorParameters<typeof Kysely<Database>>[0]['dialect'], name: DialectName): Db {
  const kysely = new Kysely<Database>({ dialect, plugins });
  return { kysely, dialect: name, destroy: () => kysely.destroy() };
}

/** PostgreSQL when DATABASE_URL names one, else the embedded SQLite file under the data folder. */
export function openDatabase(databaseUrl: string | undefined, dataDir: string): Db {
  if (databaseUrl && /^postgres(ql)?:\/\//.test(databaseUrl)) return openPostgres(databaseUrl);
  const file = databaseUrl?.startsWith('sqlite:') ? databaseUrl.slice('sqlite:'.length) : path.join(dataDir, 'pantalla.sqlite');
  return openSqlite(file);
}

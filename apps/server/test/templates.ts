import { sql } from 'kysely';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openPostgres, openSqlite, type Db } from '../src/platform/database';
import { createScratchPostgres, pgUrl, type DatabaseKind } from './databases';

/**
 * Prepared databases that test contexts copy instead of migrating and seeding their own:
 * the demo seed costs ≈ 1 s on SQLite and 2.5 s on PostgreSQL, a copy a few milliseconds
 * (an image in memory) or ≈ 0.2 s (`create database … template`). One per worker and recipe.
 *
 * A copy's guide and accounts were made when its template was; templates are remade after
 * MAX_AGE_MS, so a context sees a demo seeded at most that long ago, as a running server does.
 */
const MAX_AGE_MS = 3 * 60_000;

const TEMPLATE_PREFIX = 'pantalla_tpl';

interface Template {
  madeAt: number;
  /** A new database holding what the template holds; `file` is where a SQLite copy lives on disk. */
  copy(file?: string): Promise<Db>;
  discard(): Promise<void>;
}

const templates = new Map<string, Promise<Template>>();

/**
 * A database prepared by `prepare` (run once per recipe on a database of its own), copied.
 * `recipe` names everything `prepare` depends on. PGlite cannot be copied: it is prepared anew.
 */
export async function preparedDatabase(
  kind: DatabaseKind,
  recipe: string,
  prepare: (db: Db) => Promise<void>,
  open: () => Promise<Db>,
  file?: string,
): Promise<Db> {
  if (kind === 'pglite') {
    const db = await open();
    await prepare(db);
    return db;
  }
  const key = `${kind} ${recipe}`;
  const now = Date.now();
  let pending = templates.get(key);
  const current = pending && (await pending.catch(() => undefined));
  if (!current || now - current.madeAt > MAX_AGE_MS) {
    // Later: a copy of it may be under way in this worker.
    if (current) setTimeout(() => void current.discard().catch(() => undefined), 30_000).unref();
    pending = kind === 'sqlite' ? sqliteTemplate(prepare) : postgresTemplate(prepare);
    templates.set(key, pending);
  }
  return (await pending!).copy(file);
}

async function sqliteTemplate(prepare: (db: Db) => Promise<void>): Promise<Template> {
  const madeAt = Date.now();
  const db = openSqlite(':memory:');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pantalla-template-'));
  let image: Buffer;
  try {
    await prepare(db);
    const file = path.join(dir, 'template.sqlite');
    await sql`vacuum into ${file}`.execute(db.kysely());
    image = readFileSync(file);
  } finally {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
  return {
    madeAt,
    async copy(file) {
      if (!file) return openSqlite(':memory:', { image });
      writeFileSync(file, image);
      return openSqlite(file);
    },
    async discard() {},
  };
}

async function postgresTemplate(prepare: (db: Db) => Promise<void>): Promise<Template> {
  const madeAt = Date.now();
  await dropAbandonedTemplates();
  const template = await createScratchPostgres(TEMPLATE_PREFIX);
  try {
    const db = openPostgres(template.url, 5);
    try {
      await prepare(db);
    } finally {
      await db.destroy();
    }
  } catch (error) {
    await template.drop();
    throw error;
  }
  return {
    madeAt,
    async copy() {
      const scratch = await createScratchPostgres('pantalla_test', template.name);
      const db = openPostgres(scratch.url, 25);
      return {
        ...db,
        async destroy() {
          await db.destroy();
          await scratch.drop();
        },
      };
    },
    discard: () => template.drop(),
  };
}

/** Templates whose worker has gone (a run stopped half-way leaves its own behind). */
async function dropAbandonedTemplates(): Promise<void> {
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ datname: string }>(
      `select datname from pg_database where datname like '${TEMPLATE_PREFIX}\\_%'`,
    );
    for (const { datname } of rows) {
      const pid = Number(datname.split('_')[2]);
      if (!Number.isInteger(pid) || alive(pid)) continue;
      await admin.query(`drop database if exists ${datname}`).catch(() => undefined);
    }
  } finally {
    await admin.end();
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

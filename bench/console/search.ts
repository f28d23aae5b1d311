// Subscriber search in the console (issue 27): generates accounts with Spanish names (accents
// and all) straight into the tables, keys them as the server does, then times the search the
// console calls (SubscriberSearchService over its repository) for name, surname, e-mail and
// id queries, on SQLite and on PostgreSQL, and prints each plan's use of the key index.
// Goal: p95 ≤ 50 ms at 1,000,000 accounts. BENCH_QUICK=1 (CI): 100,000 accounts.
import { CompiledQuery, sql } from 'kysely';
import pg from 'pg';
import type { Db } from '../../apps/server/src/platform/database';
import { migrateToLatest } from '../../apps/server/src/platform/migrate';
import { identityMigrations } from '../../apps/server/src/modules/identity/testing';
import { foldSearchKey, searchKeysOf } from '../../apps/server/src/modules/identity/testing';
import { SubscriberSearchRepository } from '../../apps/server/src/modules/identity/testing';
import { SubscriberSearchService } from '../../apps/server/src/modules/identity/testing';
import { createBenchDb, PG_URL } from '../catalogue/build';

const QUICK = process.env.BENCH_QUICK === '1';
const ACCOUNTS = Number(process.env.BENCH_SUBSCRIBERS ?? (QUICK ? 100_000 : 1_000_000));
const GOAL_P95_MS = 50;
const QUERIES = QUICK ? 100 : 300;
const BATCH = 5000;

const NAMES = [
  'José',
  'María',
  'Jesús',
  'Ángel',
  'Lucía',
  'Martín',
  'Sofía',
  'Raúl',
  'Inés',
  'Óscar',
  'Álvaro',
  'Begoña',
  'Ramón',
  'Andrés',
  'Mónica',
  'Iñaki',
  'Nuria',
  'Héctor',
  'Íñigo',
  'Verónica',
  'Carmen',
  'Antonio',
  'Elena',
  'Sebastián',
  'Adrián',
  'Rocío',
  'Joaquín',
  'Dolores',
  'Tomás',
  'Belén',
  'Rubén',
  'Pilar',
  'Nicolás',
  'Ana',
  'Julián',
  'Concepción',
  'Germán',
  'Leticia',
  'Fermín',
  'Maite',
];
const SURNAMES = [
  'García',
  'Fernández',
  'González',
  'Rodríguez',
  'López',
  'Martínez',
  'Sánchez',
  'Pérez',
  'Gómez',
  'Martín',
  'Jiménez',
  'Ruiz',
  'Hernández',
  'Díaz',
  'Moreno',
  'Muñoz',
  'Álvarez',
  'Romero',
  'Alonso',
  'Gutiérrez',
  'Navarro',
  'Torres',
  'Domínguez',
  'Vázquez',
  'Ramos',
  'Gil',
  'Ramírez',
  'Serrano',
  'Blanco',
  'Molina',
  'Castro',
  'Ortiz',
  'Rubio',
  'Marín',
  'Sanz',
  'Núñez',
  'Iglesias',
  'Medina',
  'Garrido',
  'Cortés',
  'Castillo',
  'Santos',
  'Lozano',
  'Guerrero',
  'Cano',
  'Prieto',
  'Méndez',
  'Cruz',
  'Calvo',
  'Gallego',
  'Peña',
  'Ibáñez',
  'Vidal',
  'Herrera',
  'Aguilar',
  'León',
  'Márquez',
  'Cabrera',
  'Fuentes',
  'Carrasco',
];
const DOMAINS = ['correo.es', 'gmail.com', 'hotmail.es', 'yahoo.es', 'telefonica.net', 'outlook.com'];

/** A small deterministic generator, so every run searches the same accounts. */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const pick = <T>(r: () => number, list: readonly T[]): T => list[Math.floor(r() * list.length)] as T;

interface Account {
  id: number;
  email: string;
  name: string;
  surname: string;
}

function* accounts(count: number): Generator<Account> {
  const r = rng(27);
  for (let id = 1; id <= count; id++) {
    const name = pick(r, NAMES);
    const surname = `${pick(r, SURNAMES)} ${pick(r, SURNAMES)}`;
    const local = `${foldSearchKey(name)}.${foldSearchKey(surname).split(' ')[0]}${id}`;
    yield { id, email: `${local}@${pick(r, DOMAINS)}`, name, surname };
  }
}

/** Bulk insert: prepared statements in one transaction per batch (SQLite) or unnest arrays (PostgreSQL). */
async function fillAccounts(db: Db, count: number): Promise<void> {
  const k = db.kysely<unknown>();
  const now = Date.now();
  let users: Account[] = [];
  const flush = async () => {
    const keys = users.flatMap((u) => searchKeysOf(u).map((key) => [key, u.id] as const));
    if (db.runMany) {
      await sql`begin`.execute(k);
      db.runMany(
        'insert into users (id, email, password_hash, name, surname, created_at) values (?, ?, ?, ?, ?, ?)',
        users.map((u) => [u.id, u.email, 'bench', u.name, u.surname, now - u.id * 1000]),
      );
      db.runMany('insert into account_search_keys (key, user_id) values (?, ?)', keys);
      await sql`commit`.execute(k);
    } else {
      await sql`insert into users (id, email, password_hash, name, surname, created_at)
        select * from unnest(${users.map((u) => u.id)}::int[], ${users.map((u) => u.email)}::text[], ${users.map(() => 'bench')}::text[], ${users.map((u) => u.name)}::text[], ${users.map((u) => u.surname)}::text[], ${users.map((u) => now - u.id * 1000)}::bigint[])`.execute(
        k,
      );
      await sql`insert into account_search_keys (key, user_id) select * from unnest(${keys.map((x) => x[0])}::text[], ${keys.map((x) => x[1])}::int[])`.execute(
        k,
      );
    }
    users = [];
  };
  for (const account of accounts(count)) {
    users.push(account);
    if (users.length === BATCH) await flush();
  }
  if (users.length > 0) await flush();
  // Fresh statistics, as a database that grew to this size over time would have.
  await sql`analyze`.execute(k);
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** The searches an operator types, by kind; each one deterministic. */
function queries(count: number): Record<string, string[]> {
  const r = rng(99);
  const few = (make: () => string) => Array.from({ length: QUERIES }, make);
  return {
    'name prefix ("jos")': few(() => foldSearchKey(pick(r, NAMES)).slice(0, 3)),
    'name and surname ("maría garcía")': few(() => `${pick(r, NAMES)} ${pick(r, SURNAMES)}`),
    'surname, no accents ("nunez")': few(() => foldSearchKey(pick(r, SURNAMES))),
    'e-mail prefix': few(() => {
      const id = 1 + Math.floor(r() * count);
      return `${foldSearchKey(pick(r, NAMES))}.${foldSearchKey(pick(r, SURNAMES))}${id}`.slice(0, 14);
    }),
    'exact id': few(() => String(1 + Math.floor(r() * count))),
  };
}

async function printPlan(db: Db, repo: SubscriberSearchRepository): Promise<void> {
  const compiled = repo.compilePrefix('garcia', null, 51);
  const explain = db.dialect === 'postgres' ? 'explain ' : 'explain query plan ';
  const plan = await db
    .kysely<unknown>()
    .executeQuery<Record<string, unknown>>(CompiledQuery.raw(explain + compiled.sql, [...compiled.parameters]));
  const lines = plan.rows.map((row) => String(row['QUERY PLAN'] ?? row.detail ?? JSON.stringify(row)));
  const usesKeyIndex = lines.some(
    (l) => /account_search_keys_pk|sqlite_autoindex_account_search_keys|PRIMARY KEY/i.test(l) && !/SCAN k\b/.test(l),
  );
  console.log(`  plan of a prefix search (${usesKeyIndex ? 'range of the key index' : 'NO KEY INDEX: check'}):`);
  for (const line of lines) console.log(`    ${line}`);
}

async function benchOne(kind: 'sqlite' | 'postgres'): Promise<void> {
  const b = await createBenchDb(kind, 'subscribers');
  try {
    await migrateToLatest(b.db, [identityMigrations]);
    const began = performance.now();
    await fillAccounts(b.db, ACCOUNTS);
    console.log(
      `${kind}: ${ACCOUNTS.toLocaleString('en')} accounts generated and keyed in ${((performance.now() - began) / 1000).toFixed(1)} s`,
    );
    const repo = new SubscriberSearchRepository(b.db);
    const service = new SubscriberSearchService(repo, { now: () => Date.now() });
    await printPlan(b.db, repo);
    for (const [label, list] of Object.entries(queries(ACCOUNTS))) {
      for (const q of list.slice(0, 10)) await service.search(q, undefined, 50); // warm the cache
      const times: number[] = [];
      let hits = 0;
      for (const q of list) {
        const t = performance.now();
        hits += (await service.search(q, undefined, 50)).items.length;
        times.push(performance.now() - t);
      }
      times.sort((x, y) => x - y);
      const p95 = percentile(times, 95);
      console.log(
        `  ${label}: p50 ${percentile(times, 50).toFixed(2)} ms, p95 ${p95.toFixed(2)} ms (goal ≤ ${GOAL_P95_MS} ms: ${p95 <= GOAL_P95_MS ? 'met' : 'MISSED'}), ${(hits / list.length).toFixed(1)} hits a query`,
      );
    }
  } finally {
    await b.drop();
  }
}

async function pgReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Subscriber search p50/p95 over generated accounts on SQLite and PostgreSQL (goal p95 ≤ 50 ms). */
export async function runSubscriberSearchBench(): Promise<void> {
  console.log(
    `subscriber search over ${ACCOUNTS.toLocaleString('en')} accounts${QUICK ? ' (BENCH_QUICK: not the 1,000,000 of the goal)' : ''}, ${QUERIES} queries of each kind, pages of 50`,
  );
  await benchOne('sqlite');
  if (await pgReachable()) await benchOne('postgres');
  else console.log(`postgres: skipped, no PostgreSQL answers at ${PG_URL.replace(/\/\/[^@]*@/, '//')}`);
}

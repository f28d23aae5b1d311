import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql, type Insertable } from 'kysely';
import { loadConfig, type Config } from '../../apps/server/src/platform/config';
import { openPostgres, openSqlite, type Db } from '../../apps/server/src/platform/database';
import { composeModules, createPlatform } from '../../apps/server/src/compose';
import { DEMO_ACCOUNTS } from '../../apps/server/src/demo/accounts';
import { prepareDatabase } from '../../apps/server/src/setup';
import { normalizeForSearch } from '../../apps/server/src/modules/catalogue/testing';
import { META } from '../../apps/server/src/modules/catalogue/testing';
import { clipKeyFor } from '../../apps/server/src/modules/catalogue/testing';
import { Random, seedOf } from '../../apps/server/src/modules/catalogue/testing';
import { generateFilms } from '../../apps/server/src/modules/catalogue/testing';
import type { CatalogueTables, EventTable } from '../../apps/server/src/modules/catalogue/testing';
import type { IdentityTables } from '../../apps/server/src/modules/identity/testing';

/** The tables the bench fills and reads directly. */
export type BenchTables = CatalogueTables & IdentityTables;

export const BENCH_SECRET = 'bench-secret-0123456789-abcdefghij-KLMNOP';
export const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const MINUTE = 60000;
const DAY = 86400000;

/** A bench database: where it lives and how to remove it. */
export interface BenchDb {
  kind: 'sqlite' | 'postgres';
  db: Db;
  /** SQLite file path or PostgreSQL URL, for the server child process. */
  location: string;
  config: Config;
  drop(): Promise<void>;
}

export async function createBenchDb(kind: 'sqlite' | 'postgres', label: string): Promise<BenchDb> {
  const dataDir = path.join(os.tmpdir(), `pantalla-bench-${process.pid}`);
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', AUTH_SECRET: BENCH_SECRET });
  if (kind === 'sqlite') {
    const file = path.join(dataDir, `${label}.sqlite`);
    rmSync(file, { force: true });
    const db = openSqlite(file);
    return {
      kind,
      db,
      location: file,
      config,
      drop: async () => {
        await db.destroy();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const name = `pantalla_bench_${label}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  const db = openPostgres(url.toString(), 10);
  return {
    kind,
    db,
    location: url.toString(),
    config,
    drop: async () => {
      await db.destroy();
      const c = new pg.Client({ connectionString: PG_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

const TITLES = [
  'Noticias',
  'Magacín',
  'Documental',
  'Cine',
  'Serie',
  'Deportes',
  'Concurso',
  'Infantil',
  'Música',
  'Debate',
  'Tertulia',
  'El tiempo',
];
const DURATIONS = [15, 20, 30, 45, 60];

/** Synthetic guide rows: continuous, 15-60 minutes, about 42 per channel and day. */
function* guideRows(channels: number, days: number, start: number, firstId: number): Generator<Insertable<EventTable>> {
  let id = firstId;
  for (let c = 1; c <= channels; c++) {
    const rng = new Random(seedOf(c, 99));
    let t = start;
    while (t < start + days * DAY) {
      const minutes = rng.pick(DURATIONS);
      const title = `${rng.pick(TITLES)} ${rng.int(1, 400)}`;
      const end = t + minutes * MINUTE;
      yield {
        id: id++,
        channelId: c,
        startTime: t,
        endTime: end,
        title,
        subtitle: '',
        description: `Descripción de ${title}.`,
        parental: 2,
        rating: 2,
        ageRating: 'TP',
        country: 'España',
        year: null,
        genreId: null,
        sectionId: null,
        categories: '[]',
        director: '',
        actors: '[]',
        languages: '[]',
        imageUrl: null,
        posterUrl: null,
        episodeNum: '',
        packageId: null,
        ppvPriceCents: null,
        featured: 0,
        source: 'seed',
        searchTitle: normalizeForSearch(title),
        searchText: normalizeForSearch(title),
      };
      t = end;
    }
  }
}

/** Migrates and fills a bench database: channels × days of guide from `start`, and films. */
export async function fill(
  b: BenchDb,
  channels: number,
  days: number,
  start: number,
  films: number,
): Promise<{ events: number; ms: number }> {
  const began = performance.now();
  // Migrations and reference data (regions, lineups, genres, packages), then the demo accounts and their packages.
  const platform = createPlatform(b.config, b.db, { now: () => start + 5 * DAY });
  const modules = composeModules(platform);
  await prepareDatabase(platform, modules.all);
  const everything = await modules.commerce.entitlements.packageIds();
  for (const a of DEMO_ACCOUNTS) {
    const user = await modules.identity.accounts.create({
      email: a.email,
      password: a.password,
      name: a.name,
      surname: 'Pantalla',
      pin: a.pin,
    });
    await modules.commerce.entitlements.grant(user.id, a.owns === 'all' ? everything : a.owns, 'seed');
  }
  const k = b.db.kysely<BenchTables>();
  const now = Date.now();
  const channelRows = Array.from({ length: channels }, (_, i) => ({
    id: i + 1,
    name: `Canal ${i + 1}`,
    description: '',
    number: i + 1,
    tvgId: null,
    channelGenreId: 1 + (i % 10),
    parental: 2,
    isAdult: 0,
    tstv: 1,
    epg: 1,
    catchupHours: 168,
    catchupMode: null,
    catchupSource: null,
    fingerprint: 0,
    fingerprintFrequency: 300,
    fingerprintDuration: 30,
    fingerprintPosition: 'random' as const,
    streamSource: 'origin' as const,
    streamUrl: null,
    streamProtocol: 'dash' as const,
    clipKey: clipKeyFor(0, i + 1),
    logoUrl: null,
    packageId: i % 3 === 0 ? 2 : 1,
    guideSource: 'seed' as const,
    searchTitle: `canal ${i + 1}`,
    updatedAt: now,
  }));
  for (let i = 0; i < channelRows.length; i += 500)
    await k
      .insertInto('channels')
      .values(channelRows.slice(i, i + 500))
      .execute();
  for (let i = 0; i < channels; i += 1000) {
    await k
      .insertInto('lineupItems')
      .values(channelRows.slice(i, i + 1000).map((c) => ({ lineupId: 1, channelId: c.id, position: c.number })))
      .execute();
  }
  let events = 0;
  let batch: Insertable<EventTable>[] = [];
  await k.transaction().execute(async (trx) => {
    for (const row of guideRows(channels, days, start, 1)) {
      batch.push(row);
      if (batch.length === 400) {
        await trx.insertInto('events').values(batch).execute();
        events += batch.length;
        batch = [];
      }
    }
    if (batch.length > 0) await trx.insertInto('events').values(batch).execute();
    events += batch.length;
  });
  if (films > 0) {
    const list = generateFilms(films);
    for (let i = 0; i < list.length; i += 500) {
      await k
        .insertInto('films')
        .values(
          list.slice(i, i + 500).map((f) => ({
            id: f.id,
            title: f.title,
            description: f.description,
            longDescription: f.longDescription,
            runtimeSeconds: f.runtimeSeconds,
            year: f.year,
            country: f.country,
            releaseDate: f.releaseDate,
            endOfAvailability: null,
            parental: f.parental,
            ageRating: f.ageRating,
            director: f.director,
            actors: JSON.stringify(f.actors),
            clipKey: f.clipKey,
            trailerClipKey: f.trailerClipKey,
            packageId: f.packageId,
            popularity: f.popularity,
            searchTitle: normalizeForSearch(f.title),
            searchText: normalizeForSearch(`${f.title} ${f.description}`),
          })),
        )
        .execute();
    }
  }
  for (const [key, value] of [
    [META.seedVersion, 'bench'],
    [META.guideUntil, String(start + days * DAY)],
    [META.maxEventMs, String(60 * MINUTE)],
    [META.guideVersion, '1'],
  ] as const) {
    await k.insertInto('catalogueMeta').values({ key, value }).execute();
  }
  // Fresh statistics, as a long-running PostgreSQL would have after autovacuum.
  if (b.kind === 'postgres') await sql`analyze`.execute(k);
  return { events, ms: performance.now() - began };
}

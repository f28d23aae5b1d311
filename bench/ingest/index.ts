import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import pg from 'pg';
import { syntheticM3u } from '../../apps/server/src/modules/ingest/testing';
import { buildServer, signIn, startServer, stopServer, upload, writeGuide } from './compiled-server';
import { mixedLoad } from './mixed-load';

/**
 * BENCH_QUICK=1 (CI): 100 channels × 2 days on SQLite and PostgreSQL, 500 × 1 day on SQLite; otherwise the
 * issue's 1,000 and 10,000 × 7 days on both. PostgreSQL only where one answers (BENCH_PG_URL).
 */
const QUICK = process.env.BENCH_QUICK === '1';
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
type Kind = 'sqlite' | 'postgres';
const DEFAULT_RUNS: { channels: number; days: number; kinds: Kind[] }[] = QUICK
  ? [
      { channels: 100, days: 2, kinds: ['sqlite', 'postgres'] },
      { channels: 500, days: 1, kinds: ['sqlite'] },
    ]
  : [
      { channels: 1000, days: 7, kinds: ['sqlite', 'postgres'] },
      { channels: 10_000, days: 7, kinds: ['sqlite', 'postgres'] },
    ];
/** BENCH_INGEST_RUNS picks runs, e.g. `10000x7:sqlite,postgres` (one size, its databases). */
function chosenRuns(spec: string | undefined): typeof DEFAULT_RUNS {
  if (!spec) return DEFAULT_RUNS;
  const m = /^(\d+)x(\d+):((?:sqlite|postgres)(?:,(?:sqlite|postgres))*)$/.exec(spec);
  if (!m) throw new Error(`BENCH_INGEST_RUNS: expected e.g. 10000x7:sqlite,postgres, got ${spec}`);
  return [{ channels: Number(m[1]), days: Number(m[2]), kinds: (m[3] as string).split(',') as Kind[] }];
}
const RUNS = chosenRuns(process.env.BENCH_INGEST_RUNS);
/** Requests per second the viewers send while an import runs (issue 31). */
const PROBE_RPS = 20;
const GOALS = { seconds: 60, peakMb: 600, p99Ms: 250 };

/** The process's peak resident memory since the last reset (Linux: VmHWM, reset through clear_refs). */
const memory = {
  reset(pid: number) {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
  },
  peakMb(pid: number): number {
    const kb = /VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return Math.round(Number(kb) / 1024);
  },
};

const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');
const ms = (n: number) => `${n.toFixed(0)} ms`;

/** A scratch database for one run: the server's DATABASE_URL, dropped after. */
async function scratchPostgres(label: string): Promise<{ url: string; drop: () => Promise<void> } | null> {
  const admin = new pg.Client({ connectionString: PG_URL });
  try {
    await admin.connect();
  } catch {
    return null;
  }
  const name = `pantalla_ingest_bench_${label}_${randomBytes(3).toString('hex')}`;
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: PG_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

interface Files {
  list: string;
  guide: string;
  xmlBytes: number;
}

async function writeFiles(channels: number, days: number, dir: string): Promise<Files> {
  const guide = path.join(dir, `guide-${channels}-${days}.xml.gz`);
  const list = path.join(dir, `list-${channels}.m3u.gz`);
  const { xmlBytes } = await writeGuide(guide, channels, days);
  writeFileSync(list, gzipSync(Buffer.from([...syntheticM3u({ channels })].join(''))));
  return { list, guide, xmlBytes };
}

/** One import of the list and the guide under the viewers' load: its figures printed. */
async function importOnce(
  label: string,
  port: number,
  pid: number,
  token: string,
  files: Files,
  size: { channels: number; days: number },
): Promise<void> {
  memory.reset(pid);
  const load = mixedLoad(port, token, {
    rps: PROBE_RPS,
    ...size,
    from: Date.parse(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`),
  });
  const started = performance.now();
  const list = await upload(port, token, files.list, 'm3u');
  const guide = await upload(port, token, files.guide);
  const seconds = (performance.now() - started) / 1000;
  const api = await load.stop();
  const peakMb = memory.peakMb(pid);
  const { inserted, removed, unchanged } = guide.programmes;
  const changes =
    list.channels.created +
    list.channels.updated +
    guide.channels.created +
    guide.channels.updated +
    inserted +
    removed;
  const big = size.channels === 10_000;
  const goals = big
    ? ` → ${verdict(seconds <= GOALS.seconds)} ≤ ${GOALS.seconds} s, ${verdict(peakMb <= GOALS.peakMb)} ≤ ${GOALS.peakMb} MB, ${verdict(api.all.p99 < GOALS.p99Ms)} p99 < ${GOALS.p99Ms} ms`
    : '';
  console.log(
    `  ${label}: lista y guía en ${seconds.toFixed(1)} s (${inserted + unchanged} programas, ${Math.round((inserted + unchanged) / seconds)}/s); cambios: ${changes} ` +
      `(canales ${list.channels.created} nuevos, ${list.channels.updated} cambiados; programas ${inserted} escritos, ${removed} quitados); pico de memoria ${peakMb} MB; ` +
      `API: p99 ${ms(api.all.p99)}, máx. ${ms(api.all.max)}, ${api.all.requests} peticiones, ${api.all.errors} errores${goals}`,
  );
  for (const [name, f] of [
    ['guía de un día', api.day],
    ['/events 1 h', api.window],
    ['/channels', api.channels],
  ] as const) {
    console.log(
      `      ${name}: p50 ${ms(f.p50)}, p99 ${ms(f.p99)}, máx. ${ms(f.max)}, ${f.requests} peticiones, ${f.errors} errores, ${Math.round(f.bytes / 1024)} KB por respuesta`,
    );
  }
}

async function benchRun(
  kind: Kind,
  size: { channels: number; days: number },
  files: Files,
  dir: string,
): Promise<void> {
  const database = kind === 'postgres' ? await scratchPostgres(`${size.channels}`) : null;
  if (kind === 'postgres' && !database) {
    console.log(`  PostgreSQL: no answer at ${PG_URL}, run left out.`);
    return;
  }
  const { child, port } = await startServer(
    path.join(dir, `data-${kind}-${size.channels}`),
    database ? { DATABASE_URL: database.url } : {},
  );
  try {
    const token = await signIn(port);
    console.log(
      `${size.channels} canales × ${size.days} días en ${kind === 'sqlite' ? 'SQLite' : 'PostgreSQL'} (${Math.round(files.xmlBytes / 1e6)} MB de XMLTV, ${Math.round(statSync(files.guide).size / 1e6)} MB en gzip):`,
    );
    for (const label of ['primera importación', 'la misma otra vez'])
      await importOnce(label, port, child.pid as number, token, files, size);
  } finally {
    await stopServer(child);
    await database?.drop();
  }
}

/**
 * A list and its guide imported through the admin routes while viewers browse (issue 31): the
 * time, the server's peak memory, the API's p99 and errors, then the same files again (which
 * should change nothing): the compiled server, as deployed, on SQLite and PostgreSQL.
 */
export async function runIngestBench(): Promise<void> {
  const load = os.loadavg()[0] ?? 0;
  console.log(
    `Máquina: ${os.cpus().length} núcleos, carga media ${load.toFixed(1)} al empezar${load > os.cpus().length ? ' (compartida: las cifras salen peores que en una máquina libre)' : ''}. El servidor compilado; ${PROBE_RPS} peticiones/s de espectadores durante cada importación. Objetivo a 10.000 × 7 días: ≤ ${GOALS.seconds} s, ≤ ${GOALS.peakMb} MB, p99 < ${GOALS.p99Ms} ms, 0 errores.`,
  );
  buildServer();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pantalla-ingest-bench-'));
  try {
    for (const { channels, days, kinds } of RUNS) {
      const files = await writeFiles(channels, days, dir);
      for (const kind of kinds) await benchRun(kind, { channels, days }, files, dir);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { GuideRepository } from '../../apps/server/src/modules/catalogue/testing';
import { utcDayStart } from '../../apps/server/src/modules/catalogue/testing';
import { signIdToken } from '../../apps/server/src/modules/identity/testing';
import { BENCH_SECRET, PG_URL, createBenchDb, fill, type BenchDb, type BenchTables } from './build';
import { load } from './load';

const HOUR = 3600000;
const DAY = 24 * HOUR;
const WINDOW = 6 * HOUR;
const QUICK = process.env.BENCH_QUICK === '1';
/** BENCH_QUICK=1 (CI): one second of load per figure instead of five, the large guide on SQLite only, growth to 500 channels. */
const LOAD_MS = Number(process.env.BENCH_LOAD_MS ?? (QUICK ? 1000 : 5000));
const here = path.dirname(fileURLToPath(import.meta.url));

async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 1000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
const ms = (v: number) => `${v.toFixed(1)} ms`;

/** p50/p95 of the all-channel window query at random starts within the guide. */
async function windowQuery(b: BenchDb, start: number, days: number, iterations: number) {
  const repo = new GuideRepository(b.db);
  const span = days * DAY - WINDOW;
  let seed = 12345;
  const next = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  let rows = 0;
  for (let i = 0; i < 10; i++) {
    const s = Math.floor(start + next() * span);
    await repo.eventsInWindow(s, s + WINDOW, HOUR, null);
  }
  const times: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const s = Math.floor(start + next() * span);
    const t0 = performance.now();
    rows = (await repo.eventsInWindow(s, s + WINDOW, HOUR, null)).length;
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { p50: quantile(times, 0.5), p95: quantile(times, 0.95), rows };
}

function startChild(args: string[]): Promise<{ child: ChildProcess; port: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'serve.ts'), ...args], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const port = Number(out.trim().split('\n')[0]);
      if (port > 0) resolve({ child, port });
    });
    child.once('exit', (code) => reject(new Error(`server child exited with ${code}`)));
  });
}

async function stopChild(child: ChildProcess): Promise<void> {
  child.removeAllListeners('exit');
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

/** Requests per second of the channels and events routes against a peer answering the same bytes from memory. */
async function routesVsMemory(b: BenchDb, start: number) {
  const real = await startChild(['real', b.location]);
  const user = await b.db
    .kysely<BenchTables>()
    .selectFrom('users')
    .select(['id', 'email', 'tokenVersion'])
    .where('email', '=', 'basico@pantalla.test')
    .executeTakeFirstOrThrow();
  const iat = Math.floor(Date.now() / 1000);
  const headers = {
    authorization: `Bearer ${signIdToken(BENCH_SECRET, { sub: user.id, email: user.email, ver: user.tokenVersion, iat, exp: iat + 3600 })}`,
  };
  const windowStart = start + 5 * DAY + 20 * HOUR;
  const routes = {
    channels: '/api/v1/channels',
    events: `/api/v1/events?startTime=${windowStart}&endTime=${windowStart + HOUR}`,
  };
  const bodies: Record<string, string> = {};
  for (const [name, route] of Object.entries(routes)) {
    const res = await fetch(`http://127.0.0.1:${real.port}${route}`, { headers });
    if (res.status !== 200) throw new Error(`${route} answered ${res.status}`);
    bodies[name] = await res.text();
  }
  const file = path.join(os.tmpdir(), `pantalla-bench-bodies-${process.pid}.json`);
  writeFileSync(file, JSON.stringify(bodies));
  const memory = await startChild(['memory', file]);
  try {
    for (const [name, route] of Object.entries(routes)) {
      const items = (JSON.parse(bodies[name] as string) as { resources: unknown[] }).resources.length;
      const m = await load(`http://127.0.0.1:${memory.port}/mem/${name}`, {}, LOAD_MS);
      const r = await load(`http://127.0.0.1:${real.port}${route}`, headers, LOAD_MS);
      const line = (label: string, x: typeof r) =>
        `    ${label.padEnd(34)} ${x.rps.toFixed(0).padStart(5)} req/s (p95 ${ms(x.p95)}), ratio ${(x.rps / m.rps).toFixed(2)} (goal ≥ 0.5)${x.errors > 0 ? `, ${x.errors} errors` : ''}`;
      console.log(
        `  ${name}: ${items} items, ${((bodies[name]?.length ?? 0) / 1024).toFixed(0)} KiB; memory peer ${m.rps.toFixed(0)} req/s (p95 ${ms(m.p95)})`,
      );
      console.log(line('route (shared answer)', r));
      if (name === 'events') {
        // Every request a different window: no shared answer, the query and mapping each time.
        const cold = await load(
          (i) =>
            `http://127.0.0.1:${real.port}/api/v1/events?startTime=${windowStart + i * 60000}&endTime=${windowStart + i * 60000 + HOUR}`,
          headers,
          LOAD_MS,
        );
        console.log(line('route (a new window each request)', cold));
      }
    }
  } finally {
    await stopChild(real.child);
    await stopChild(memory.child);
    rmSync(file, { force: true });
  }
}

/** The catalogue benchmark: window query latency, route throughput against memory, growth with channel count. */
export async function runCatalogueBench(): Promise<void> {
  const kinds: ('sqlite' | 'postgres')[] = ['sqlite'];
  if (await postgresReachable()) kinds.push('postgres');
  else console.log(`(PostgreSQL not reachable at ${PG_URL}: SQLite only)`);
  const start = utcDayStart(Date.now()) - 5 * DAY;

  for (const kind of QUICK ? kinds.slice(0, 1) : kinds) {
    const b = await createBenchDb(kind, 'large');
    try {
      const filled = await fill(b, 500, 10, start, 20000);
      console.log(
        `\n${kind}: 500 channels, 10 days, ${filled.events} events, 20000 films (built in ${(filled.ms / 1000).toFixed(1)} s)`,
      );
      const w = await windowQuery(b, start, 10, 200);
      console.log(
        `  window query, all channels × 6 h (${w.rows} rows): p50 ${ms(w.p50)}, p95 ${ms(w.p95)} (goal p95 ≤ 30 ms)`,
      );
      await routesVsMemory(b, start);
    } finally {
      await b.drop();
    }
  }

  console.log('\ngrowth of the 6 h window query with the channel count (2 days of guide each):');
  for (const kind of kinds) {
    const parts: string[] = [];
    // The growth to 2000 channels takes most of the bench: BENCH_QUICK=1 (CI) stops at 500.
    for (const channels of QUICK ? [50, 500] : [50, 500, 2000]) {
      const b = await createBenchDb(kind, `growth${channels}`);
      try {
        await fill(b, channels, 2, start, 0);
        const w = await windowQuery(b, start, 2, 100);
        parts.push(`${channels} ch ${w.rows} rows p50 ${ms(w.p50)} p95 ${ms(w.p95)}`);
      } finally {
        await b.drop();
      }
    }
    console.log(`  ${kind.padEnd(8)} ${parts.join(' | ')}`);
  }
}

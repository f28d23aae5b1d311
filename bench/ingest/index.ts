import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { syntheticXmltv } from '../../apps/server/src/modules/ingest/parsers/synthetic-guide';

const here = path.dirname(fileURLToPath(import.meta.url));
/** BENCH_QUICK=1 (CI): 100 and 1,000 channels × 2 days; otherwise the 1,000 and 10,000 × 7 days. */
const QUICK = process.env.BENCH_QUICK === '1';
const SIZES = QUICK ? [{ channels: 100, days: 2 }, { channels: 1000, days: 2 }] : [{ channels: 1000, days: 7 }, { channels: 10_000, days: 7 }];
/** Requests per second the probe sends while an import runs: a handful of viewers browsing. */
const PROBE_RPS = 20;

interface ImportFigures {
  seconds: number;
  programmes: number;
  inserted: number;
  unchanged: number;
  peakRssMb: number;
}

async function writeGuide(file: string, channels: number, days: number): Promise<void> {
  const out = createWriteStream(file);
  for (const piece of syntheticXmltv({ channels, days, from: new Date().toISOString().slice(0, 10) })) if (!out.write(piece)) await once(out, 'drain');
  out.end();
  await once(out, 'close');
}

/** Paced requests to the API (a channel, a channel's guide day) until stopped: their latencies. */
function probe(port: number, token: string) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
  const latencies: number[] = [];
  let errors = 0;
  let i = 0;
  const day = new Date().toISOString().slice(0, 10);
  const one = () => {
    const n = i++;
    const url = n % 2 === 0 ? `/api/v1/channels/${(n % 50) + 1}` : `/api/v1/epg/${(n % 50) + 1}/${day}?tz=UTC`;
    const started = performance.now();
    const req = http.get({ host: '127.0.0.1', port, path: url, agent, headers: { authorization: `Bearer ${token}` } }, (res) => {
      res.resume();
      res.on('end', () => {
        // 404 before the import has made the channel is an answer too; only 5xx and failures count as errors.
        if ((res.statusCode ?? 500) >= 500) errors++;
        latencies.push(performance.now() - started);
      });
    });
    req.on('error', () => errors++);
  };
  const timer = setInterval(one, 1000 / PROBE_RPS);
  return {
    stop() {
      clearInterval(timer);
      agent.destroy();
      const sorted = [...latencies].sort((a, b) => a - b);
      const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
      return { requests: sorted.length, errors, p50: at(0.5), p99: at(0.99), max: sorted[sorted.length - 1] ?? 0 };
    },
  };
}

async function benchSize(channels: number, days: number, dir: string): Promise<void> {
  const file = path.join(dir, `guide-${channels}.xml`);
  await writeGuide(file, channels, days);
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'server.ts')], { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = readline.createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const next = async () => JSON.parse((await lines.next()).value as string) as unknown;
  const { port, token } = (await next()) as { port: number; token: string };
  console.log(`${channels} canales × ${days} días (${Math.round(statSync(file).size / 1e6)} MB):`);
  for (const label of ['primera importación', 'la misma otra vez']) {
    const load = probe(port, token);
    child.stdin.write(`${file}\n`);
    const figures = (await next()) as ImportFigures;
    const api = load.stop();
    console.log(
      `  ${label}: ${figures.programmes} programas en ${figures.seconds.toFixed(1)} s (${Math.round(figures.programmes / figures.seconds)} programas/s, ${figures.inserted} escritos), ` +
        `pico de memoria ${figures.peakRssMb} MB; API durante la importación: p50 ${api.p50.toFixed(1)} ms, p99 ${api.p99.toFixed(1)} ms, máx. ${api.max.toFixed(0)} ms (${api.requests} peticiones, ${api.errors} errores)`,
    );
  }
  child.stdin.write('quit\n');
  await once(child, 'exit');
}

/** Programmes per second, peak memory and the API's p99 while a guide imports, at two sizes. */
export async function runIngestBench(): Promise<void> {
  const load = os.loadavg()[0] ?? 0;
  console.log(`Máquina: ${os.cpus().length} núcleos, carga media ${load.toFixed(1)} al empezar${load > os.cpus().length ? ' (compartida: las cifras salen peores que en una máquina libre)' : ''}. SQLite. Objetivo: 10.000 × 7 días en ≤ 60 s, ≤ 500 MB, p99 < 100 ms.`);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pantalla-ingest-guides-'));
  try {
    for (const { channels, days } of SIZES) await benchSize(channels, days, dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

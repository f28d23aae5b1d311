import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { buildServer, signIn, startServer, stopServer, upload, writeGuide } from './compiled-server';

/** BENCH_QUICK=1 (CI): 100 and 1,000 channels × 2 days; otherwise the 1,000 and 10,000 × 7 days. */
const QUICK = process.env.BENCH_QUICK === '1';
const SIZES = QUICK ? [{ channels: 100, days: 2 }, { channels: 1000, days: 2 }] : [{ channels: 1000, days: 7 }, { channels: 10_000, days: 7 }];
/** Requests per second the probe sends while an import runs: a handful of viewers browsing. */
const PROBE_RPS = 20;
const GOALS = { seconds: 60, peakMb: 500, p99Ms: 100 };

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

/** Paced requests to the API (a channel, a channel's guide day) until stopped: their latencies. */
function probe(port: number, token: string) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
  const latencies: number[] = [];
  let errors = 0;
  let i = 0;
  const day = new Date().toISOString().slice(0, 10);
  const one = () => {
    const n = i++;
    const url = n % 2 === 0 ? `/api/v1/channels/${(n % 50) + 100}` : `/api/v1/epg/${(n % 50) + 100}/${day}?tz=UTC`;
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

const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');

async function benchSize(channels: number, days: number, dir: string): Promise<void> {
  const file = path.join(dir, `guide-${channels}.xml.gz`);
  const { xmlBytes } = await writeGuide(file, channels, days);
  const { child, port } = await startServer(path.join(dir, `data-${channels}`));
  try {
    const token = await signIn(port);
    console.log(`${channels} canales × ${days} días (${Math.round(xmlBytes / 1e6)} MB de XMLTV, ${Math.round(statSync(file).size / 1e6)} MB en gzip):`);
    for (const label of ['primera importación', 'la misma otra vez']) {
      const pid = child.pid as number;
      memory.reset(pid);
      const load = probe(port, token);
      const started = performance.now();
      const report = await upload(port, token, file);
      const seconds = (performance.now() - started) / 1000;
      const api = load.stop();
      const peakMb = memory.peakMb(pid);
      const { inserted, unchanged } = report.programmes;
      const programmes = inserted + unchanged;
      const goals = channels === 10_000 ? ` → ${verdict(seconds <= GOALS.seconds)} ≤ ${GOALS.seconds} s, ${verdict(peakMb <= GOALS.peakMb)} ≤ ${GOALS.peakMb} MB, ${verdict(api.p99 < GOALS.p99Ms)} p99 < ${GOALS.p99Ms} ms` : '';
      console.log(
        `  ${label}: ${programmes} programas en ${seconds.toFixed(1)} s (${Math.round(programmes / seconds)} programas/s, ${inserted} escritos), ` +
          `pico de memoria del servidor ${peakMb} MB; API durante la importación: p50 ${api.p50.toFixed(1)} ms, p99 ${api.p99.toFixed(1)} ms, máx. ${api.max.toFixed(0)} ms (${api.requests} peticiones, ${api.errors} errores)${goals}`,
      );
    }
  } finally {
    await stopServer(child);
  }
}

/**
 * Programmes per second, the server's peak memory and the API's p99 while a guide imports
 * through the admin route, at two sizes: the compiled server, as deployed.
 */
export async function runIngestBench(): Promise<void> {
  const load = os.loadavg()[0] ?? 0;
  console.log(`Máquina: ${os.cpus().length} núcleos, carga media ${load.toFixed(1)} al empezar${load > os.cpus().length ? ' (compartida: las cifras salen peores que en una máquina libre)' : ''}. SQLite, el servidor compilado. Objetivo a 10.000 × 7 días: ≤ ${GOALS.seconds} s, ≤ ${GOALS.peakMb} MB, p99 < ${GOALS.p99Ms} ms.`);
  buildServer();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pantalla-ingest-bench-'));
  try {
    for (const { channels, days } of SIZES) await benchSize(channels, days, dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

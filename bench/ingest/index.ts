import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createReadStream, createWriteStream, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createGzip } from 'node:zlib';
import { syntheticXmltv } from '../../apps/server/src/modules/ingest/parsers/synthetic-guide';
import { serverEnv } from '../../scripts/server-env.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** BENCH_QUICK=1 (CI): 100 and 1,000 channels × 2 days; otherwise the 1,000 and 10,000 × 7 days. */
const QUICK = process.env.BENCH_QUICK === '1';
const SIZES = QUICK ? [{ channels: 100, days: 2 }, { channels: 1000, days: 2 }] : [{ channels: 1000, days: 7 }, { channels: 10_000, days: 7 }];
/** Requests per second the probe sends while an import runs: a handful of viewers browsing. */
const PROBE_RPS = 20;
const GOALS = { seconds: 60, peakMb: 500, p99Ms: 100 };
const DEMO = { email: 'demo@pantalla.test', password: 'demo1234' };

/** The guide as an operator sends it to the admin route: gzip (the route takes at most 256 MB as sent). */
async function writeGuide(file: string, channels: number, days: number): Promise<{ xmlBytes: number }> {
  const gzip = createGzip({ level: 1 });
  const out = gzip.pipe(createWriteStream(file));
  let xmlBytes = 0;
  for (const piece of syntheticXmltv({ channels, days, from: new Date().toISOString().slice(0, 10) })) {
    xmlBytes += Buffer.byteLength(piece);
    if (!gzip.write(piece)) await once(gzip, 'drain');
  }
  gzip.end();
  await once(out, 'close');
  return { xmlBytes };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
    server.on('error', reject);
  });
}

/** The compiled server as `npm run start:prod` runs it (its environment included), in the demo mode for an admin account, on a fresh SQLite file. */
async function startServer(dataDir: string): Promise<{ child: ChildProcess; port: number }> {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(root, 'apps/server/dist/server.mjs')], {
    cwd: root,
    env: serverEnv({ ...process.env, NODE_ENV: 'development', PORT: String(port), DATA_DIR: dataDir, MEDIA_PREPARE: '0', LOG_LEVEL: 'warn' }),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    const up = await fetch(`http://127.0.0.1:${port}/healthz`).then((r) => r.ok, () => false);
    if (up) return { child, port };
    await new Promise((r) => setTimeout(r, 500));
  }
  child.kill();
  throw new Error('the server did not answer /healthz within 300 s');
}

/** The process's peak resident memory since the last reset (Linux: VmHWM, reset through clear_refs). */
const memory = {
  reset(pid: number) {
    spawnSync('sh', ['-c', `echo 5 > /proc/${pid}/clear_refs`]);
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

/** POST /api/v1/admin/ingest/xmltv with the gzip file as it is read from disk: the report. */
function upload(port: number, token: string, file: string): Promise<{ programmes: { inserted: number; unchanged: number } }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, method: 'POST', path: '/api/v1/admin/ingest/xmltv', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/gzip', 'content-length': statSync(file).size } },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => (res.statusCode === 200 ? resolve(JSON.parse(body)) : reject(new Error(`the import answered ${res.statusCode}: ${body.slice(0, 300)}`))));
      },
    );
    req.on('error', reject);
    createReadStream(file).pipe(req);
  });
}

const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');

async function benchSize(channels: number, days: number, dir: string): Promise<void> {
  const file = path.join(dir, `guide-${channels}.xml.gz`);
  const { xmlBytes } = await writeGuide(file, channels, days);
  const { child, port } = await startServer(path.join(dir, `data-${channels}`));
  try {
    const login = await fetch(`http://127.0.0.1:${port}/api/v1/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ flow: 'password', username: DEMO.email, password: DEMO.password }) });
    const { idToken: token } = (await login.json()) as { idToken: string };
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
    child.kill('SIGTERM');
    if (child.exitCode === null) await once(child, 'exit');
  }
}

/**
 * Programmes per second, the server's peak memory and the API's p99 while a guide imports
 * through the admin route, at two sizes: the compiled server, as deployed.
 */
export async function runIngestBench(): Promise<void> {
  const load = os.loadavg()[0] ?? 0;
  console.log(`Máquina: ${os.cpus().length} núcleos, carga media ${load.toFixed(1)} al empezar${load > os.cpus().length ? ' (compartida: las cifras salen peores que en una máquina libre)' : ''}. SQLite, el servidor compilado. Objetivo a 10.000 × 7 días: ≤ ${GOALS.seconds} s, ≤ ${GOALS.peakMb} MB, p99 < ${GOALS.p99Ms} ms.`);
  const built = spawnSync('npm', ['run', 'build', '-w', 'apps/server', '--silent'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  if (built.status !== 0) throw new Error('npm run build -w apps/server failed');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pantalla-ingest-bench-'));
  try {
    for (const { channels, days } of SIZES) await benchSize(channels, days, dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// The compiled server on a fresh SQLite file, and a synthetic guide sent to it as an operator would: shared by the ingest and guide benchmarks.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createReadStream, createWriteStream, openSync, statSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createGzip } from 'node:zlib';
import { syntheticXmltv } from '../../apps/server/src/modules/ingest/testing';
import { serverEnv } from '../../scripts/server-env.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const DEMO = { email: 'demo@pantalla.test', password: 'demo1234' };

/** Builds the compiled server (a few seconds). */
export function buildServer(): void {
  const built = spawnSync('npm', ['run', 'build', '-w', 'apps/server', '--silent'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (built.status !== 0) throw new Error('npm run build -w apps/server failed');
}

/** The guide as an operator sends it to the admin route: gzip (the route takes at most 256 MB as sent). */
export async function writeGuide(file: string, channels: number, days: number): Promise<{ xmlBytes: number }> {
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
export async function startServer(
  dataDir: string,
  env: Record<string, string> = {},
): Promise<{ child: ChildProcess; port: number }> {
  const port = await freePort();
  // BENCH_CPU_PROF=<dir>: the server (and its threads) write V8 CPU profiles there, to find what a slow run spent.
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  // BENCH_SERVER_FLAGS: more of node's flags for the server (e.g. --trace-gc, which NODE_OPTIONS refuses), split on spaces.
  const flags = process.env.BENCH_SERVER_FLAGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...profile, ...flags, path.join(root, 'apps/server/dist/server.mjs')], {
    cwd: root,
    env: serverEnv({
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      DATA_DIR: dataDir,
      MEDIA_PREPARE: '0',
      LOG_LEVEL: 'warn',
      ...env,
    }),
    // BENCH_SERVER_LOG=<file>: the server's log (warnings and errors) kept there, to see why a request failed.
    stdio: ['ignore', process.env.BENCH_SERVER_LOG ? openSync(process.env.BENCH_SERVER_LOG, 'a') : 'ignore', 'inherit'],
  });
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    const up = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return { child, port };
    await new Promise((r) => setTimeout(r, 500));
  }
  child.kill();
  throw new Error('the server did not answer /healthz within 300 s');
}

/** What an import answers (the contract's ingest report, the figures the benches print). */
export interface UploadReport {
  channels: { created: number; updated: number; unchanged: number };
  programmes: { inserted: number; removed: number; unchanged: number };
}

/** POST /api/v1/admin/ingest/{xmltv|m3u} with the gzip file as it is read from disk: the report. */
export function upload(
  port: number,
  token: string,
  file: string,
  format: 'xmltv' | 'm3u' = 'xmltv',
): Promise<UploadReport> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: `/api/v1/admin/ingest/${format}`,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/gzip',
          'content-length': statSync(file).size,
        },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () =>
          res.statusCode === 200
            ? resolve(JSON.parse(body))
            : reject(new Error(`the import answered ${res.statusCode}: ${body.slice(0, 300)}`)),
        );
      },
    );
    req.on('error', reject);
    createReadStream(file).pipe(req);
  });
}

/** Signs in as the demo admin: its bearer token. */
export async function signIn(port: number): Promise<string> {
  const login = await fetch(`http://127.0.0.1:${port}/api/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ flow: 'password', username: DEMO.email, password: DEMO.password }),
  });
  return ((await login.json()) as { idToken: string }).idToken;
}

/** Stops a server started here. */
export async function stopServer(child: ChildProcess): Promise<void> {
  child.kill('SIGTERM');
  if (child.exitCode === null) await once(child, 'exit');
}

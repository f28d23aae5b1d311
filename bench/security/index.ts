// Security benchmark: requests fuzzed and their 5xx on SQLite and PostgreSQL, body bytes a
// server reads before a 401, how long it holds a 1-byte-a-second body, CPU per hostile body,
// and ordinary requests' p99 while a large guide import runs.
// BENCH_QUICK=1 (or BENCH_SECURITY_QUICK=1) runs a small version for CI.
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createGzip, gzipSync } from 'node:zlib';
import { signIdToken } from '../../apps/server/src/modules/identity/testing';
import { syntheticXmltv } from '../../apps/server/src/modules/ingest/testing';
import { createSecurityContext } from '../../apps/server/test/security/context';
import { FUZZ_GOAL, fuzzBothDatabases } from './fuzz';
import { runRightsBench } from './rights';
import { BENCH_SECRET } from './shared';
import { reportSlowBody } from './slow-body';

const here = path.dirname(fileURLToPath(import.meta.url));
const QUICK = process.env.BENCH_QUICK === '1' || process.env.BENCH_SECURITY_QUICK === '1';
const FUZZ_REQUESTS = Number(process.env.BENCH_FUZZ_REQUESTS ?? (QUICK ? 2_000 : FUZZ_GOAL));
/** Requests in flight at once: PostgreSQL's round trips overlap, so 20,000 take minutes there, not ten. */
const FUZZ_CONCURRENCY = Number(process.env.BENCH_FUZZ_CONCURRENCY ?? 8);
/** How long the slow-body probe waits for the server to let go: past the 30 s goal, bounded. */
const SLOW_BODY_BOUND_MS = QUICK ? 40_000 : 120_000;
/** Full: about a million programmes (9,000 channels × 7 days at ~16 a day); quick: about 11,000. */
const GUIDE = QUICK ? { channels: 100, days: 7 } : { channels: 9_000, days: 7 };

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
const cpuMs = (since: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
};

/** The hostile bodies' CPU, on a SQLite server of its own. */
async function hostileBodiesOnSqlite(): Promise<void> {
  const s = await createSecurityContext('sqlite');
  try {
    await hostileBodies(s);
  } finally {
    await s.ctx.close();
  }
}

/** CPU of the server's own process per hostile body, refused as it is. */
async function hostileBodies(s: Awaited<ReturnType<typeof createSecurityContext>>): Promise<void> {
  const cases: [string, Record<string, string>, string | Buffer][] = [
    [
      '1 MB of nested JSON on /login',
      { 'content-type': 'application/json' },
      '['.repeat(512 * 1024) + ']'.repeat(512 * 1024),
    ],
    ['16 KB of nested JSON on /login', { 'content-type': 'application/json' }, '['.repeat(8000) + ']'.repeat(8000)],
    [
      'gzip bomb, 299 KB → 300 MB',
      { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      gzipSync(Buffer.alloc(300 * 1024 * 1024), { level: 9 }),
    ],
    [
      'gzip bomb under the limit, 12 KB → 12 MB',
      { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      gzipSync(Buffer.alloc(12 * 1024 * 1024), { level: 9 }),
    ],
  ];
  for (const [name, headers, payload] of cases) {
    // The median of five, so the first request's warm-up does not count as the body's cost.
    const costs: number[] = [];
    let status = 0;
    for (let i = 0; i < 5; i++) {
      const since = process.cpuUsage();
      status = (
        await s.ctx.app.inject({ method: 'POST', url: '/api/v1/login', headers, payload, remoteAddress: '203.0.113.9' })
      ).statusCode;
      costs.push(cpuMs(since));
    }
    console.log(
      `CPU for ${name} (${(payload.length / 1024).toFixed(0)} KB sent): ${quantile(
        costs.sort((a, b) => a - b),
        0.5,
      ).toFixed(1)} ms → ${status}`,
    );
  }
}

/** The server child, its port, and the bytes it had read of each upload it refused with 401 (its `read N` lines). */
function startServer(): Promise<{ child: ChildProcess; port: number; reads: number[] }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'serve.ts')], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    const reads: number[] = [];
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const lines = out.split('\n');
      out = lines.pop() ?? '';
      for (const line of lines) {
        const read = /^read (\d+)$/.exec(line.trim());
        if (read) reads.push(Number(read[1]));
        else if (Number(line) > 0) resolve({ child, port: Number(line), reads });
      }
    });
    child.once('exit', (code) => reject(new Error(`server child exited with ${code}`)));
  });
}

/** Writes a 64 MB upload with no token as fast as the socket takes it; answers the bytes written before the 401. */
function bytesBeforeRefusal(port: number): Promise<{ written: number; status: string }> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    const size = 64 * 1024 * 1024;
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    let written = 0;
    let status = '';
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      socket.destroy();
      resolve({ written, status });
    };
    socket.on('data', (data: Buffer) => {
      status ||= data.toString().split('\r\n')[0] ?? '';
      finish();
    });
    socket.on('error', finish);
    socket.on('close', finish);
    socket.once('connect', () => {
      socket.write(
        `POST /api/v1/admin/ingest/xmltv HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/xml\r\nContent-Length: ${size}\r\n\r\n`,
      );
      const pump = () => {
        while (!done && written < size) {
          written += chunk.length;
          if (!socket.write(chunk)) return void socket.once('drain', pump);
        }
      };
      pump();
    });
  });
}

/** A synthetic XMLTV guide, gzipped, and how many programmes it holds. */
async function guide(): Promise<{ body: Buffer; programmes: number }> {
  const gzip = createGzip({ level: 6 });
  const pieces: Buffer[] = [];
  gzip.on('data', (piece: Buffer) => pieces.push(piece));
  const ended = new Promise((r) => gzip.once('end', r));
  let programmes = 0;
  for (const piece of syntheticXmltv({ ...GUIDE, seed: 11 })) {
    for (let i = piece.indexOf('<programme '); i !== -1; i = piece.indexOf('<programme ', i + 1)) programmes++;
    if (!gzip.write(piece)) await new Promise((r) => gzip.once('drain', r));
  }
  gzip.end();
  await ended;
  return { body: Buffer.concat(pieces), programmes };
}

/** p99 of GET /channels every 20 ms while the admin import runs, and without it. */
async function latencyDuringImport(port: number): Promise<void> {
  const base = `http://127.0.0.1:${port}`;
  const now = Math.floor(Date.now() / 1000);
  const token = signIdToken(BENCH_SECRET, { sub: 1, email: 'demo@pantalla.test', ver: 0, iat: now, exp: now + 3600 });
  const headers = { authorization: `Bearer ${token}` };
  const probe = async (whileRunning: () => boolean, minimum: number) => {
    const times: number[] = [];
    while (whileRunning() || times.length < minimum) {
      const t = performance.now();
      await fetch(`${base}/api/v1/channels`, { headers }).then((r) => r.arrayBuffer());
      times.push(performance.now() - t);
      await new Promise((r) => setTimeout(r, 20));
    }
    return times.sort((a, b) => a - b);
  };
  const idle = await probe(() => false, 100);
  const { body, programmes } = await guide();
  let running = true;
  const began = performance.now();
  const importing = fetch(`${base}/api/v1/admin/ingest/xmltv`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/gzip' },
    body: new Uint8Array(body),
  })
    .then(async (r) => `${r.status} ${(await r.text()).slice(0, 160)}`)
    .finally(() => {
      running = false;
    });
  const busy = await probe(() => running, 5);
  const answer = await importing;
  console.log(
    `guide import: ${programmes} programmes (${(body.length / 1024 / 1024).toFixed(1)} MB gzip) in ${((performance.now() - began) / 1000).toFixed(1)} s → ${answer}`,
  );
  console.log(
    `GET /channels p99: ${quantile(idle, 0.99).toFixed(1)} ms idle, ${quantile(busy, 0.99).toFixed(1)} ms during the import (${busy.length} requests, max ${busy[busy.length - 1]?.toFixed(0)} ms)`,
  );
}

export async function runSecurityBench(): Promise<void> {
  console.log(QUICK ? '(quick mode)' : '(full mode; BENCH_QUICK=1 for a short run)');
  await runRightsBench(QUICK);
  await fuzzBothDatabases(FUZZ_REQUESTS, FUZZ_CONCURRENCY);
  await hostileBodiesOnSqlite();
  const { child, port, reads } = await startServer();
  try {
    const refusals = await Promise.all(Array.from({ length: 8 }, () => bytesBeforeRefusal(port)));
    const most = Math.max(...refusals.map((r) => r.written));
    console.log(
      `body bytes written before the 401 (8 parallel 64 MB uploads, no token): at most ${(most / 1024).toFixed(0)} KB each (${refusals[0]?.status})`,
    );
    // The client's figure counts what the kernel's socket buffers took; the server's own count is what it read.
    console.log(
      `bytes the server read of each refused upload, headers included: at most ${reads.length > 0 ? `${(Math.max(...reads) / 1024).toFixed(1)} KB` : 'unknown'} (${reads.length} of 8 reported)`,
    );
    await reportSlowBody(port, SLOW_BODY_BOUND_MS);
    await latencyDuringImport(port);
  } finally {
    child.removeAllListeners('exit');
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }
}

// Playback benchmark: simulated viewers (sessions, heartbeats, licence renewals) against one
// server process, the origin's segment throughput against @fastify/static, and live MPD time.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildLiveMpd, readClipManifest } from '@pantalla/media';
import { loadConfig } from '../../apps/server/src/platform/config';
import { signIdToken } from '../../apps/server/src/modules/identity/testing';
import { ensureDemoMedia } from '../../apps/server/src/modules/origin/testing';
import { load, type LoadResult } from '../catalogue/load';
import { BENCH_SECRET, VIEWER_COUNT_ENV } from './shared';

const here = path.dirname(fileURLToPath(import.meta.url));
/** BENCH_VIEWERS (500), BENCH_PLAYBACK_MS (60000) and BENCH_ORIGIN_MS (5000) shorten a run. */
/** BENCH_QUICK=1 (CI): 100 viewers for 10 s, 2 s of origin throughput. */
const QUICK = process.env.BENCH_QUICK === '1';
const VIEWERS = Number(process.env.BENCH_VIEWERS ?? (QUICK ? 100 : 500));
const DURATION_MS = Number(process.env.BENCH_PLAYBACK_MS ?? (QUICK ? 10_000 : 60_000));
const ORIGIN_MS = Number(process.env.BENCH_ORIGIN_MS ?? (QUICK ? 2000 : 5000));
/** The spec's heartbeat period, shortened only when the whole run is shorter. */
const HEARTBEAT_MS = Math.min(30_000, Math.max(1000, Math.floor(DURATION_MS / 2)));
const ARRIVAL_MS = Math.min(10_000, DURATION_MS / 6);

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
const ms = (v: number) => `${v.toFixed(1)} ms`;
const sleep = (t: number) => new Promise((r) => setTimeout(r, t));

function startChild(args: string[], env: Record<string, string> = {}): Promise<{ child: ChildProcess; port: number }> {
  return new Promise((resolve, reject) => {
    // BENCH_CHILD_NODE_ARGS (e.g. '--cpu-prof') profiles the server child.
    const nodeArgs = (process.env.BENCH_CHILD_NODE_ARGS ?? '').split(' ').filter(Boolean);
    const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', path.join(here, 'serve.ts'), ...args], {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, ...env },
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

/** Resident memory of a process in MiB (Linux /proc). */
function rssMiB(pid: number | undefined): number {
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return Number(kb) / 1024;
  } catch {
    return Number.NaN;
  }
}

class Timings {
  readonly values: number[] = [];
  errors = 0;
  add(v: number): void {
    this.values.push(v);
  }
  line(name: string): string {
    const s = [...this.values].sort((a, b) => a - b);
    return `  ${name.padEnd(16)} n=${String(s.length).padStart(5)}  p50 ${ms(quantile(s, 0.5))}  p95 ${ms(quantile(s, 0.95))}  p99 ${ms(quantile(s, 0.99))}  errors ${this.errors}`;
  }
}

async function timed(t: Timings, fn: () => Promise<Response>, expected: number): Promise<Response | undefined> {
  const started = performance.now();
  try {
    const res = await fn();
    const body = await res.arrayBuffer();
    t.add(performance.now() - started);
    if (res.status !== expected) {
      t.errors++;
      return undefined;
    }
    return new Response(body, { status: res.status, headers: res.headers });
  } catch {
    t.errors++;
    return undefined;
  }
}

async function viewers(): Promise<void> {
  const loadBefore = os.loadavg()[0] ?? 0;
  const server = await startChild(['app'], { [VIEWER_COUNT_ENV]: String(VIEWERS) });
  const base = `http://127.0.0.1:${server.port}`;
  const nowS = Math.floor(Date.now() / 1000);
  const tokenOf = (i: number) =>
    signIdToken(BENCH_SECRET, { sub: i, email: `viewer${i}@bench.test`, ver: 0, iat: nowS, exp: nowS + 7200 });
  // Demo users come first (ids 1 and 2); bench viewers follow.
  const firstId = 3;
  const auth = (i: number) => ({ authorization: `Bearer ${tokenOf(firstId + i)}`, 'content-type': 'application/json' });
  const channels = (await (await fetch(`${base}/api/v1/channels`, { headers: auth(0) })).json()) as {
    resources: { id: number; access: { owned: boolean }; deliveryURL: string | null }[];
  };
  const owned = channels.resources.filter((c) => c.access.owned && c.deliveryURL === null).map((c) => c.id);
  const open = new Timings();
  const mpd = new Timings();
  const licence = new Timings();
  const heartbeat = new Timings();
  let peak = rssMiB(server.child.pid);
  const sampler = setInterval(() => (peak = Math.max(peak, rssMiB(server.child.pid))), 250);
  const began = performance.now();
  const deadline = began + DURATION_MS;

  const viewer = async (i: number) => {
    // Arrivals spread over the first 10 s (or a sixth of a short run), so heartbeats and
    // renewals come in waves as they would from viewers who started at different times.
    await sleep((i / VIEWERS) * ARRIVAL_MS);
    const headers = auth(i);
    const body = JSON.stringify({
      reference: { serviceName: 'bench', type: 'LIVE', id: String(owned[i % owned.length]) },
      streamingProtocol: 'DASH',
      profileId: 0,
      deviceFingerprint: `bench-${i}`,
    });
    const res = await timed(open, () => fetch(`${base}/api/v1/sessions`, { method: 'POST', headers, body }), 201);
    if (!res) return;
    const session = (await res.json()) as { id: string; playInfo: { url: string }; drm: { licenseUrl: string } };
    const manifest = await timed(mpd, () => fetch(session.playInfo.url.replace('http://127.0.0.1', base)), 200);
    const kidHex = /default_KID="([0-9a-f-]+)"/.exec((await manifest?.text()) ?? '')?.[1]?.replace(/-/g, '') ?? '';
    const licenceBody = JSON.stringify({ kids: [Buffer.from(kidHex, 'hex').toString('base64url')], type: 'temporary' });
    const licenceUrl = session.drm.licenseUrl.replace('http://127.0.0.1', base);
    await timed(
      licence,
      () => fetch(licenceUrl, { method: 'POST', headers: { authorization: headers.authorization }, body: licenceBody }),
      200,
    );
    for (let next = performance.now() + HEARTBEAT_MS; next < deadline; next += HEARTBEAT_MS) {
      await sleep(next - performance.now());
      await timed(
        heartbeat,
        () =>
          fetch(`${base}/api/v1/sessions/${session.id}/heartbeat`, {
            method: 'POST',
            headers: { authorization: headers.authorization },
          }),
        200,
      );
      // A licence renewal per period, as a player re-requests keys for a new key session.
      await timed(
        licence,
        () =>
          fetch(licenceUrl, { method: 'POST', headers: { authorization: headers.authorization }, body: licenceBody }),
        200,
      );
    }
    await fetch(`${base}/api/v1/sessions/${session.id}`, {
      method: 'DELETE',
      headers: { authorization: headers.authorization },
    });
  };
  await Promise.all(Array.from({ length: VIEWERS }, (_, i) => viewer(i)));
  clearInterval(sampler);
  const end = rssMiB(server.child.pid);
  await stopChild(server.child);
  const errors = open.errors + mpd.errors + licence.errors + heartbeat.errors;
  console.log(
    `${VIEWERS} viewers for ${(DURATION_MS / 1000).toFixed(0)} s (arriving over ${(ARRIVAL_MS / 1000).toFixed(0)} s; heartbeat and licence renewal every ${(HEARTBEAT_MS / 1000).toFixed(0)} s), one server process on loopback (machine load average at start: ${loadBefore.toFixed(1)}):`,
  );
  console.log(open.line('session open'));
  console.log(mpd.line('live MPD fetch'));
  console.log(licence.line('licence'));
  console.log(heartbeat.line('heartbeat'));
  console.log(`  errors total     ${errors}${errors === 0 ? ' (goal 0: met)' : ' (goal 0: NOT met)'}`);
  console.log(`  server memory    peak ${peak.toFixed(0)} MiB RSS, end ${end.toFixed(0)} MiB RSS`);
}

/**
 * A stream session of the origin child's one bench viewer, for its segment token: the
 * throughput is measured on signed URLs, each request's token and session checked.
 */
async function segmentSession(base: string): Promise<{ renew: () => Promise<string>; token: string }> {
  const nowS = Math.floor(Date.now() / 1000);
  // The child's one bench viewer follows the two demo users.
  const authorization = `Bearer ${signIdToken(BENCH_SECRET, { sub: 3, email: 'viewer0@bench.test', ver: 0, iat: nowS, exp: nowS + 7200 })}`;
  const channels = (await (await fetch(`${base}/api/v1/channels`, { headers: { authorization } })).json()) as {
    resources: { id: number; access: { owned: boolean }; deliveryURL: string | null }[];
  };
  const channel = channels.resources.find((c) => c.access.owned && c.deliveryURL === null)?.id;
  const body = JSON.stringify({
    reference: { serviceName: 'bench', type: 'LIVE', id: String(channel) },
    streamingProtocol: 'DASH',
    profileId: 0,
    deviceFingerprint: 'bench-origin',
  });
  const opened = await fetch(`${base}/api/v1/sessions`, {
    method: 'POST',
    headers: { authorization, 'content-type': 'application/json' },
    body,
  });
  if (opened.status !== 201) throw new Error(`origin bench: session open ${opened.status} ${await opened.text()}`);
  const session = (await opened.json()) as { id: string; segmentToken?: string };
  if (!session.segmentToken) throw new Error('origin bench: the session answered no segment token');
  // A heartbeat per round, as the player's: a fresh token (they live 60 s).
  const renew = async () => {
    const beat = (await (
      await fetch(`${base}/api/v1/sessions/${session.id}/heartbeat`, { method: 'POST', headers: { authorization } })
    ).json()) as { segmentToken?: string };
    return beat.segmentToken ?? '';
  };
  return { renew, token: session.segmentToken };
}

async function originThroughput(mediaDir: string): Promise<void> {
  const origin = await startChild(['app'], { [VIEWER_COUNT_ENV]: '1' });
  const peer = await startChild(['static', mediaDir]);
  try {
    const session = await segmentSession(`http://127.0.0.1:${origin.port}`);
    let token = session.token;
    // The origin serves timeline segments 1..300 (ten loops, rewritten) under a session's signed
    // prefix (token and open session checked on every request); the peer the 30 files as they lie.
    const originUrl = (i: number) =>
      `http://127.0.0.1:${origin.port}/media/a/${token}/s/clip-1/video-720p/${(i % 300) + 1}.m4s`;
    const peerUrl = (i: number) => `http://127.0.0.1:${peer.port}/clip-1/video-720p/${(i % 30) + 1}.m4s`;
    await load(originUrl, {}, 1000, 16);
    await load(peerUrl, {}, 1000, 16);
    // Interleaved rounds, median of each side: a busy machine then slows both alike.
    const rounds = 5;
    const roundMs = ORIGIN_MS / rounds;
    const originRuns: LoadResult[] = [];
    const peerRuns: LoadResult[] = [];
    for (let r = 0; r < rounds; r++) {
      token = await session.renew();
      originRuns.push(await load(originUrl, {}, roundMs, 16, 10_000_000));
      peerRuns.push(await load(peerUrl, {}, roundMs, 16, 10_000_000));
    }
    const median = (xs: LoadResult[]) => [...xs].sort((a, b) => a.rps - b.rps)[Math.floor(xs.length / 2)] as LoadResult;
    const o = median(originRuns);
    const p = median(peerRuns);
    const mbps = (x: LoadResult) => ((x.bytes * 8) / 1e6 / (roundMs / 1000)).toFixed(0);
    const errors = [...originRuns, ...peerRuns].reduce((n, x) => n + x.errors, 0);
    const ratio = o.rps / p.rps;
    console.log(
      `Segment throughput (720p segments, 16 connections, ${rounds} interleaved rounds of ${(roundMs / 1000).toFixed(1)} s, medians):`,
    );
    console.log(
      `  origin (signed)   ${o.rps.toFixed(0)} req/s, ${mbps(o)} Mbit/s, p95 ${ms(o.p95)}  (each request: segment token and session checked)`,
    );
    console.log(`  @fastify/static   ${p.rps.toFixed(0)} req/s, ${mbps(p)} Mbit/s, p95 ${ms(p.p95)}`);
    console.log(
      `  ratio             ${ratio.toFixed(2)} (goal ≥ 0.8: ${ratio >= 0.8 ? 'met' : 'NOT met'}), errors ${errors}`,
    );
  } finally {
    await stopChild(origin.child);
    await stopChild(peer.child);
  }
}

async function liveMpdTime(mediaDir: string): Promise<void> {
  const clip = await readClipManifest(mediaDir, 'clip-1');
  const options = {
    clip,
    urls: { baseUrl: 'http://127.0.0.1/media/s/clip-1/', licenseUrl: 'http://127.0.0.1/api/v1/drm/clearkey/abc' },
    utcTiming: { url: 'http://127.0.0.1/media/time' },
  };
  for (let i = 0; i < 500; i++) buildLiveMpd({ ...options, nowMs: Date.now() });
  const times: number[] = [];
  for (let i = 0; i < 5000; i++) {
    const t0 = performance.now();
    buildLiveMpd({ ...options, nowMs: Date.now() });
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  console.log(
    `Live MPD generation (5000 builds): p50 ${(quantile(times, 0.5) * 1000).toFixed(0)} µs, p99 ${(quantile(times, 0.99) * 1000).toFixed(0)} µs`,
  );
}

/** The playback benchmark. */
export async function runPlaybackBench(): Promise<void> {
  const cfg = loadConfig({ DATA_DIR: path.join(here, '../results'), LOG_LEVEL: 'silent' }).media;
  await ensureDemoMedia(cfg);
  await viewers();
  await originThroughput(cfg.mediaDir);
  await liveMpdTime(cfg.mediaDir);
}

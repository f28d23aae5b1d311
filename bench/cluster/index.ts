// Cluster benchmark (issue 19): how many viewers each server process carries while the p99
// of session requests (open, heartbeat) and of licences stays within 50 ms, with one and
// with three processes on one PostgreSQL behind nginx; the ratio says whether it scales.
// Then the hit ratio of nginx's cache (the CDN stand-in) for segments.
import { existsSync } from 'node:fs';
import os from 'node:os';
import pg from 'pg';
import { nginxAvailable, SERVER_ENTRY, seedDemo, startCluster, type RunningCluster } from '../../scripts/cluster.mjs';
import { createScratchPostgres, pgReachable } from '../../apps/server/test/databases';
import { call, openSession, rebase, segmentUrls } from '../../apps/server/test/cluster/client';
import { signIdToken } from '../../apps/server/src/modules/identity/testing';

/** BENCH_CLUSTER_QUICK=1: small steps and short runs (CI); BENCH_CLUSTER_PORT moves the ports. */
const QUICK = process.env.BENCH_QUICK === '1' || process.env.BENCH_CLUSTER_QUICK === '1';
const PORT = Number(process.env.BENCH_CLUSTER_PORT ?? 8325);
/** Requests per second per process tried in turn, until a step misses the goal. */
const STEPS = QUICK ? [20, 40, 80] : [25, 50, 100, 200, 400, 800];
const STEADY_MS = QUICK ? 3000 : 10_000;
const GOAL_P99_MS = 50;
/** A viewer's heartbeat and licence renewal each come once per spec period (30 s). */
const PERIOD_MS = 30_000;
/** Viewers that one request per second carries: two requests per viewer per period. */
const VIEWERS_PER_RATE = PERIOD_MS / 1000 / 2;
/**
 * Viewers playing before the steps begin: enough that no session asks for more than one
 * licence a second at the highest step (the licence throttle allows 10 in 10 s per session).
 */
const warmViewers = (processes: number) => 64 + Math.ceil(0.5 * (STEPS.at(-1) ?? 0) * processes);

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

class Timings {
  readonly values: number[] = [];
  errors = 0;
  p99(): number {
    return quantile(
      [...this.values].sort((a, b) => a - b),
      0.99,
    );
  }
  async time(request: () => Promise<{ status: number }>, expected: number): Promise<void> {
    const started = performance.now();
    const answer = await request().catch(() => ({ status: 0 }));
    this.values.push(performance.now() - started);
    if (answer.status !== expected) this.errors++;
  }
}

interface Viewer {
  token: string;
  session?: { id: string; licenceUrl: string };
}

/** Basic-package viewers made in the database directly: the bench signs their tokens itself. */
async function makeViewers(databaseUrl: string, secret: string, count: number): Promise<Viewer[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const now = Date.now();
    const { rows } = await client.query<{ id: number }>(
      `insert into users (email, password_hash, name, surname, region_id, channel_order, token_version, created_at)
       select 'viewer' || n || '@bench.test', 'x', 'Viewer', n::text, 1, '[]', 0, $1 from generate_series(1, $2) as n returning id`,
      [now, count],
    );
    await client.query(
      `insert into entitlements (user_id, package_id, starts_at, ends_at, source, created_at) select id, 1, 0, null, 'bench', $1 from users where email like '%@bench.test'`,
      [now],
    );
    const s = Math.floor(now / 1000);
    return rows.map((r) => ({
      token: signIdToken(secret, { sub: r.id, email: `viewer${r.id}@bench.test`, ver: 0, iat: s, exp: s + 7200 }),
    }));
  } finally {
    await client.end();
  }
}

async function licenceBody(base: string, viewer: Viewer, mpdUrl: string): Promise<string> {
  const mpd = await call(rebase(mpdUrl, base), { headers: { authorization: `Bearer ${viewer.token}` } });
  const kid = /default_KID="([0-9a-f-]+)"/.exec(mpd.body)?.[1]?.replace(/-/g, '') ?? '';
  return JSON.stringify({ kids: [Buffer.from(kid, 'hex').toString('base64url')], type: 'temporary' });
}

interface Playing extends Viewer {
  session: { id: string; licenceUrl: string };
}

/** Opens a viewer's session (timed into `t` when given); the viewer plays once it answers. */
async function open(base: string, v: Viewer, n: number, t?: Timings): Promise<{ mpdUrl: string } | undefined> {
  const started = performance.now();
  const answer = await openSession(base, v.token, 'LIVE', 1, `bench-${n}`).catch(() => undefined);
  t?.values.push(performance.now() - started);
  if (answer?.status !== 201) {
    if (t) t.errors++;
    return undefined;
  }
  const opened = answer.json<{ id: string; playInfo: { url: string }; drm: { licenseUrl: string } }>();
  v.session = { id: opened.id, licenceUrl: rebase(opened.drm.licenseUrl, base) };
  return { mpdUrl: opened.playInfo.url };
}

/**
 * One step: requests leave on schedule at `perSecond` whether or not earlier ones have
 * answered (open loop). A tenth are session opens of new viewers, the rest heartbeats and
 * licence renewals of the viewers playing.
 */
async function step(
  base: string,
  fresh: Viewer[],
  playing: Playing[],
  body: string,
  perSecond: number,
  ms: number,
): Promise<{ sessions: Timings; licences: Timings }> {
  const sessions = new Timings();
  const licences = new Timings();
  const total = Math.max(1, Math.round((perSecond * ms) / 1000));
  const pending: Promise<void>[] = [];
  const began = performance.now();
  for (let i = 0; i < total; i++) {
    const wait = began + (i * ms) / total - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    const next = i % 10 === 0 ? fresh.pop() : undefined;
    if (next) {
      pending.push(open(base, next, i, sessions).then((ok) => void (ok && playing.push(next as Playing))));
      continue;
    }
    const v = playing[i % playing.length] as Playing;
    const auth = { authorization: `Bearer ${v.token}` };
    pending.push(
      i % 2 === 0
        ? sessions.time(
            () => call(`${base}/api/v1/sessions/${v.session.id}/heartbeat`, { method: 'POST', headers: auth }),
            200,
          )
        : licences.time(() => call(v.session.licenceUrl, { method: 'POST', headers: auth, body }), 200),
    );
  }
  await Promise.all(pending);
  return { sessions, licences };
}

/** The first viewers start playing (not measured: it also warms every process up). */
async function warmUp(cluster: RunningCluster, viewers: Viewer[]): Promise<{ playing: Playing[]; body: string }> {
  const playing: Playing[] = [];
  let mpdUrl = '';
  for (let i = 0; i < viewers.length; i += 8) {
    await Promise.all(
      viewers.slice(i, i + 8).map(async (v, j) => {
        const opened = await open(cluster.url, v, i + j);
        if (!opened) return;
        playing.push(v as Playing);
        mpdUrl ||= opened.mpdUrl;
      }),
    );
  }
  const first = playing[0];
  if (!first) throw new Error('no viewer could open a session');
  return { playing, body: await licenceBody(cluster.url, first, mpdUrl) };
}

/** The highest request rate per process whose p99s stay within the goal, as viewers, for `processes` processes. */
async function capacity(processes: number): Promise<number> {
  const scratch = await createScratchPostgres('pantalla_bench_cluster');
  let cluster: RunningCluster | undefined;
  try {
    cluster = await startCluster({
      databaseUrl: scratch.url,
      port: PORT,
      processes,
      env: { ...process.env, LOG_LEVEL: 'error' },
    });
    seedDemo(cluster.env);
    const opensNeeded = [STEPS[0] ?? 0, ...STEPS].reduce(
      (n, rate) => n + Math.ceil((rate * processes * STEADY_MS) / 10_000) + 1,
      0,
    );
    const fresh = await makeViewers(
      scratch.url,
      cluster.env.AUTH_SECRET as string,
      warmViewers(processes) + opensNeeded,
    );
    const { playing, body } = await warmUp(cluster, fresh.splice(0, warmViewers(processes)));
    await step(cluster.url, fresh, playing, body, (STEPS[0] ?? 10) * processes, Math.min(STEADY_MS, 2000));
    let best = 0;
    for (const rate of STEPS) {
      const { sessions, licences } = await step(cluster.url, fresh, playing, body, rate * processes, STEADY_MS);
      const met =
        sessions.p99() <= GOAL_P99_MS && licences.p99() <= GOAL_P99_MS && sessions.errors + licences.errors === 0;
      console.log(
        `  ${processes} process${processes > 1 ? 'es' : ' '} at ${String(rate).padStart(4)} req/s each (≈ ${String(rate * VIEWERS_PER_RATE).padStart(5)} viewers each): sessions p99 ${sessions.p99().toFixed(1)} ms (n=${sessions.values.length}, errors ${sessions.errors}), licences p99 ${licences.p99().toFixed(1)} ms (n=${licences.values.length}, errors ${licences.errors}) ${met ? 'within' : 'OVER'} ${GOAL_P99_MS} ms`,
      );
      if (!met) break;
      best = rate;
    }
    if (processes > 1) await cdnHitRatio(cluster, playing[0] as Viewer);
    return best * VIEWERS_PER_RATE;
  } finally {
    await cluster?.stop();
    await scratch.drop();
  }
}

/** Segment requests through nginx: the first round fills the cache, the next four should hit it. */
async function cdnHitRatio(cluster: RunningCluster, viewer: Viewer): Promise<void> {
  const opened = await openSession(cluster.url, viewer.token, 'LIVE', 1, 'bench-cdn');
  const mpdUrl = rebase(opened.json<{ playInfo: { url: string } }>().playInfo.url, cluster.url);
  const urls = segmentUrls((await call(mpdUrl)).body, mpdUrl, 1, 30);
  const count = { hit: 0, all: 0, warmHit: 0, warmAll: 0 };
  for (let round = 0; round < 5; round++) {
    for (let i = 0; i < urls.length; i += 16) {
      const answers = await Promise.all(urls.slice(i, i + 16).map((url) => call(url)));
      for (const a of answers) {
        const hit = a.headers.get('x-cache-status') === 'HIT';
        count.all++;
        if (hit) count.hit++;
        if (round > 0) {
          count.warmAll++;
          if (hit) count.warmHit++;
        }
      }
    }
  }
  const warm = count.warmHit / Math.max(1, count.warmAll);
  console.log(
    `  CDN (nginx proxy cache), ${urls.length} segments × 5 rounds: hit ratio ${((100 * count.hit) / count.all).toFixed(1)} % overall, ${(100 * warm).toFixed(1)} % after warm-up (goal ≥ 95 %: ${warm >= 0.95 ? 'met' : 'NOT met'})`,
  );
}

/** The cluster benchmark. */
export async function runClusterBench(): Promise<void> {
  const missing = !(await pgReachable())
    ? 'no PostgreSQL at 127.0.0.1:5432'
    : !nginxAvailable()
      ? 'nginx is not installed'
      : !existsSync(SERVER_ENTRY)
        ? 'no compiled server (npm run build)'
        : undefined;
  if (missing) {
    console.log(`Skipped: ${missing}.`);
    return;
  }
  console.log(
    `Viewers per process at p99 ≤ ${GOAL_P99_MS} ms: the request rate a process sustains (a tenth session opens, the rest heartbeats and licence renewals, open loop, ${STEADY_MS / 1000} s per step${QUICK ? ', quick mode' : ''}), as viewers who each send a heartbeat and a licence renewal every ${PERIOD_MS / 1000} s:`,
  );
  const one = await capacity(1);
  const three = await capacity(3);
  const lowest = (STEPS[0] ?? 0) * VIEWERS_PER_RATE;
  const viewers = (n: number) =>
    n > 0 ? `${n} viewers` : `fewer than ${lowest} viewers (the first step missed the goal)`;
  console.log(
    `  one process: ${viewers(one)}; three processes: ${viewers(three)} each${three > 0 ? ` (${three * 3} in all)` : ''}`,
  );
  console.log(
    `  ratio (three processes' total / one process): ${one > 0 && three > 0 ? ((three * 3) / one).toFixed(2) : 'n/a'} (on ${os.cpus().length} cores, load average at the end ${os.loadavg()[0]?.toFixed(1)})`,
  );
}

import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { NUM_DEVICES, PLAYBACK_REFUSAL } from '@pantalla/contracts';
import {
  nginxAvailable,
  SERVER_ENTRY,
  seedDemo,
  startCluster,
  startProcess,
  type RunningCluster,
} from '../../../../scripts/cluster.mjs';
import { REFRESH_GRACE_MS } from '../../src/modules/identity/testing';
import { createScratchPostgres, pgReachable } from '../databases';
import {
  BASICO,
  call,
  DEMO,
  heartbeat,
  openSession,
  rebase,
  refresh,
  refreshCookie,
  resetSessions,
  segmentUrls,
  signIn,
  waitFor,
  type Answer,
} from './client';

/**
 * Three compiled server processes on one PostgreSQL database behind nginx (issue 19):
 * what one process does, the others see; scheduled and one-off work runs once; a killed
 * process loses nothing but its in-flight requests; nginx's cache serves the segments.
 */
const PORT = Number(process.env.CLUSTER_TEST_PORT ?? 8330);
const PROCESSES = 3;

async function whyNot(): Promise<string | undefined> {
  if (!(await pgReachable())) return 'no PostgreSQL answers at 127.0.0.1:5432 (TEST_DATABASE_URL)';
  if (!nginxAvailable()) return 'nginx is not installed (apt-get install -y nginx; .ci/run installs it)';
  if (!existsSync(SERVER_ENTRY)) return 'the compiled server is missing (npm run build)';
  return undefined;
}
const skipped = await whyNot();
if (skipped) console.log(`\n[cluster suite] SKIPPED: ${skipped}\n`);

const errorData = (a: Answer) => a.json<{ data?: unknown }>().data;

describe.skipIf(skipped !== undefined)(`${PROCESSES} server processes on one PostgreSQL behind nginx`, () => {
  let scratch: { url: string; drop(): Promise<void> };
  let cluster: RunningCluster;
  let direct: string[];
  let proxy: string;

  beforeAll(async () => {
    scratch = await createScratchPostgres('pantalla_cluster');
    // All three start together on an empty database: the migrations are theirs to race for.
    cluster = await startCluster({
      databaseUrl: scratch.url,
      port: PORT,
      processes: PROCESSES,
      env: { ...process.env, ADMIN_EMAILS: DEMO.username, LOG_LEVEL: 'warn' },
    });
    direct = cluster.servers.map((s) => s.url);
    proxy = cluster.url;
    // The demo (accounts, catalogue, media) comes from a fourth process, as an operator would run it.
    seedDemo(cluster.env);
  }, 600_000);

  afterAll(async () => {
    await cluster?.stop();
    await scratch?.drop();
  }, 60_000);

  const processOf = (i: number) => direct[i % direct.length] as string;

  it('runs the migrations once when the three start together', async () => {
    const applied = cluster.servers.map((s) => /(\d+) migraciones aplicadas/.exec(s.output)?.[1]);
    expect(applied.filter((n) => n !== undefined)).toHaveLength(1);
    const client = new pg.Client({ connectionString: scratch.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ name: string; n: number }>(
        'select name, count(*)::int as n from kysely_migration group by name',
      );
      expect(rows.length).toBe(Number(applied.find((n) => n !== undefined)));
      expect(rows.every((r) => r.n === 1)).toBe(true);
    } finally {
      await client.end();
    }
  });

  it(`lets exactly ${NUM_DEVICES} of 20 simultaneous opens through when they land on different processes`, async () => {
    const { idToken } = await signIn(proxy, DEMO);
    expect((await resetSessions(proxy, idToken)).status).toBe(204);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => openSession(processOf(i), idToken, 'LIVE', 1, `device-${i}`)),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(NUM_DEVICES);
    for (const refused of answers.filter((a) => a.status !== 201)) {
      expect(refused.status).toBe(409);
      expect(errorData(refused)).toBe(PLAYBACK_REFUSAL.tooManySessions);
    }
    await resetSessions(proxy, idToken);
  });

  it('licenses a session opened on one process on every other', async () => {
    const { idToken } = await signIn(proxy, BASICO);
    await resetSessions(proxy, idToken);
    const opened = await openSession(processOf(0), idToken, 'LIVE', 1);
    expect(opened.status, opened.body).toBe(201);
    const session = opened.json<{ playInfo: { url: string }; drm: { licenseUrl: string } }>();
    const mpd = await call(rebase(session.playInfo.url, processOf(1)));
    const kid = /default_KID="([0-9a-f-]+)"/.exec(mpd.body)?.[1]?.replace(/-/g, '') ?? '';
    const body = JSON.stringify({ kids: [Buffer.from(kid, 'hex').toString('base64url')], type: 'temporary' });
    for (const base of direct) {
      const licence = await call(rebase(session.drm.licenseUrl, base), {
        method: 'POST',
        headers: { authorization: `Bearer ${idToken}` },
        body,
      });
      expect(licence.status, licence.body).toBe(200);
      expect(licence.json<{ keys: unknown[] }>().keys).toHaveLength(1);
    }
    await resetSessions(proxy, idToken);
  });

  it(
    'rotates refresh tokens across processes, with one grace for two tabs and reuse detection after it',
    async () => {
      // The same token traded in on every process at once (tabs of one browser): each gets the
      // same new token (the grace; never a new member of the family), and that one rotates on.
      const fresh = await signIn(processOf(0), BASICO);
      const race = await Promise.all(Array.from({ length: 6 }, (_, i) => refresh(processOf(i), fresh.cookie)));
      expect(race.map((a) => a.status)).toEqual(Array(6).fill(200));
      const [shared, ...others] = race.map(refreshCookie);
      expect(new Set(others)).toEqual(new Set([shared]));
      expect((await refresh(processOf(1), shared ?? '')).status).toBe(200);

      // Rotated on one process, replayed on another once the grace is over: the family ends.
      const first = await signIn(processOf(0), BASICO);
      const rotated = await refresh(processOf(1), first.cookie);
      expect(rotated.status).toBe(200);
      const second = refreshCookie(rotated);
      let replay: Answer | undefined;
      await waitFor(
        async () => {
          // Within REFRESH_GRACE_MS the replay still gets the family's newest token; past it, the refusal.
          replay = await refresh(processOf(2), first.cookie);
          return replay.status === 401;
        },
        REFRESH_GRACE_MS + 10_000,
        'the replay refused once the grace is over',
        500,
      );
      expect(errorData(replay as Answer)).toEqual({ reason: 'reused' });
      expect((await refresh(processOf(0), second)).status).toBe(401);
    },
    REFRESH_GRACE_MS + 40_000,
  );

  it('shows an import made through one process on the others within a second', async () => {
    const { idToken } = await signIn(proxy, DEMO);
    const channelsAt = async (base: string) =>
      (await call(`${base}/api/v1/channels`, { headers: { authorization: `Bearer ${idToken}` } })).json<{
        resources: { name: string }[];
      }>().resources;
    // Every process has just read (and cached) the channel list.
    for (const base of direct) expect((await channelsAt(base)).some((c) => c.name === 'Canal del Clúster')).toBe(false);
    const m3u =
      '#EXTM3U\n#EXTINF:-1 tvg-id="cluster.tv" group-title="Importados",Canal del Clúster\nhttps://cdn.example/cluster/index.m3u8\n';
    const imported = await call(`${processOf(0)}/api/v1/admin/ingest/m3u`, {
      method: 'POST',
      headers: { authorization: `Bearer ${idToken}`, 'content-type': 'text/plain' },
      body: m3u,
    });
    expect(imported.status, imported.body).toBe(200);
    for (const base of direct.slice(1)) {
      const took = await waitFor(
        async () => (await channelsAt(base)).some((c) => c.name === 'Canal del Clúster'),
        1000,
        `the import seen at ${base}`,
      );
      expect(took).toBeLessThan(1000);
    }
  });

  it('ends on every process the stream sessions a reset through one process closed', async () => {
    const { idToken } = await signIn(proxy, BASICO);
    await resetSessions(proxy, idToken);
    const opened = await openSession(processOf(1), idToken, 'LIVE', 1);
    expect(opened.status, opened.body).toBe(201);
    const id = opened.json<{ id: string }>().id;
    for (const base of direct) expect((await heartbeat(base, idToken, id)).status).toBe(200);
    expect((await resetSessions(processOf(2), idToken)).status).toBe(204);
    for (const base of direct) {
      await waitFor(async () => (await heartbeat(base, idToken, id)).status === 404, 1000, `the reset seen at ${base}`);
    }
  });

  describe("nginx's cache in front of the origin (a CDN)", () => {
    let token: string;
    let mpdUrl: string;
    beforeAll(async () => {
      token = (await signIn(proxy, DEMO)).idToken;
      await resetSessions(proxy, token);
      const opened = await openSession(proxy, token, 'VOD', await firstFilm(scratch.url));
      expect(opened.status, opened.body).toBe(201);
      mpdUrl = rebase(opened.json<{ playInfo: { url: string } }>().playInfo.url, proxy);
    });
    afterAll(async () => void (await resetSessions(proxy, token)));

    it('answers segment requests from the cache (at least 95 % after warm-up)', async () => {
      const mpd = await call(mpdUrl);
      expect(mpd.status).toBe(200);
      const urls = segmentUrls(mpd.body, mpdUrl, 1, 10);
      expect(urls.length).toBeGreaterThanOrEqual(20);
      for (const url of urls) expect((await call(url)).status).toBe(200);
      const statuses: string[] = [];
      for (let round = 0; round < 5; round++) {
        const answers = await Promise.all(urls.map((url) => call(url)));
        for (const a of answers) {
          expect(a.status).toBe(200);
          statuses.push(a.headers.get('x-cache-status') ?? 'NONE');
        }
      }
      const ratio = statuses.filter((s) => s === 'HIT').length / statuses.length;
      expect(ratio).toBeGreaterThanOrEqual(0.95);
    });

    it('checks segment tokens as a CDN would: nginx refuses forged, expired and missing ones without the origin; the cache is shared by every session', async () => {
      const { signSegmentToken } = await import('../../src/modules/origin');
      const mpd = await call(mpdUrl);
      const [url] = segmentUrls(mpd.body, mpdUrl, 3, 3);
      const signed = /\/media\/a\/([\w-]+)\.(\d+)\.([\w-]+)(\/s\/.+)$/.exec(new URL(url as string).pathname);
      expect(signed, url).not.toBeNull();
      const [, sid, exp, , file] = signed as unknown as [string, string, string, string, string];
      expect((await call(url as string)).status).toBe(200);
      const secret = cluster.env.SEGMENT_URL_SECRET as string;
      const at = (token: string) => `${proxy}/media/a/${token}${file}`;
      // nginx's own refusal (no cache status: the origin never saw it).
      for (const token of [
        `${sid}.${Number(exp) + 600}.${'A'.repeat(22)}`,
        signSegmentToken(secret, sid, Math.floor(Date.now() / 1000) - 1),
        'junk',
      ]) {
        const refused = await call(at(token));
        expect(refused.status, token).toBe(403);
        expect(refused.headers.get('x-cache-status')).toBeNull();
      }
      // Without a token: the origin refuses any stream's file at once.
      expect((await call(`${proxy}/media${file}`)).status).toBe(401);
      // Another session's good token is served the same cached file.
      const shared = await call(at(signSegmentToken(secret, 'another-session', Math.floor(Date.now() / 1000) + 60)));
      expect(shared.status).toBe(200);
      expect(shared.headers.get('x-cache-status')).toBe('HIT');
    });

    it('serves byte ranges of segments, cached or not', async () => {
      const mpd = await call(mpdUrl);
      const [url] = segmentUrls(mpd.body, mpdUrl, 20, 20);
      const whole = Buffer.from(await (await fetch(url as string)).arrayBuffer());
      const [other] = segmentUrls(mpd.body, mpdUrl, 21, 21);
      for (const target of [url as string, other as string]) {
        const res = await fetch(target, { headers: { range: 'bytes=100-199' } });
        expect(res.status).toBe(206);
        expect(res.headers.get('content-range')).toMatch(/^bytes 100-199\/\d+$/);
        const part = Buffer.from(await res.arrayBuffer());
        expect(part.length).toBe(100);
        if (target === url) expect(part.equals(whole.subarray(100, 200))).toBe(true);
      }
    });

    it('never answers a live manifest from the cache past its update period, and keeps signed manifests per session', async () => {
      const live = await openSession(proxy, token, 'LIVE', 1, 'live-a');
      expect(live.status, live.body).toBe(201);
      const liveUrl = rebase(live.json<{ playInfo: { url: string } }>().playInfo.url, proxy);
      const publishTime = (body: string) => /publishTime="([^"]+)"/.exec(body)?.[1];
      const firstAnswer = await call(liveUrl);
      expect(firstAnswer.status).toBe(200);
      // A second later the proxy hands out the newer manifest, not the one it saw.
      await waitFor(
        async () => {
          const again = await call(liveUrl);
          expect(again.headers.get('x-cache-status')).not.toBe('HIT');
          return publishTime(again.body) !== publishTime(firstAnswer.body);
        },
        5000,
        'a newer live manifest through the proxy',
      );
      // Another session's signed manifest names its own licence URL, never the first one's.
      await resetSessions(proxy, token);
      const other = await openSession(proxy, token, 'LIVE', 1, 'live-b');
      const otherBody = await call(rebase(other.json<{ playInfo: { url: string } }>().playInfo.url, proxy));
      const sid = (body: string) => /clearkey\/([\w-]+)/.exec(body)?.[1];
      expect(sid(otherBody.body)).toBe(other.json<{ id: string }>().id);
      expect(sid(otherBody.body)).not.toBe(live.json<{ id: string }>().id);
    });
  });

  it('loses no session when one process is killed under load; only its in-flight requests fail', async () => {
    const viewers = await Promise.all([signIn(proxy, DEMO), signIn(proxy, BASICO)]);
    const sessions: { token: string; id: string }[] = [];
    for (const v of viewers) {
      await resetSessions(proxy, v.idToken);
      for (let i = 0; i < NUM_DEVICES; i++) {
        const opened = await openSession(proxy, v.idToken, 'LIVE', 1, `load-${i}`);
        expect(opened.status, opened.body).toBe(201);
        sessions.push({ token: v.idToken, id: opened.json<{ id: string }>().id });
      }
    }
    const WORKERS = 8;
    const PER_WORKER = 60;
    const results: { ok: boolean; at: number }[] = [];
    let killedAt = Number.POSITIVE_INFINITY;
    const victim = cluster.servers[0];
    const worker = async (w: number) => {
      for (let i = 0; i < PER_WORKER; i++) {
        const s = sessions[(w + i) % sessions.length] as { token: string; id: string };
        const request =
          i % 2 === 0
            ? heartbeat(proxy, s.token, s.id)
            : call(`${proxy}/api/v1/channels`, { headers: { authorization: `Bearer ${s.token}` } });
        const ok = await request.then(
          (a) => a.status === 200,
          () => false,
        );
        results.push({ ok, at: performance.now() });
        if (results.length === 120 && victim) {
          killedAt = performance.now();
          victim.kill('SIGKILL');
        }
      }
    };
    await Promise.all(Array.from({ length: WORKERS }, (_, w) => worker(w)));
    await victim?.exited;
    const failed = results.filter((r) => !r.ok);
    console.log(
      `[cluster suite] kill -9 of one process under load: ${failed.length} of ${results.length} requests failed`,
    );
    // At most the requests the dead process held when it died (one per worker).
    expect(failed.length).toBeLessThanOrEqual(WORKERS);
    expect(failed.every((r) => r.at >= killedAt)).toBe(true);
    // Every stream session and sign-in still holds, through the processes left.
    for (const s of sessions) expect((await heartbeat(proxy, s.token, s.id)).status).toBe(200);
    for (const v of viewers) expect((await refresh(proxy, v.cookie)).status).toBe(200);
    // The process comes back and takes its share again.
    if (victim) {
      const back = startProcess(victim.port, cluster.env);
      cluster.servers[0] = back;
      await back.ready;
      expect((await call(`${back.url}/healthz`)).status).toBe(200);
    }
  }, 120_000);
});

/** A film any demo account's viewer may open without a PIN (the demo account owns every package). */
async function firstFilm(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: number }>('select id from films where parental <> 7 order by id limit 1');
    if (!rows[0]) throw new Error('no film in the demo catalogue');
    return rows[0].id;
  } finally {
    await client.end();
  }
}

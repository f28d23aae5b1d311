// Player benchmark: time to first frame (Shaka's timeToFirstFrame) of a film, a live channel
// and a catch-up programme, and zap time (key press to the next channel's first frame), for
// our player and for Shaka Player with its default configuration on the same streams, in
// headless Debian Chromium against one server on loopback.
import { spawn, execSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from 'playwright-core';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const require = createRequire(import.meta.url);
const SHAKA = require.resolve('shaka-player/dist/shaka-player.compiled.js', { paths: [path.join(root, 'apps/web')] });
/** BENCH_PLAYER_RUNS (5): loads per stream and zaps per player. */
const RUNS = Number(process.env.BENCH_PLAYER_RUNS ?? (process.env.BENCH_QUICK === '1' ? 2 : 5));
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const DEMO = { email: 'demo@pantalla.test', password: 'demo1234' };

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? Number.NaN : (sorted[Math.floor((sorted.length - 1) / 2)] as number);
};
const ms = (v: number) => `${v.toFixed(0)} ms`;

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.once('error', reject);
  });
}

export async function startServer(port: number): Promise<ChildProcess> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pantalla-bench-player-'));
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/server.ts')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      PUBLIC_URL: `http://localhost:${port}`,
    },
  });
  for (let i = 0; i < 600; i += 1) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`http://localhost:${port}/healthz`)).ok) return child;
    } catch {
      // Not listening yet (the first start prepares the demo media).
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  child.kill('SIGTERM');
  throw new Error('the server did not start');
}

/** The /emplayer/ address, as the app's codec writes it. */
export const emplayer = (fields: (string | number | null)[]) =>
  `/emplayer/${encodeURIComponent(Buffer.from(fields.map((f) => encodeURIComponent(f === null ? 'null' : String(f))).join(';')).toString('base64'))}`;

export interface Api {
  token: string;
  base: string;
}
export async function signIn(base: string): Promise<Api> {
  const response = await fetch(`${base}/api/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ flow: 'password', username: DEMO.email, password: DEMO.password, rememberMe: false }),
  });
  return { token: ((await response.json()) as { idToken: string }).idToken, base };
}
export const authed = (api: Api, init: RequestInit = {}) => ({
  ...init,
  headers: { authorization: `Bearer ${api.token}` },
});
export async function resetSessions(api: Api): Promise<void> {
  const response = await fetch(`${api.base}/api/v1/sessions/reset`, authed(api, { method: 'POST' }));
  if (response.status !== 204) throw new Error(`session reset answered ${response.status}`);
}

interface Stream {
  name: string;
  type: 'VOD' | 'LIVE' | 'CUTV';
  id: number;
  href: string;
  start: number | null;
}

async function streams(api: Api): Promise<Stream[]> {
  const now = Date.now();
  const events = (await (
    await fetch(`${api.base}/api/v1/events?startTime=${now - 12 * 3600_000}&endTime=${now}&channelId=1`, authed(api))
  ).json()) as { resources: { id: number; endTime: number }[] };
  const ended = events.resources.filter((e) => e.endTime < now - 60_000);
  const programme = ended[ended.length - 1];
  if (!programme) throw new Error('no ended programme on channel 1');
  return [
    { name: 'film', type: 'VOD', id: 1003, href: emplayer([1003, 'Película', 'VOD', 2, null, 0, 0]), start: 0 },
    {
      name: 'live channel',
      type: 'LIVE',
      id: 1,
      href: emplayer([1, 'Pantalla Uno', 'LIVE', 2, 1, null, 0]),
      start: null,
    },
    { name: 'catch-up', type: 'CUTV', id: programme.id, href: emplayer([1, '', 'CU', 2, programme.id]), start: 0 },
  ];
}

/** Waits for the app's 'pantalla:first-frame' mark after `since` (page time) and returns it. */
export async function firstFrameMark(
  page: Page,
  since: number,
): Promise<{ startTime: number; timeToFirstFrame: number }> {
  const handle = await page.waitForFunction(
    (after) => {
      const marks = performance.getEntriesByName('pantalla:first-frame') as unknown as {
        startTime: number;
        detail: unknown;
      }[];
      const mark = marks.find((m) => m.startTime > after);
      return mark
        ? {
            startTime: mark.startTime,
            timeToFirstFrame: (mark.detail as { timeToFirstFrame: number }).timeToFirstFrame,
          }
        : null;
    },
    since,
    { timeout: 30_000, polling: 16 },
  );
  return (await handle.jsonValue()) as { startTime: number; timeToFirstFrame: number };
}

async function ourPlayer(
  page: Page,
  api: Api,
  list: Stream[],
): Promise<{ ttff: Record<string, number[]>; zaps: number[]; zapsOverNetwork: number[] }> {
  await page.goto(`${api.base}/`);
  await page.getByLabel('Correo electrónico').fill(DEMO.email);
  await page.getByLabel('Contraseña', { exact: true }).fill(DEMO.password);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await page.getByRole('button', { name: 'Cerrar sesión' }).waitFor();
  // Warm-up (the app and Shaka load once, as the plain page's do), then in-app navigations:
  // each new address re-runs session and load on the same player, like the plain page's loads.
  await resetSessions(api);
  // The warm-up plays the last stream, so the first measured navigation changes address.
  await page.goto(`${api.base}${list[list.length - 1]!.href}`);
  await firstFrameMark(page, 0);
  const ttff: Record<string, number[]> = Object.fromEntries(list.map((s) => [s.name, [] as number[]]));
  for (let i = 0; i < RUNS; i += 1) {
    for (const stream of list) {
      // An in-app navigation: the router hears popstate (the bench's tsconfig has no DOM types).
      const since = await page.evaluate((href) => {
        const w = globalThis as unknown as {
          history: { pushState(s: null, t: string, u: string): void };
          dispatchEvent(e: unknown): void;
          PopStateEvent: new (type: string) => unknown;
        };
        const at = performance.now();
        w.history.pushState(null, '', href);
        w.dispatchEvent(new w.PopStateEvent('popstate'));
        return at;
      }, stream.href);
      ttff[stream.name]!.push((await firstFrameMark(page, since)).timeToFirstFrame * 1000);
    }
  }
  // Zapping: from the key press to the next channel's first frame, on loopback and over the
  // emulated network (where fetching the neighbours ahead pays).
  await resetSessions(api);
  await page.goto(`${api.base}${list[1]!.href}`);
  await firstFrameMark(page, 0);
  await page.evaluate(() =>
    document.addEventListener('keydown', (e) => ((window as unknown as { zapAt: number }).zapAt = e.timeStamp), {
      capture: true,
    }),
  );
  const zapRound = async (settleMs: number) => {
    const zaps: number[] = [];
    for (let i = 0; i < RUNS; i += 1) {
      await page.keyboard.press(i % 2 === 0 ? 'PageUp' : 'PageDown');
      const pressed = await page.evaluate(() => (window as unknown as { zapAt: number }).zapAt);
      const mark = await firstFrameMark(page, pressed);
      zaps.push(mark.startTime - pressed);
      // Time to watch, as a viewer does before zapping on: the neighbours load meanwhile.
      await page.waitForTimeout(settleMs);
    }
    return zaps;
  };
  return { ttff, ...(await loopbackThenNetwork(page, zapRound)) };
}

/** BENCH_PLAYER_RTT_MS (40): the round trip Chromium adds to every request in the network rounds. */
const RTT_MS = Number(process.env.BENCH_PLAYER_RTT_MS ?? 40);
const NETWORK_SETTLE_MS = 2000;
/** Zap rounds on loopback, then over the emulated network with time to watch in between. */
async function loopbackThenNetwork(
  page: Page,
  round: (settleMs: number) => Promise<number[]>,
): Promise<{ zaps: number[]; zapsOverNetwork: number[] }> {
  const zaps = await round(500);
  await emulateNetwork(page);
  return { zaps, zapsOverNetwork: await round(NETWORK_SETTLE_MS) };
}
async function emulateNetwork(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: RTT_MS,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
}

/** Shaka Player as its documentation starts: default configuration, our licence server and token. */
const DEFAULT_HARNESS = `
window.bench = {
  player: null,
  async setup() {
    shaka.polyfill.installAll();
    this.player = new shaka.Player();
    await this.player.attach(document.getElementById('v'));
  },
  async open(token, type, id) {
    const r = await fetch('/api/v1/sessions', { method: 'POST', headers: { authorization: 'Bearer ' + token, 'content-type': 'application/json' },
      body: JSON.stringify({ reference: { serviceName: 'bench', type, id: String(id) }, streamingProtocol: 'DASH', profileId: 1, deviceFingerprint: 'bench-default-shaka' }) });
    const body = await r.json();
    if (r.status !== 201) throw new Error('session ' + r.status + ' ' + JSON.stringify(body));
    return body;
  },
  async close(token, id) {
    await fetch('/api/v1/sessions/' + id, { method: 'DELETE', headers: { authorization: 'Bearer ' + token } });
  },
  async play(session, token, start) {
    const player = this.player;
    player.resetConfiguration();
    player.configure({ drm: { servers: { 'org.w3.clearkey': session.drm.licenseUrl } } });
    player.getNetworkingEngine().clearAllRequestFilters();
    player.getNetworkingEngine().registerRequestFilter((type, request) => {
      if (type === shaka.net.NetworkingEngine.RequestType.LICENSE) request.headers['Authorization'] = 'Bearer ' + token;
    });
    await player.load(session.playInfo.url, start);
    document.getElementById('v').play().catch(() => {});
    for (;;) {
      const t = player.getStats().timeToFirstFrame;
      if (Number.isFinite(t)) return t * 1000;
      await new Promise((r) => setTimeout(r, 16));
    }
  },
  async zap(token, fromId, toId) {
    const t0 = performance.now();
    await this.close(token, fromId);
    const next = await this.open(token, 'LIVE', toId);
    await this.play(next, token, null);
    return { ms: performance.now() - t0, id: next.id };
  },
};
`;

async function defaultShaka(
  page: Page,
  api: Api,
  list: Stream[],
): Promise<{ ttff: Record<string, number[]>; zaps: number[]; zapsOverNetwork: number[] }> {
  await page.goto(`${api.base}/healthz`);
  await page.setContent(
    '<!doctype html><html><body style="margin:0;background:#000"><video id="v" muted style="width:1280px;height:720px"></video></body></html>',
  );
  await page.addScriptTag({ path: SHAKA });
  await page.addScriptTag({ content: DEFAULT_HARNESS });
  await page.evaluate(() => (window as unknown as { bench: { setup(): Promise<void> } }).bench.setup());
  type Bench = {
    bench: {
      open(t: string, type: string, id: number): Promise<{ id: string }>;
      close(t: string, id: string): Promise<void>;
      play(s: unknown, t: string, start: number | null): Promise<number>;
      zap(t: string, from: string, to: number): Promise<{ ms: number; id: string }>;
    };
  };
  const ttff: Record<string, number[]> = Object.fromEntries(list.map((s) => [s.name, [] as number[]]));
  // The same order as ours after a warm-up load: film, live, catch-up, film, …
  for (let i = -1; i < RUNS; i += 1) {
    for (const stream of i === -1 ? list.slice(0, 1) : list) {
      await resetSessions(api);
      const value = await page.evaluate(
        async ([token, type, id, start]) => {
          const b = (window as unknown as Bench).bench;
          return b.play(await b.open(token, type, id), token, start);
        },
        [api.token, stream.type, stream.id, stream.start] as const,
      );
      if (i >= 0) ttff[stream.name]!.push(value);
    }
  }
  await resetSessions(api);
  let current = await page.evaluate(async (token) => {
    const b = (window as unknown as Bench).bench;
    const s = await b.open(token, 'LIVE', 1);
    await b.play(s, token, null);
    return s.id;
  }, api.token);
  const zapRound = async (settleMs: number) => {
    const zaps: number[] = [];
    for (let i = 0; i < RUNS; i += 1) {
      const result = await page.evaluate(
        async ([token, from, to]) => {
          return (window as unknown as Bench).bench.zap(token, from, to);
        },
        [api.token, current, i % 2 === 0 ? 2 : 1] as const,
      );
      current = result.id;
      zaps.push(result.ms);
      await page.waitForTimeout(settleMs);
    }
    return zaps;
  };
  return { ttff, ...(await loopbackThenNetwork(page, zapRound)) };
}

export async function runPlayerBench(): Promise<void> {
  if (!existsSync(path.join(root, 'apps/web/dist/index.html')))
    execSync('npm run build -w apps/web', { cwd: root, stdio: 'inherit' });
  const port = await freePort();
  const server = await startServer(port);
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--autoplay-policy=no-user-gesture-required',
    ],
  });
  try {
    const base = `http://localhost:${port}`;
    const api = await signIn(base);
    const list = await streams(api);
    const context = await browser.newContext({ viewport: { width: 1280, height: 720 }, locale: 'es-ES' });
    const ours = await ourPlayer(await context.newPage(), api, list);
    await context.close();
    // The plain page's inline harness runs on our origin, whose CSP allows no inline script.
    const plain = await browser.newContext({ viewport: { width: 1280, height: 720 }, bypassCSP: true });
    const shaka = await defaultShaka(await plain.newPage(), api, list);
    await plain.close();
    await resetSessions(api);

    console.log(`Time to first frame (Shaka timeToFirstFrame), median of ${RUNS}; goal: ours ≤ 0.6 × Shaka defaults`);
    console.log(
      'stream'.padEnd(16) + 'ours'.padStart(10) + 'Shaka default'.padStart(16) + 'ratio'.padStart(9) + '  goal',
    );
    for (const stream of list) {
      const a = median(ours.ttff[stream.name] ?? []);
      const b = median(shaka.ttff[stream.name] ?? []);
      const ratio = a / b;
      console.log(
        stream.name.padEnd(16) +
          ms(a).padStart(10) +
          ms(b).padStart(16) +
          ratio.toFixed(2).padStart(9) +
          `  ${ratio <= 0.6 ? 'met' : 'NOT met'}`,
      );
    }
    const zapOurs = median(ours.zaps);
    const zapShaka = median(shaka.zaps);
    console.log(
      `\nZap time (key press to the next channel's first frame, session closed and opened), median of ${RUNS}; goal < 500 ms`,
    );
    console.log(
      `ours ${ms(zapOurs)} (${zapOurs < 500 ? 'met' : 'NOT met'}), Shaka defaults ${ms(zapShaka)}, ratio ${(zapOurs / zapShaka).toFixed(2)}`,
    );
    console.log(`  ours: ${ours.zaps.map(ms).join(', ')}; Shaka defaults: ${shaka.zaps.map(ms).join(', ')}`);
    const netOurs = median(ours.zapsOverNetwork);
    const netShaka = median(shaka.zapsOverNetwork);
    console.log(
      `\nZap time over an emulated ${RTT_MS} ms round trip (neighbours fetched ahead while watching ${NETWORK_SETTLE_MS / 1000} s), median of ${RUNS}; goal < 500 ms`,
    );
    console.log(
      `ours ${ms(netOurs)} (${netOurs < 500 ? 'met' : 'NOT met'}), Shaka defaults ${ms(netShaka)}, ratio ${(netOurs / netShaka).toFixed(2)}`,
    );
    console.log(
      `  ours: ${ours.zapsOverNetwork.map(ms).join(', ')}; Shaka defaults: ${shaka.zapsOverNetwork.map(ms).join(', ')}`,
    );
  } finally {
    await browser.close();
    server.kill('SIGTERM');
  }
}

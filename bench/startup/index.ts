// What a subscriber waits for, measured from their own click in headless Debian Chromium
// against the real server (one process, SQLite, the demo): the sign-in button to the home's
// carousel and first row painted with their images, the first play of a session (the
// player's code not loaded yet) and a later play, each to the first video frame presented;
// then a switch of profile from "¿Quién está viendo?" to the home painted again (issue 30).
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { buildWeb, repoRoot } from '../web-budget/build';
import { startServer } from '../web-budget/serve';

const SHAKA = createRequire(import.meta.url).resolve('shaka-player/dist/shaka-player.compiled.js', {
  paths: [path.join(repoRoot, 'apps/web')],
});
const QUICK = process.env.BENCH_QUICK === '1';
/** BENCH_STARTUP_RUNS (5, 1 when BENCH_QUICK=1): fresh browsers per figure. */
const RUNS = Number(process.env.BENCH_STARTUP_RUNS ?? (QUICK ? 1 : 5));
const GOALS = { signIn: 1000, firstPlay: 1000, laterPlay: 500, profileSwitch: 500 };
const DEMO = { email: 'demo@pantalla.test', password: 'demo1234' };
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--autoplay-policy=no-user-gesture-required',
];

/**
 * In every page: the time of the last pointer press, and each video's first presented frame
 * after every new source (requestVideoFrameCallback), on the page's clock.
 */
const PROBE = `
window.__bench = { pressedAt: 0, frames: [] };
// The home as the subscriber sees it: the first slide's picture and the first row's visible
// cards, loaded; the page's time then, else false.
window.__bench.homePainted = () => {
  const loaded = (images) => images.length > 0 && images.every((i) => i.complete && i.naturalWidth > 0);
  const slide = document.querySelector('.carousel__art');
  const row = document.querySelector('section.row:not(.row--skeleton):not(.row--error):not(.row--locked)');
  if (!slide || !row) return false;
  // What the row's scroller shows, not cards clipped beyond its edge.
  const clipRight = (el) => {
    for (let p = el.parentElement; p; p = p.parentElement) {
      if (p.scrollWidth > p.clientWidth + 1 && getComputedStyle(p).overflowX !== 'visible') return Math.min(window.innerWidth, p.getBoundingClientRect().right);
    }
    return window.innerWidth;
  };
  const visible = Array.from(row.querySelectorAll('img')).filter((i) => i.getBoundingClientRect().left < clipRight(i) - 1);
  return loaded([slide]) && loaded(visible) ? performance.now() : false;
};
document.addEventListener('pointerdown', (e) => { window.__bench.pressedAt = e.timeStamp; }, { capture: true });
const arm = (video) => video.requestVideoFrameCallback((now, meta) => window.__bench.frames.push(meta.expectedDisplayTime ?? now));
new MutationObserver(() => {
  for (const video of document.querySelectorAll('video:not([data-bench])')) {
    video.dataset.bench = '1';
    arm(video);
    video.addEventListener('loadstart', () => arm(video));
  }
}).observe(document, { childList: true, subtree: true });
`;

interface Probe {
  pressedAt: number;
  frames: number[];
  homePainted(): number | false;
}
/** Page functions stay free of inner named functions: tsx would wrap them in a helper the page lacks. */
const homePainted = () => (window as unknown as { __bench: Probe }).__bench.homePainted();

async function probe(page: Page): Promise<Pick<Probe, 'pressedAt' | 'frames'>> {
  return page.evaluate(() => {
    const { pressedAt, frames } = (window as unknown as { __bench: Probe }).__bench;
    return { pressedAt, frames };
  });
}

/** Waits for a first frame after the last press; returns press → frame. */
async function pressToFrame(page: Page): Promise<number> {
  const handle = await page.waitForFunction(
    () => {
      const b = (window as unknown as { __bench: Probe }).__bench;
      const frame = b.frames.find((t) => t > b.pressedAt);
      return frame === undefined ? false : frame - b.pressedAt;
    },
    null,
    { timeout: 30_000, polling: 'raf' },
  );
  return (await handle.jsonValue()) as number;
}

/** What the app's play link opens: the /emplayer/ data's id and type. */
interface Played {
  type: 'VOD' | 'LIVE';
  id: number;
}

interface Round {
  signIn: number;
  apiBeforeHome: number;
  firstPlay: number;
  laterPlay: number;
  played: Played;
}

function playedBy(href: string): Played {
  const data = Buffer.from(decodeURIComponent(href.replace(/^\/emplayer\//, '')), 'base64').toString('utf8');
  const [id, , type] = data.split(';').map((f) => decodeURIComponent(f));
  if (type !== 'VOD' && type !== 'LIVE')
    throw new Error(`the first slide opens a ${type ?? '?'} link; the plain page plays films and channels`);
  return { type, id: Number(id) };
}

/** One subscriber in a fresh browser profile: sign in, play the first slide, back, play it again. */
async function round(browser: Browser, baseUrl: string): Promise<Round> {
  const context = await browser.newContext({
    viewport: { width: 1366, height: 900 },
    locale: 'es-ES',
    timezoneId: 'Europe/Madrid',
  });
  await context.addInitScript(PROBE);
  const page = await context.newPage();
  try {
    await page.goto(`${baseUrl}/`);
    await page.getByLabel('Correo electrónico').fill(DEMO.email);
    await page.getByLabel('Contraseña', { exact: true }).fill(DEMO.password);
    let api = 0;
    let counting = true;
    page.on(
      'request',
      (r) => counting && r.url().includes('/api/v1/') && !r.url().includes('/api/v1/images/') && (api += 1),
    );
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    const painted = (await (
      await page.waitForFunction(homePainted, null, { timeout: 30_000, polling: 'raf' })
    ).jsonValue()) as number;
    counting = false;
    const signIn = painted - (await probe(page)).pressedAt;

    const play = page
      .getByRole('region', { name: 'Destacados' })
      .getByRole('link', { name: /^(Reproducir|Ver en directo)/ })
      .first();
    // Held still, so the slide clicked is the slide whose link was read.
    await page
      .getByRole('region', { name: 'Destacados' })
      .getByRole('button', { name: 'Pausar' })
      .click({ timeout: 5000 });
    const played = playedBy((await play.getAttribute('href')) ?? '');
    await play.click();
    const firstPlay = await pressToFrame(page);
    await page.getByRole('button', { name: 'Volver' }).first().click();
    await page.waitForFunction(homePainted, null, { timeout: 30_000, polling: 'raf' });
    await play.click();
    const laterPlay = await pressToFrame(page);
    return { signIn, apiBeforeHome: api, firstPlay, laterPlay, played };
  } finally {
    await context.close();
  }
}

/**
 * The same work from the same click without the app: a page with Shaka already loaded and a
 * button that opens the stream session, loads its manifest with the session's licence and
 * plays. Shaka's request filter notes the first manifest, init segment, media segment and
 * licence requests, which the floor replays one after another.
 */
const PLAIN = `
window.plain = { requests: {} };
document.getElementById('go').addEventListener('click', async () => {
  const { token, type, id } = window.plain.target;
  const opened = await fetch('/api/v1/sessions', { method: 'POST', headers: { authorization: 'Bearer ' + token, 'content-type': 'application/json' },
    body: JSON.stringify({ reference: { serviceName: 'bench', type, id: String(id) }, streamingProtocol: 'DASH', profileId: 1, deviceFingerprint: 'bench-plain-shaka' }) });
  const session = await opened.json();
  if (opened.status !== 201) throw new Error('session ' + opened.status);
  const player = window.plain.player;
  player.configure({ drm: { servers: { 'org.w3.clearkey': session.drm.licenseUrl } } });
  const requests = window.plain.requests;
  player.getNetworkingEngine().registerRequestFilter((kind, request, context) => {
    const T = shaka.net.NetworkingEngine.RequestType;
    const A = shaka.net.NetworkingEngine.AdvancedRequestType;
    const name = kind === T.MANIFEST ? 'manifest' : kind === T.LICENSE ? 'licence' : kind === T.SEGMENT ? (context && context.type === A.INIT_SEGMENT ? 'init' : 'media') : null;
    if (kind === T.LICENSE) request.headers['Authorization'] = 'Bearer ' + token;
    if (name && !requests[name]) requests[name] = { uri: request.uris[0], method: request.method, headers: { ...request.headers }, body: request.body ? Array.from(new Uint8Array(request.body)) : null };
  });
  await player.load(session.playInfo.url, type === 'VOD' ? 0 : null);
  document.getElementById('v').play().catch(() => {});
});
`;

interface Plain {
  play: number;
  floor: number;
}

/** Opens the plain page, clicks its button once, then replays the four requests back to back. */
async function plainShaka(browser: Browser, baseUrl: string, token: string, played: Played): Promise<Plain> {
  await resetSessions(baseUrl, token);
  // The plain page's inline harness runs on our origin, whose CSP allows no inline script.
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, bypassCSP: true });
  const page = await context.newPage();
  try {
    await page.goto(`${baseUrl}/healthz`);
    await page.setContent(
      '<!doctype html><html><body style="margin:0;background:#000"><button id="go">Reproducir</button><video id="v" muted style="width:1280px;height:720px"></video></body></html>',
    );
    // setContent's document.open drops the document's listeners: the probe again.
    await page.addScriptTag({ content: PROBE });
    await page.addScriptTag({ path: SHAKA });
    await page.evaluate(async () => {
      const w = window as unknown as {
        shaka: { polyfill: { installAll(): void }; Player: new () => { attach(v: unknown): Promise<void> } };
        plain: { player: unknown };
      };
      w.shaka.polyfill.installAll();
      const player = new w.shaka.Player();
      await player.attach(document.getElementById('v'));
      (w as unknown as { plainPlayer: unknown }).plainPlayer = player;
    });
    await page.addScriptTag({ content: PLAIN });
    await page.evaluate(
      ([t, type, id]) => {
        const w = window as unknown as { plain: { player: unknown; target: unknown }; plainPlayer: unknown };
        w.plain.player = w.plainPlayer;
        w.plain.target = { token: t, type, id };
      },
      [token, played.type, played.id] as const,
    );
    await page.click('#go');
    const play = await pressToFrame(page);
    const floor = await page.evaluate(async () => {
      type Noted = { uri: string; method: string; headers: Record<string, string>; body: number[] | null };
      const requests = (window as unknown as { plain: { requests: Record<string, Noted> } }).plain.requests;
      const started = performance.now();
      for (const name of ['manifest', 'init', 'media', 'licence']) {
        const r = requests[name];
        if (!r) throw new Error('Shaka made no ' + name + ' request');
        const response = await fetch(r.uri, {
          method: r.method,
          headers: r.headers,
          body: r.body ? new Uint8Array(r.body) : undefined,
          cache: 'no-store',
        });
        await response.arrayBuffer();
      }
      return performance.now() - started;
    });
    return { play, floor };
  } finally {
    await context.close();
  }
}

/** The home painted after the press, with "¿Quién está viendo?" gone: press → then. */
const switchedHome = () => {
  const b = (window as unknown as { __bench: Probe }).__bench;
  if (document.querySelector('[role="dialog"]')) return false;
  const painted = b.homePainted();
  return painted === false ? false : painted - b.pressedAt;
};

/**
 * Switching profile (issue 30): the demo account gets a second profile, signs in and picks the
 * first; then, RUNS times, the account menu's "Cambiar de perfil" and the other profile's button,
 * from the press to the home painted again for it (its rows asked again under the new profile).
 */
async function profileSwitches(browser: Browser, baseUrl: string, token: string): Promise<number[]> {
  const created = await fetch(`${baseUrl}/api/v1/profiles`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Banco', kind: 'adult' }),
  });
  if (created.status !== 201) throw new Error(`creating a second profile answered ${created.status}`);
  const second = ((await created.json()) as { id: number }).id;
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, locale: 'es-ES' });
  await context.addInitScript(PROBE);
  const page = await context.newPage();
  try {
    await page.goto(`${baseUrl}/`);
    await page.getByLabel('Correo electrónico').fill(DEMO.email);
    await page.getByLabel('Contraseña', { exact: true }).fill(DEMO.password);
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    const who = page.getByRole('dialog', { name: '¿Quién está viendo?' });
    await who.locator('.who-is-watching__profile').first().click();
    await page.waitForFunction(switchedHome, null, { timeout: 30_000, polling: 'raf' });
    const times: number[] = [];
    for (let i = 0; i < RUNS + 1; i += 1) {
      // The header may draw itself again as the new profile's queries answer: the menu is asked again then.
      for (let attempt = 0; ; attempt += 1) {
        await page.getByRole('button', { name: 'Tu cuenta' }).click();
        await page.getByRole('button', { name: /^Cambiar de perfil/ }).click();
        const shown = await who.waitFor({ timeout: 5000 }).then(
          () => true,
          () => false,
        );
        if (shown) break;
        if (attempt === 3) throw new Error('"¿Quién está viendo?" did not open from the account menu');
      }
      // Alternately the second profile and the first: each switch changes profile.
      await who
        .locator('.who-is-watching__profile')
        .nth(i % 2 === 0 ? 1 : 0)
        .click();
      const ms = (await (
        await page.waitForFunction(switchedHome, null, { timeout: 30_000, polling: 'raf' })
      ).jsonValue()) as number;
      // The first switch loads the picker's code: the others are what a household repeats.
      if (i > 0) times.push(ms);
    }
    return times;
  } finally {
    await context.close();
    await fetch(`${baseUrl}/api/v1/profiles/${second}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${token}` },
    });
  }
}

async function resetSessions(baseUrl: string, token: string): Promise<void> {
  const response = await fetch(`${baseUrl}/api/v1/sessions/reset`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  });
  if (response.status !== 204) throw new Error(`session reset answered ${response.status}`);
}

async function apiToken(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ flow: 'password', username: DEMO.email, password: DEMO.password, rememberMe: false }),
  });
  if (response.status !== 200) throw new Error(`sign-in for the plain page answered ${response.status}`);
  return ((await response.json()) as { idToken: string }).idToken;
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)] ?? Number.NaN;
const line = (name: string, values: number[], goal: number) => {
  const m = median(values);
  return `${name.padEnd(44)} ${`${m.toFixed(0)} ms`.padStart(9)}   goal ≤ ${goal} ms ${m <= goal ? 'met' : 'NOT met'}   (${values.map((v) => v.toFixed(0)).join(', ')})`;
};

export async function runStartupBench(): Promise<void> {
  const work = mkdtempSync(path.join(os.tmpdir(), 'pantalla-startup-'));
  const webDist = path.join(work, 'dist');
  buildWeb(webDist);
  const server = await startServer({ webDist, dataDir: path.join(work, 'data') });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    // A first round warms the server's caches and the operating system's, as a running service has them.
    await round(browser, server.baseUrl);
    const rounds: Round[] = [];
    const plain: Plain[] = [];
    for (let i = 0; i < RUNS; i += 1) {
      const r = await round(browser, server.baseUrl);
      rounds.push(r);
      plain.push(await plainShaka(browser, server.baseUrl, await apiToken(server.baseUrl), r.played));
    }
    console.log(
      `Median of ${RUNS} fresh browsers at 1366×900 on loopback (load average ${os.loadavg()[0]!.toFixed(2)} on ${os.cpus().length} cores):`,
    );
    console.log(
      line(
        'sign-in click → home rows painted',
        rounds.map((r) => r.signIn),
        GOALS.signIn,
      ),
    );
    console.log(`  API calls before the home painted (images apart): ${rounds.map((r) => r.apiBeforeHome).join(', ')}`);
    console.log(
      line(
        'first play: click → first frame',
        rounds.map((r) => r.firstPlay),
        GOALS.firstPlay,
      ),
    );
    console.log(
      line(
        'a later play: click → first frame',
        rounds.map((r) => r.laterPlay),
        GOALS.laterPlay,
      ),
    );
    const plainPlay = median(plain.map((p) => p.play));
    const floor = median(plain.map((p) => p.floor));
    console.log(`  played: ${[...new Set(rounds.map((r) => `${r.played.type} ${r.played.id}`))].join(', ')}`);
    console.log(
      `plain Shaka page, same click and work (session, load, play): ${plainPlay.toFixed(0)} ms (${plain.map((p) => p.play.toFixed(0)).join(', ')})`,
    );
    console.log(
      `floor: manifest, init segment, media segment, licence back to back: ${floor.toFixed(0)} ms (${plain.map((p) => p.floor.toFixed(0)).join(', ')})`,
    );
    const switches = await profileSwitches(browser, server.baseUrl, await apiToken(server.baseUrl));
    console.log(line('profile switch: click → home painted', switches, GOALS.profileSwitch));
    const first = median(rounds.map((r) => r.firstPlay));
    const later = median(rounds.map((r) => r.laterPlay));
    console.log(
      `  first play ÷ plain ${(first / plainPlay).toFixed(2)}, ÷ floor ${(first / floor).toFixed(1)}; later play ÷ plain ${(later / plainPlay).toFixed(2)}, ÷ floor ${(later / floor).toFixed(1)}`,
    );
  } finally {
    await browser.close();
    await server.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

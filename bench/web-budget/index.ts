// The web budget: JavaScript a signed-in user downloads before the home is interactive
// (ceiling 200 KB gzip), every route's own chunks, and Lighthouse (desktop) on the home, guide, detail and search.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse, { desktopConfig } from 'lighthouse';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { buildWeb, chunksOf, consoleChunks, playerPreloadChunks, kb, type Chunk } from './build';
import { startServer } from './serve';

/** Issue 5's ceiling for the home's JavaScript before it is interactive. */
const HOME_JS_CEILING = 200 * 1024;
/** Goal for the Lighthouse performance score. */
const LIGHTHOUSE_GOAL = 95;
const DEMO = { email: 'demo@pantalla.test', password: 'demo1234' };
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Screens to weigh: each is loaded fresh, signed in, until `ready` shows. */
const ROUTES: { name: string; path: string; ready: (page: Page) => Promise<unknown> }[] = [
  { name: 'home', path: '/', ready: (p) => p.getByRole('region', { name: 'Destacados' }).waitFor() },
  { name: 'detail', path: '/detail/content/1159', ready: (p) => p.getByRole('heading', { level: 1 }).waitFor() },
  { name: 'genres', path: '/gid/', ready: (p) => p.getByRole('heading', { level: 1 }).first().waitFor() },
  { name: 'genre 5310', path: '/gid/5310', ready: (p) => p.getByRole('heading', { level: 1 }).first().waitFor() },
  { name: 'sports', path: '/sports/', ready: (p) => p.getByRole('heading', { level: 1 }).first().waitFor() },
  { name: 'search', path: '/search/cine', ready: (p) => p.getByRole('heading', { level: 1 }).first().waitFor() },
  { name: 'calendar', path: '/calendar/', ready: (p) => p.getByRole('heading', { level: 1 }).first().waitFor() },
  { name: 'guide', path: '/epg/', ready: (p) => p.getByRole('heading', { level: 1 }).first().waitFor() },
  { name: 'settings', path: '/settings/', ready: (p) => p.getByRole('heading', { level: 1 }).first().waitFor() },
];

async function signIn(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/`);
  await page.getByLabel('Correo electrónico').fill(DEMO.email);
  await page.getByLabel('Contraseña', { exact: true }).fill(DEMO.password);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await page.getByRole('region', { name: 'Destacados' }).waitFor({ timeout: 30_000 });
}

/** Loads a path in a fresh tab (session restored from the cookie) and lists the chunks it fetched. */
async function chunksFetched(
  context: BrowserContext,
  url: string,
  ready: (page: Page) => Promise<unknown>,
  held: ReadonlySet<string> = new Set(),
): Promise<string[]> {
  const page = await context.newPage();
  const files = new Set<string>();
  const fileOf = (url: string) => /\/assets\/([^/?]+\.js)/.exec(url)?.[1];
  // Held until the page closes: the player's idle preload is not the screen's own code.
  if (held.size > 0)
    await page.route('**/assets/*.js', (route) =>
      held.has(fileOf(route.request().url()) ?? '') ? undefined : route.fallback(),
    );
  page.on('request', (request) => {
    const file = fileOf(request.url());
    if (file && !held.has(file)) files.add(file);
  });
  await page.goto(url);
  await ready(page).catch(() => console.warn(`  (${url} did not show its heading within the timeout)`));
  await page.close();
  return [...files];
}

const sum = (names: Iterable<string>, chunks: Map<string, Chunk>, key: 'bytes' | 'gzip') =>
  [...names].reduce((n, f) => n + (chunks.get(f)?.[key] ?? 0), 0);

/** Issue 18's pages for Lighthouse; BENCH_QUICK=1 (CI) measures the home only. */
const LIGHTHOUSE_PAGES =
  process.env.BENCH_QUICK === '1' ? ['/'] : ['/', '/epg/', '/detail/content/1159', '/search/cine'];

async function lighthouseOnPages(baseUrl: string, userDataDir: string): Promise<void> {
  const port = 9300 + Math.floor(Math.random() * 500);
  // A persistent context is the browser's default one, which Lighthouse's tab shares: the session cookie is there.
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM,
    headless: true,
    args: [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`],
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await signIn(page, baseUrl);
    for (const pathName of LIGHTHOUSE_PAGES) {
      const result = await lighthouse(
        `${baseUrl}${pathName}`,
        { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], disableStorageReset: true },
        desktopConfig,
      );
      if (!result) throw new Error(`Lighthouse returned nothing for ${pathName}`);
      const { lhr } = result;
      const score = Math.round((lhr.categories.performance?.score ?? 0) * 100);
      const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
      console.log(
        `Lighthouse (desktop) on ${pathName}: performance ${score} (goal ≥ ${LIGHTHOUSE_GOAL}) ${score >= LIGHTHOUSE_GOAL ? 'ok' : 'BELOW GOAL'}`,
      );
      console.log(
        `  LCP ${Math.round(audit('largest-contentful-paint'))} ms, TBT ${Math.round(audit('total-blocking-time'))} ms, FCP ${Math.round(audit('first-contentful-paint'))} ms, CLS ${audit('cumulative-layout-shift').toFixed(3)}`,
      );
      const lcpElement = /"snippet":"((?:[^"\\]|\\.)*)"/.exec(
        JSON.stringify(lhr.audits['largest-contentful-paint-element']?.details ?? {}),
      )?.[1];
      if (lcpElement) console.log(`  LCP element: ${lcpElement.replace(/\\"/g, '"').slice(0, 160)}`);
      if (lhr.finalDisplayedUrl && !lhr.finalDisplayedUrl.endsWith(pathName))
        console.log(`  (ended on ${lhr.finalDisplayedUrl})`);
    }
  } finally {
    await context.close();
  }
}

/** Prints the failure where CI shows it and makes the run end non-zero (bench/run.ts exits with process.exitCode). */
function failBudget(reason: string): void {
  console.error(`OVER BUDGET: ${reason}`);
  process.exitCode = 1;
}

export async function runWebBudgetBench(): Promise<void> {
  const work = mkdtempSync(path.join(os.tmpdir(), 'pantalla-web-budget-'));
  const webDist = path.join(work, 'dist');
  console.log('Building apps/web …');
  buildWeb(webDist);
  const chunks = chunksOf(webDist);
  const server = await startServer({ webDist, dataDir: path.join(work, 'data') });
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, locale: 'es-ES' });
    await signIn(await context.newPage(), server.baseUrl);

    const byRoute = new Map<string, string[]>();
    const preload = playerPreloadChunks(webDist);
    console.log(`Held while a screen loads (the player's idle-time preload): ${[...preload].join(', ')}`);
    for (const route of ROUTES)
      byRoute.set(route.name, await chunksFetched(context, `${server.baseUrl}${route.path}`, route.ready, preload));
    const home = new Set(byRoute.get('home') ?? []);
    const homeGzip = sum(home, chunks, 'gzip');

    console.log(
      `\nJavaScript before the home is interactive: ${kb(homeGzip)} gzip (${kb(sum(home, chunks, 'bytes'))} raw) in ${home.size} chunks; ceiling ${kb(HOME_JS_CEILING)} → ${homeGzip <= HOME_JS_CEILING ? 'ok' : 'OVER'} (${((homeGzip / HOME_JS_CEILING) * 100).toFixed(0)} % of the ceiling)`,
    );
    for (const file of [...home].sort((a, b) => (chunks.get(b)?.gzip ?? 0) - (chunks.get(a)?.gzip ?? 0)))
      console.log(`  ${file.padEnd(44)} ${kb(chunks.get(file)?.gzip ?? 0).padStart(9)}`);
    // Bytes are the build's, not the machine's: past the ceiling (or with the console's code in
    // the home) the benchmark fails the run, unlike the timed figures.
    const consoleInHome = [...consoleChunks(webDist)].filter((file) => home.has(file));
    if (homeGzip > HOME_JS_CEILING)
      failBudget(
        `the home's JavaScript is ${kb(homeGzip)} gzip, ${kb(homeGzip - HOME_JS_CEILING)} over its ${kb(HOME_JS_CEILING)} ceiling`,
      );
    if (consoleInHome.length > 0) failBudget(`the console's chunks load with the home: ${consoleInHome.join(', ')}`);
    else console.log("The console (features/operator) in the home's chunks: none → ok");

    console.log('\nPer route (loaded fresh, signed in): all JS, and the chunks the home did not need');
    console.log(`  ${'route'.padEnd(12)} ${'all gzip'.padStart(10)} ${'own gzip'.padStart(10)}  own chunks`);
    for (const route of ROUTES) {
      const files = byRoute.get(route.name) ?? [];
      const own = files.filter((f) => !home.has(f));
      console.log(
        `  ${route.name.padEnd(12)} ${kb(sum(files, chunks, 'gzip')).padStart(10)} ${kb(sum(own, chunks, 'gzip')).padStart(10)}  ${own.join(', ') || '—'}`,
      );
    }
    const lazyOnly = [...chunks.values()].filter((c) => ![...byRoute.values()].some((files) => files.includes(c.file)));
    if (lazyOnly.length > 0)
      console.log(
        `\nChunks no measured route loaded (player, trailers, …): ${lazyOnly.map((c) => `${c.file} ${kb(c.gzip)}`).join(', ')}`,
      );
    await context.close();

    console.log('');
    await lighthouseOnPages(server.baseUrl, path.join(work, 'lighthouse-profile'));
  } finally {
    await browser.close();
    await server.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

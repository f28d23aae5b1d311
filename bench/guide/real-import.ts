/// <reference lib="dom" />
// The guide on the compiled server after a real import: what a subscriber waits for when
// the operator's list is large. page.evaluate callbacks run in the browser.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
import { buildWeb } from '../web-budget/build';
import { buildServer, DEMO, signIn, startServer, stopServer, upload, writeGuide } from '../ingest/compiled-server';

/** BENCH_QUICK=1 (CI): 1,000 channels × 2 days; otherwise issue 18's 10,000 × 7. */
const SIZE = process.env.BENCH_QUICK === '1' ? { channels: 1000, days: 2 } : { channels: 10_000, days: 7 };
const GOALS = { firstPaintMs: 1500, heapMb: 80, domGrowth: 0.1, favouritesFirstPaintMs: 1000 };
/** Issue 30: favourite channels spread over the lineup, the guide opened filtered to them. */
const FAVOURITES = 200;
const PAGES = 50;

const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');

/**
 * Imports a synthetic guide through the admin route, then opens the guide signed in: the
 * time from navigation to the first programme in the document, the DOM's size on the first
 * page and at most over the first 5 and over 50 pages, and the JavaScript heap after a GC.
 */
export async function measureAfterRealImport(
  browser: Browser,
  viewport: { width: number; height: number },
): Promise<void> {
  buildServer();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pantalla-guide-import-'));
  const file = path.join(dir, 'guide.xml.gz');
  await writeGuide(file, SIZE.channels, SIZE.days);
  const webDist = path.join(dir, 'web');
  buildWeb(webDist);
  const { child, port } = await startServer(path.join(dir, 'data'), { WEB_DIST: webDist });
  const base = `http://localhost:${port}`;
  try {
    const token = await signIn(port);
    const report = await upload(port, token, file);
    const context = await browser.newContext({ viewport, locale: 'es-ES' });
    const home = await context.newPage();
    await home.goto(base);
    await home.getByLabel('Correo electrónico').fill(DEMO.email);
    await home.getByLabel('Contraseña', { exact: true }).fill(DEMO.password);
    await home.getByRole('button', { name: 'Iniciar sesión' }).click();
    await home.getByRole('region', { name: 'Destacados' }).waitFor({ timeout: 60_000 });
    // The guide opened in a tab of its own once the home has settled, as a subscriber opens it.
    await home.waitForLoadState('networkidle', { timeout: 120_000 });
    await home.close();
    const page = await context.newPage();
    await page.goto(`${base}/epg/`);
    // Checked every frame, in the page: the time since navigation when a programme is first in the grid.
    const found = await page.waitForFunction(
      () => (document.querySelector('.guide-programme') ? performance.now() : 0),
      undefined,
      { polling: 'raf', timeout: 60_000 },
    );
    const firstPaint = (await found.jsonValue()) as number;
    // Let the first page's days arrive before counting.
    await page.waitForTimeout(1000);
    const dom = () => page.evaluate(() => document.getElementsByTagName('*').length);
    const firstDom = await dom();
    // Flat: what 50 pages leave at most against what the first 5 did (pages differ in programmes, never in what accumulates).
    let earlyDom = firstDom;
    let maxDom = firstDom;
    await page.mouse.move(viewport.width / 2, viewport.height / 2);
    const label = page.getByText(/^Pág\. \d+\/\d+$/);
    for (let i = 0; i < PAGES; i++) {
      const before = await label.textContent();
      await page.mouse.wheel(0, 400);
      await page
        .waitForFunction(
          (text) => document.body.innerText.includes('Pág.') && !document.body.innerText.includes(text as string),
          before,
          { timeout: 10_000 },
        )
        .catch(() => undefined);
      const nodes = await dom();
      if (i < 5) earlyDom = Math.max(earlyDom, nodes);
      maxDom = Math.max(maxDom, nodes);
    }
    const pageReached = await label.textContent();
    const cdp = await context.newCDPSession(page);
    await cdp.send('HeapProfiler.collectGarbage');
    const heapMb = (await cdp.send('Runtime.getHeapUsage')).usedSize / 1024 / 1024;
    await page.close();
    const favourites = await favouritesFirstPaint(base, token, context);
    await context.close();
    const growth = maxDom / earlyDom - 1;
    console.log(
      `\n  the guide after a real import of ${SIZE.channels} channels × ${SIZE.days} days (${report.programmes.inserted + report.programmes.unchanged} programmes, the compiled server):`,
    );
    console.log(
      `    first programme in the grid       ${Math.round(firstPaint)} ms after navigation (goal ≤ ${GOALS.firstPaintMs} ms) ${verdict(firstPaint <= GOALS.firstPaintMs)}`,
    );
    console.log(
      `    DOM nodes: first page, at most over 5 / ${PAGES} pages   ${firstDom}, ${earlyDom} / ${maxDom} (${pageReached}), growth ${(growth * 100).toFixed(1)}% (goal within ${GOALS.domGrowth * 100}%) ${verdict(growth <= GOALS.domGrowth)}`,
    );
    console.log(
      `    JavaScript heap after paging, GC   ${heapMb.toFixed(1)} MB (goal ≤ ${GOALS.heapMb} MB) ${verdict(heapMb <= GOALS.heapMb)}`,
    );
    console.log(
      `    first favourite's programme, ${FAVOURITES} favourites filter   ${Math.round(favourites.firstPaint)} ms after navigation (goal ≤ ${GOALS.favouritesFirstPaintMs} ms) ${verdict(favourites.firstPaint <= GOALS.favouritesFirstPaintMs)}; ${favourites.epgRequests} day requests, ${favourites.outside} outside the filter`,
    );
  } finally {
    await stopServer(child);
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Issue 30: the profile stars FAVOURITES channels spread over the lineup and saves the
 * "Favoritos" filter; then, in a new tab of the signed-in browser, the time from navigation to
 * the guide to a programme in the grid on a favourite channel's row, and the guide days asked
 * for channels outside the filter on the way (the start-up fill's page included).
 */
async function favouritesFirstPaint(
  base: string,
  token: string,
  context: BrowserContext,
): Promise<{ firstPaint: number; epgRequests: number; outside: number }> {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const api = async <T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> => {
    const response = await fetch(`${base}/api/v1${path}`, {
      method: init.method ?? 'GET',
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path} answered ${response.status}`);
    return (await response.json()) as T;
  };
  const lineups = await api<{ resources: { id: number }[] }>('/lineups');
  const lineupId = lineups.resources[0]?.id;
  const { resources } = await api<{ resources: { id: number; name: string; epg: number }[] }>(
    `/channels?lineupId=${lineupId}`,
  );
  const guide = resources.filter((c) => c.epg === 1);
  const step = guide.length / FAVOURITES;
  const chosen = Array.from({ length: FAVOURITES }, (_, i) => guide[Math.floor(i * step + step / 2)]).filter(
    (c): c is { id: number; name: string; epg: number } => c !== undefined,
  );
  await api('/favourites/channels', { method: 'PUT', body: { channelIds: chosen.map((c) => c.id) } });
  await api('/guide/filter', { method: 'PUT', body: { favourites: true, groupId: null, genreId: null } });
  const ids = new Set(chosen.map((c) => c.id));
  const page = await context.newPage();
  let epgRequests = 0;
  let outside = 0;
  page.on('request', (r) => {
    const asked = /\/api\/v1\/epg\/(\d+)\//.exec(r.url());
    if (!asked) return;
    epgRequests += 1;
    if (!ids.has(Number(asked[1]))) outside += 1;
  });
  try {
    await page.goto(`${base}/epg/`);
    // The first row's channel a favourite and a programme in the grid: checked every frame, in the page.
    const found = await page.waitForFunction(
      (names) => {
        const row = document.querySelector('.guide-channel');
        return row && names.includes(row.getAttribute('title') ?? '') && document.querySelector('.guide-programme')
          ? performance.now()
          : 0;
      },
      chosen.map((c) => c.name),
      { polling: 'raf', timeout: 60_000 },
    );
    const firstPaint = (await found.jsonValue()) as number;
    // The start-up fill runs once the page settles: counted too.
    await page.waitForLoadState('networkidle', { timeout: 60_000 });
    return { firstPaint, epgRequests, outside };
  } finally {
    await page.close();
  }
}

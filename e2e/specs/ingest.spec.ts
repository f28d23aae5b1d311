import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { BASICO, DEMO } from '../fixtures/accounts';
import { encodeTestClip } from '../fixtures/test-clip';
import { GuidePage } from '../pages/guide-page';
import { apiToken, PlayerPage, resetSessions } from '../pages/player-page';

/*
 * Issue 16 end to end: an operator registers a channel list and a guide served over HTTP
 * (by this spec, on 127.0.0.1), the server fetches them, the imported channel shows in the
 * guide; its first stream is broken, so the alternate takes over; an ended programme plays
 * through the channel's catch-up template. The streams are a clear DASH clip made by ffmpeg.
 */
test.describe.configure({ mode: 'serial' });

const SHOTS = '/work/wt/shots/ingest';
const CHANNEL = 'Canal Importado E2E';
const HOUR = 3_600_000;

const dir = mkdtempSync(path.join(os.tmpdir(), 'pantalla-e2e-ingest-'));
const requests: string[] = [];
let base = '';
let server: http.Server;

function makeClip(): void {
  mkdirSync(path.join(dir, 'dash'));
  encodeTestClip(['-f', 'dash', '-seg_duration', '2', path.join(dir, 'dash', 'manifest.mpd')]);
}

const xmltvTime = (ms: number) => `${new Date(ms).toISOString().replace(/[-:T]/g, '').slice(0, 14)} +0000`;

/** An ended programme, the one on air, and one to come, around now. */
function guide(now: number): string {
  const slots = [
    ['Archivo de la mañana', now - 2 * HOUR, now - HOUR / 2],
    ['En directo ahora', now - HOUR / 2, now + HOUR],
    ['Lo que viene', now + HOUR, now + 2 * HOUR],
  ] as const;
  const programmes = slots.map(
    ([title, start, stop]) =>
      `<programme start="${xmltvTime(start)}" stop="${xmltvTime(stop)}" channel="e2e.importado"><title lang="es">${title}</title><desc lang="es">Programa importado.</desc></programme>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<tv><channel id="e2e.importado"><display-name lang="es">${CHANNEL}</display-name></channel>\n${programmes.join('\n')}\n</tv>\n`;
}

const list = () => `#EXTM3U
#EXTINF:-1 tvg-id="e2e.importado" catchup="default" catchup-days="1" catchup-source="${base}/archivo/manifest.mpd?inicio={utc}&fin={utcend}" group-title="Importados",${CHANNEL} (1080p)
${base}/caido/manifest.mpd
#EXTINF:-1 tvg-id="e2e.importado" status="online",${CHANNEL} (720p) [Backup]
${base}/dash/manifest.mpd
`;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  makeClip();
  server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    requests.push(`${url.pathname}${url.search}`);
    res.setHeader('access-control-allow-origin', '*');
    if (url.pathname === '/lista.m3u') return res.end(list());
    if (url.pathname === '/guia.xml') return res.end(guide(Date.now()));
    // The archive is the same clip: what matters is the URL the template made.
    const file = /^\/(dash|archivo)\/([\w.-]+)$/.exec(url.pathname);
    if (!file) return res.writeHead(404).end();
    try {
      res.end(readFileSync(path.join(dir, 'dash', file[2] as string)));
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  rmSync(dir, { recursive: true, force: true });
});

test.beforeEach(async ({ request }) => {
  await resetSessions(request, await apiToken(BASICO));
});

test('a list and a guide registered as sources are fetched and shown in the guide; the alternate stream and catch-up play', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const admin = { authorization: `Bearer ${await apiToken(DEMO)}` };
  for (const [kind, file] of [
    ['m3u', 'lista.m3u'],
    ['xmltv', 'guia.xml'],
  ] as const) {
    const added = await request.post('/api/v1/admin/ingest/sources', {
      headers: admin,
      data: { kind, url: `${base}/${file}` },
    });
    expect(added.status()).toBe(201);
    const run = await request.post(`/api/v1/admin/ingest/sources/${((await added.json()) as { id: number }).id}/run`, {
      headers: admin,
    });
    const result = (await run.json()) as { outcome: string; error: string | null };
    expect(result.outcome, result.error ?? '').toBe('imported');
  }

  // Tall enough that every channel of the lineup is on the guide's one page.
  await page.setViewportSize({ width: 1280, height: 4200 });
  const guidePage = new GuidePage(page);
  const player = new PlayerPage(page);
  // basico@ owns the basic package, which imported channels join.
  await player.signIn(BASICO);
  // Not every one of the page's 46 channel days need have answered: this row's has.
  await page.goto('/epg/');
  const row = guidePage.row(CHANNEL);
  await expect(row.getByText('En directo ahora')).toBeVisible({ timeout: 60_000 });
  await row.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/guide-imported-channel.png`, clip: (await row.boundingBox()) ?? undefined });

  // Live: the first stream answers 404, the alternate plays.
  await row.locator('[data-programme-id]', { hasText: 'En directo ahora' }).click();
  await guidePage.overlay.getByRole('link', { name: 'Ver en directo' }).click();
  await player.expectPlayingPast(1, 60_000);
  expect(requests.some((r) => r.startsWith('/caido/manifest.mpd'))).toBe(true);
  expect(requests.some((r) => r.startsWith('/dash/manifest.mpd'))).toBe(true);
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.screenshot({ path: `${SHOTS}/alternate-stream-playing.png` });
  await page.goBack();

  // Catch-up: the ended programme plays from the archive URL its template makes.
  await page.setViewportSize({ width: 1280, height: 4200 });
  await expect(guidePage.row(CHANNEL).getByText('Archivo de la mañana')).toBeVisible({ timeout: 60_000 });
  await guidePage.row(CHANNEL).locator('[data-programme-id]', { hasText: 'Archivo de la mañana' }).click();
  await guidePage.overlay.getByRole('link', { name: 'Ver desde el principio' }).click();
  await player.expectPlayingPast(1, 60_000);
  const archive = requests.find((r) => r.startsWith('/archivo/manifest.mpd'));
  expect(archive).toMatch(/^\/archivo\/manifest\.mpd\?inicio=\d{10}&fin=\d{10}$/);
  const [, start, end] = /inicio=(\d+)&fin=(\d+)/.exec(archive as string) ?? [];
  expect(Number(end) - Number(start)).toBe(90 * 60);
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.screenshot({ path: `${SHOTS}/catchup-playing.png` });
});

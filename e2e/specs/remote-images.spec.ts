import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { BASICO, DEMO } from '../fixtures/accounts';
import { apiToken, signInDirectly } from '../fixtures/api';
import { OperatorChannelsPage } from '../pages/operator-channels-page';

/*
 * Issue 31, item 10: an imported list's logos on http: (blocked by the app's CSP if shown
 * as they are) show through our origin; a logo that is gone shows the channel's name in its
 * box, wrapped between words, in the guide and on the channel's page.
 */
test.describe.configure({ mode: 'serial' });

const SHOTS = '/work/wt/shots/remote-images';
const WITH_LOGO = 'Logo Remoto E2E';
const BROKEN = 'Televisión Autonómica Sin Logotipo E2E';

const dir = mkdtempSync(path.join(os.tmpdir(), 'pantalla-e2e-images-'));
const requests: string[] = [];
let base = '';
let server: http.Server;

const list = () => `#EXTM3U
#EXTINF:-1 tvg-id="e2e.logo-remoto" tvg-logo="${base}/logo.png" group-title="Importados",${WITH_LOGO}
${base}/dash/logo-remoto.mpd
#EXTINF:-1 tvg-id="e2e.sin-logo" tvg-logo="${base}/gone.png" group-title="Importados",${BROKEN}
${base}/dash/sin-logo.mpd
`;

test.beforeAll(async ({ request }) => {
  const ffmpeg = (createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string }).path;
  execFileSync(ffmpeg, [
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    'color=c=0x1f8a70:s=96x96',
    '-frames:v',
    '1',
    path.join(dir, 'logo.png'),
  ]);
  const logo = readFileSync(path.join(dir, 'logo.png'));
  server = http.createServer((req, res) => {
    requests.push(req.url ?? '');
    if (req.url === '/logo.png') return res.writeHead(200, { 'content-type': 'image/png' }).end(logo);
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const imported = await request.post('/api/v1/admin/ingest/m3u', {
    headers: { authorization: `Bearer ${await apiToken(DEMO)}`, 'content-type': 'audio/x-mpegurl' },
    data: list(),
  });
  expect(imported.status(), await imported.text()).toBe(200);
});

test.afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  rmSync(dir, { recursive: true, force: true });
});

async function channelId(page: Page, name: string): Promise<number> {
  const res = await page.request.get('/api/v1/channels', {
    headers: { authorization: `Bearer ${await apiToken(BASICO)}` },
  });
  const channel = ((await res.json()) as { resources: { id: number; name: string; logoURL: string }[] }).resources.find(
    (c) => c.name === name,
  );
  if (!channel) throw new Error(`${name} is not in the channel list`);
  return channel.id;
}

/** Whether the picture was loaded and decoded (not the broken-image sign). */
const loaded = (img: Locator) =>
  img.evaluate((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth > 0);

/** The words of the tile's name that are split across lines (none: it wraps between words). */
const splitWords = (tile: Locator) =>
  tile.evaluate((el) => {
    const text = el.querySelector('.channel-logo__name')?.firstChild;
    if (!text || text.nodeType !== Node.TEXT_NODE) return ['(no text)'];
    const value = text.textContent ?? '';
    let at = 0;
    return value.split(' ').filter((word) => {
      const range = document.createRange();
      range.setStart(text, at);
      range.setEnd(text, at + word.length);
      at += word.length + 1;
      return new Set(Array.from(range.getClientRects(), (r) => Math.round(r.top))).size !== 1;
    });
  });

for (const width of [390, 1440]) {
  test(`at ${width} px the http logo shows through our origin and a missing one shows the channel's name`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
    await signInDirectly(page, BASICO);
    const shown = await channelId(page, WITH_LOGO);
    const gone = await channelId(page, BROKEN);

    await page.goto(`/detail/channel/${shown}`);
    const logo = page.locator('.detail__poster img');
    await expect(logo).toHaveAttribute('src', new RegExp(`^/api/v1/images/remote/channel/${shown}/[0-9a-f]{16}$`));
    await expect.poll(() => loaded(logo)).toBe(true);
    expect(requests).toContain('/logo.png');
    await page.screenshot({ path: `${SHOTS}/detail-http-logo-${width}.png` });

    await page.goto(`/detail/channel/${gone}`);
    const tile = page.getByRole('img', { name: BROKEN });
    await expect(tile).toHaveClass(/channel-logo--name/);
    await expect(tile).toHaveText(BROKEN);
    await expect(page.locator('.detail__poster img')).toHaveCount(0);
    expect(await splitWords(tile)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/detail-name-tile-${width}.png` });
  });
}

test('the guide shows the proxied logo, and the name tile where the logo is gone', async ({ page }) => {
  // Tall enough that every channel of the lineup is on the guide's one page.
  await page.setViewportSize({ width: 1280, height: 4200 });
  await signInDirectly(page, BASICO);
  await page.goto('/epg/');
  const withLogo = page.locator(`li.guide-channel[title="${WITH_LOGO}"] img`);
  await expect.poll(() => loaded(withLogo), { timeout: 30_000 }).toBe(true);
  const tile = page.locator(`li.guide-channel[title="${BROKEN}"] .channel-logo--name`);
  await expect(tile).toHaveText(BROKEN);
  expect(await splitWords(tile)).toEqual([]);
  const column = page.locator('.guide-channels');
  await tile.scrollIntoViewIfNeeded();
  const box = await tile.boundingBox();
  if (box)
    await page.screenshot({
      path: `${SHOTS}/guide-logos.png`,
      clip: { x: 0, y: Math.max(0, box.y - 160), width: 640, height: 260 },
    });
  await expect(column).toBeVisible();
});

test("the console's channel table and form show the imported http logo through our origin", async ({ page }) => {
  await signInDirectly(page, DEMO);
  const console = new OperatorChannelsPage(page);
  await console.gotoTable();
  await console.search.fill(WITH_LOGO);
  const inTable = console.row(WITH_LOGO).locator('img');
  await expect(inTable).toHaveAttribute('src', /^\/api\/v1\/images\/remote\/channel\/\d+\/[0-9a-f]{16}$/, {
    timeout: 20_000,
  });
  await expect.poll(() => loaded(inTable)).toBe(true);
  await console.openChannel(WITH_LOGO);
  const preview = page.locator('.channel-edit__preview img');
  await expect.poll(() => loaded(preview)).toBe(true);
  // The form still edits the list's own address.
  await expect(console.logo).toHaveValue(/^http:\/\/127\.0\.0\.1:\d+\/logo\.png$/);
});

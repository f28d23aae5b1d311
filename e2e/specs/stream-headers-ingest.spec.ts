import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { DEMO } from '../fixtures/accounts';
import { apiToken, signInDirectly } from '../fixtures/api';

/*
 * Issue 31, item 3: a list's stream that asks for a User-Agent and Referer shows them on the
 * console's channel page, and the server's check of the streams sends them (a stream server
 * on 127.0.0.1 that refuses anything else); a guide source takes a time shift in hours.
 */
test.describe.configure({ mode: 'serial' });

const SHOTS = '/work/wt/shots/stream-headers';
const NAME = 'Canal Exigente E2E';
let server: http.Server;
let base: string;
let channelId: number;

test.beforeAll(async ({ request }) => {
  server = http.createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    const ok =
      path === '/principal.m3u8' &&
      req.headers['user-agent'] === 'PantallaE2E/1.0' &&
      req.headers.referer === 'https://origen.example/';
    res.writeHead(ok ? 200 : 403).end(ok ? '#EXTM3U\n' : 'prohibido');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const list = `#EXTM3U
#EXTINF:-1 tvg-id="ExigenteE2E.es" http-user-agent="PantallaE2E/1.0" http-referrer="https://origen.example/" group-title="General",${NAME}
${base}/principal.m3u8
#EXTINF:-1 tvg-id="ExigenteE2E.es" group-title="General",${NAME}
${base}/principal.m3u8?sin=cabeceras
`;
  const token = await apiToken(DEMO);
  const imported = await request.post('/api/v1/admin/ingest/m3u', {
    headers: { authorization: `Bearer ${token}`, 'content-type': 'audio/x-mpegurl' },
    data: list,
  });
  expect(imported.status(), await imported.text()).toBe(200);
  const found = await request.get(`/api/v1/operator/channels?q=${encodeURIComponent(NAME)}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  // By its exact name: another spec's imported channel may match the search too.
  const items = ((await found.json()) as { items: { id: number; name: string }[] }).items;
  channelId = items.find((c) => c.name === NAME)!.id;
});

test.afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

for (const width of [390, 1440]) {
  test(`the channel page shows a stream's headers and the server's check sends them, at ${width} px`, async ({
    page,
  }) => {
    await signInDirectly(page, DEMO);
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/operador/canales/${channelId}`);
    const streams = page.getByRole('region', { name: 'Flujos y cabeceras' });
    await expect(streams.getByText('PantallaE2E/1.0')).toBeVisible({ timeout: 30_000 });
    await expect(streams.getByText('https://origen.example/')).toBeVisible();
    await expect(streams.getByText(/el navegador no puede enviar estas cabeceras/i)).toBeVisible();
    await streams.getByRole('button', { name: 'Comprobar los flujos' }).click();
    await expect(streams.getByText('Responde (200)')).toBeVisible({ timeout: 30_000 });
    await expect(streams.getByText(/No se reproduciría: El servidor del flujo ha respondido 403/)).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/channel-${width}.png`, fullPage: true });
  });
}

test('a guide source takes a time shift in hours and shows it', async ({ page }) => {
  await signInDirectly(page, DEMO);
  await page.setViewportSize({ width: 390, height: 900 });
  await page.goto('/operador/guias');
  const url = `https://guias.invalid/desplazada-${Date.now().toString(36)}.xml`;
  await page.getByLabel('Dirección (http o https)').fill(url);
  await page.getByRole('spinbutton', { name: 'Desplazar los horarios de la guía' }).fill('-1.5');
  await page.getByRole('combobox', { name: 'Unidad del desplazamiento' }).selectOption('h');
  await page.getByRole('button', { name: 'Añadir' }).click();
  await expect(page.getByText('Fuente añadida.')).toBeVisible({ timeout: 30_000 });
  const sources = await page.request.get('/api/v1/operator/sources?limit=100', {
    headers: { authorization: `Bearer ${await apiToken(DEMO)}` },
  });
  const source = (
    (await sources.json()) as { items: { id: number; url: string; guideShiftMinutes: number }[] }
  ).items.find((s) => s.url === url);
  expect(source?.guideShiftMinutes).toBe(-90);
  await page.goto(`/operador/guias/${source!.id}`);
  await expect(page.getByText(/horarios −1 h 30 min/)).toBeVisible({ timeout: 30_000 });
  await page.screenshot({ path: `${SHOTS}/source-390.png`, fullPage: true });
});

import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { DEMO } from '../fixtures/accounts';
import { apiToken, BASE_URL, signInDirectly } from '../fixtures/api';
import { OperatorSourcesPage } from '../pages/operator-sources-page';

/*
 * Issue 27: a content operator uploads a guide whose programmes name a guide id no channel
 * carries, maps it to a channel in the picker, and the channel's guide shows them.
 */
const SHOTS = '/work/wt/shots/operator-sources';
const CONTENT = { email: 'contenidos@pantalla.test', password: 'contenidos1234' } as const;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const xmltvTime = (ms: number) => `${new Date(ms).toISOString().replace(/[-:T]/g, '').slice(0, 14)} +0000`;

interface Option {
  id: number;
  number: number;
  name: string;
}

async function call<T>(token: string, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${BASE_URL}/api/v1${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

test('a content operator maps an unmatched guide id and its programmes appear in the guide', async ({ page }) => {
  test.setTimeout(180_000);
  mkdirSync(SHOTS, { recursive: true });
  const token = await apiToken(CONTENT);
  const guideId = `e2e-${Date.now().toString(36)}.sin-canal`;
  const source = await call<{ id: number }>(token, 'POST', '/operator/sources', {
    kind: 'xmltv',
    url: `https://guias.invalid/${guideId}.xml`,
    intervalMinutes: 10_080,
  });
  // A channel well down the list, two days ahead: no other spec looks there.
  const channel = (
    await call<{ items: Option[] }>(token, 'GET', '/operator/sources/channel-options?limit=20')
  ).items.at(-1) as Option;
  const base = Math.floor(Date.now() / DAY) * DAY + 2 * DAY + 10 * HOUR;
  const programmes = Array.from(
    { length: 3 },
    (_, i) =>
      `<programme start="${xmltvTime(base + i * HOUR)}" stop="${xmltvTime(base + (i + 1) * HOUR)}" channel="${guideId}"><title lang="es">Misterio E2E ${i}</title></programme>`,
  );
  const file = `<?xml version="1.0" encoding="UTF-8"?>\n<tv>\n${programmes.join('\n')}\n</tv>\n`;

  await signInDirectly(page, CONTENT);
  await page.setViewportSize({ width: 1440, height: 900 });
  const sources = new OperatorSourcesPage(page);
  await sources.openSource(source.id);
  // The scheduler may be fetching the (unreachable) URL at this moment: then the upload waits its turn.
  await expect(async () => {
    await sources.upload('guia.xml', file);
  }).toPass({ timeout: 120_000 });
  await expect(sources.unmatchedItem(guideId)).toBeVisible();
  await expect(page.getByText('Línea 3', { exact: true }).first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/source-1440.png`, fullPage: true });

  await sources.pick(guideId, channel.name, `${channel.number} · ${channel.name}`);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/picker-390.png`, fullPage: true });
  await sources.applyMapping();
  await expect(page.getByText(`${guideId} asignado: 3 programas añadidos a la guía.`)).toBeVisible({ timeout: 30_000 });
  await expect(sources.unmatchedItem(guideId)).toHaveCount(0);

  const day = new Date(base).toISOString().slice(0, 10);
  const viewer = await apiToken(DEMO);
  const epg = await call<{ events: { title: string }[] }>(viewer, 'GET', `/epg/${channel.id}/${day}?tz=UTC`);
  expect(epg.events.map((e) => e.title).filter((t) => t.startsWith('Misterio E2E'))).toEqual([
    'Misterio E2E 0',
    'Misterio E2E 1',
    'Misterio E2E 2',
  ]);

  await page.screenshot({ path: `${SHOTS}/source-390.png`, fullPage: true });
  await sources.openList();
  await expect(page.getByRole('link', { name: `Abrir https://guias.invalid/${guideId}.xml` })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/list-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: `${SHOTS}/list-1440.png`, fullPage: true });
});

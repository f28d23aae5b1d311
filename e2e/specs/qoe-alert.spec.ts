import { expect, test, type Page } from '@playwright/test';
import type { QoeThresholds } from '@pantalla/contracts';
import { BASICO, DEMO } from '../fixtures/accounts';
import { OperatorQoeItemPage } from '../pages/operator-qoe-item-page';
import { OperatorQoePage } from '../pages/operator-qoe-page';
import { apiToken, emplayer, PlayerPage, resetSessions } from '../pages/player-page';

/** Channel 5 (Telemar), in basico@'s basic package: its segments are cut off for this spec's player. */
const TELEMAR = emplayer([5, 'Telemar', 'LIVE', 2, 5, null, 0]);
const SHOTS = '/tmp/shots/qoe';
/** The server's thresholds until an operator sets them (QOE_DEFAULT_THRESHOLDS). */
const DEFAULTS: QoeThresholds = { failurePct: 10, startupP95Ms: 8000, minViews: 5 };

test.beforeEach(async ({ request }) => {
  await resetSessions(request, await apiToken(BASICO));
});

test.afterEach(async ({ request }) => {
  // The thresholds are the server's: the next spec finds the defaults again.
  await request.put('/api/v1/operator/qoe/thresholds', {
    headers: { authorization: `Bearer ${await apiToken(DEMO)}` },
    data: DEFAULTS,
  });
});

/** Sets the alert thresholds through the console's form. */
async function setThresholds(
  qoe: OperatorQoePage,
  values: { failurePct: string; startupSeconds: string; minViews: string },
): Promise<void> {
  const form = qoe.page.getByRole('group', { name: 'Umbrales (últimos 5 minutos)' });
  await form.getByLabel('Fallos (%)').fill(values.failurePct);
  await form.getByLabel('Arranque p95 (s)').fill(values.startupSeconds);
  await form.getByLabel('Mínimo de reproducciones').fill(values.minViews);
  const saved = qoe.page.waitForResponse(
    (response) => response.url().includes('/operator/qoe/thresholds') && response.request().method() === 'PUT',
  );
  await form.getByRole('button', { name: 'Guardar umbrales' }).click();
  expect((await saved).status()).toBe(200);
  await expect(qoe.page.getByRole('status').filter({ hasText: 'Umbrales guardados.' })).toBeVisible();
}

/** Plays Telemar with its segments refused until the player reports a view that failed. */
async function playFailing(page: Page): Promise<void> {
  await page.route('**/media/a/**', (route) => route.abort('failed'));
  const failedBeacon = page.waitForRequest(
    (request) => request.url().includes('/api/v1/qoe/beacons') && /"errorCode":\d+/.test(request.postData() ?? ''),
    { timeout: 150_000 },
  );
  const player = new PlayerPage(page);
  await player.signIn(BASICO);
  await player.goto(TELEMAR);
  await failedBeacon;
}

test("a channel whose segments fail: the failure reaches the console's breakdown, an alert is raised, the channel's and the subscriber's pages show the view", async ({
  page,
  browser,
}) => {
  // Beacons go within 30 s; the rollup and the alerts run once a minute.
  test.setTimeout(420_000);
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    const qoe = new OperatorQoePage(await context.newPage());
    await qoe.open(DEMO);
    await setThresholds(qoe, { failurePct: '1', startupSeconds: '60', minViews: '1' });

    await playFailing(page);

    const alert = qoe.page
      .getByRole('region', { name: 'Alertas' })
      .getByRole('listitem')
      .filter({ hasText: 'Abierta' })
      .filter({ hasText: 'Telemar' });
    await expect(async () => {
      await qoe.page.reload();
      await qoe.lastHour.click();
      await expect(alert.first()).toBeVisible({ timeout: 5_000 });
      await expect(qoe.row('Telemar')).toBeVisible({ timeout: 5_000 });
    }).toPass({ timeout: 240_000, intervals: [5_000] });
    await expect(alert.first()).toContainText('Fallos de reproducción');
    const [, , , , , failures] = await qoe.cells('Telemar');
    expect(Number((failures ?? '').replace(/\s*%$/, '').replace(',', '.'))).toBeGreaterThan(0);
    await qoe.page.screenshot({ path: `${SHOTS}/alert-1440.png`, fullPage: true });

    // The channel's page: the open alert, the error code, the failed view.
    await qoe.row('Telemar').getByRole('link', { name: 'Telemar' }).click();
    const item = new OperatorQoeItemPage(qoe.page);
    await expect(item.heading('Telemar')).toBeVisible();
    await expect(item.alerts.getByRole('listitem').filter({ hasText: 'Abierta' }).first()).toBeVisible();
    await expect(item.errors.getByRole('row')).not.toHaveCount(1);
    await expect(item.failedViews().first()).toBeVisible();
    await qoe.page.screenshot({ path: `${SHOTS}/channel-1440.png`, fullPage: true });
    await qoe.page.setViewportSize({ width: 390, height: 844 });
    await qoe.page.screenshot({ path: `${SHOTS}/channel-390.png`, fullPage: true });
    await qoe.page.setViewportSize({ width: 1440, height: 900 });

    // One view, then its subscriber's page lists it among the account's views.
    await item.failedViews().first().getByRole('link').click();
    await expect(qoe.page.getByRole('heading', { name: 'Reproducción', level: 1 })).toBeVisible();
    await expect(qoe.page.getByRole('definition').filter({ hasText: /Fallo \d+/ })).toBeVisible();
    // Its timeline: events in order, the failure among them, after the play request.
    const timeline = qoe.page.getByRole('region', { name: 'Línea de tiempo' }).getByRole('listitem');
    await expect(timeline.first()).toContainText('Pide reproducir');
    await expect(timeline.filter({ hasText: /Fallo \d+/ })).toHaveCount(1);
    await qoe.page.screenshot({ path: `${SHOTS}/view-1440.png`, fullPage: true });
    await qoe.page.setViewportSize({ width: 390, height: 844 });
    await qoe.page.screenshot({ path: `${SHOTS}/view-390.png`, fullPage: true });
    await qoe.page.setViewportSize({ width: 1440, height: 900 });
    await qoe.page.getByRole('link', { name: /^Cuenta \d+$/ }).click();
    await expect(qoe.page.getByRole('heading', { name: BASICO.email, level: 1 })).toBeVisible({ timeout: 30_000 });
    const views = qoe.page.getByRole('region', { name: 'Reproducciones recientes' });
    await expect(
      views
        .getByRole('row')
        .filter({ hasText: 'Telemar' })
        .filter({ hasText: /Fallo \d+/ })
        .first(),
    ).toBeVisible();
    await views.scrollIntoViewIfNeeded();
    await qoe.page.screenshot({ path: `${SHOTS}/subscriber-views-1440.png` });
  } finally {
    await context.close();
  }
});

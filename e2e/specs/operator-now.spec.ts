import { expect, test } from '@playwright/test';
import { BASICO, DEMO } from '../fixtures/accounts';
import { OperatorNowPage } from '../pages/operator-now-page';
import { apiToken, emplayer, PlayerPage, resetSessions } from '../pages/player-page';

/** Channel 1 (Pantalla Uno), in basico@'s basic package. */
const LIVE_1 = emplayer([1, 'Pantalla Uno', 'LIVE', 2, 1, null, 0]);
/** The bound: the view asks every 3 s and the server's count is at most 1 s old. */
const LIVE_WITHIN_MS = 5_000;
const SHOTS = '/tmp/shots/operator-now';

test.beforeEach(async ({ request }) => {
  await resetSessions(request, await apiToken(BASICO));
});

test('the Now view counts a subscriber playing a live channel within 5 s, and none once the player closes', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const consoleContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    const now = new OperatorNowPage(await consoleContext.newPage());
    await now.open(DEMO);
    await expect(now.updatedAt).toBeVisible();

    const player = new PlayerPage(page);
    await player.signIn(BASICO);
    await player.goto(LIVE_1);
    await player.expectPlayingPast(0);
    await expect(now.countOf('Pantalla Uno')).toHaveText('1', { timeout: LIVE_WITHIN_MS });
    await expect(now.row('Pantalla Uno').getByRole('link', { name: /Pantalla Uno/ })).toHaveAttribute(
      'href',
      '/operador/canales/1',
    );
    await now.page.screenshot({ path: `${SHOTS}/now-1440.png` });
    await now.page.setViewportSize({ width: 390, height: 844 });
    await expect(now.countOf('Pantalla Uno')).toBeVisible();
    expect(await now.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await now.page.screenshot({ path: `${SHOTS}/now-390.png`, fullPage: true });

    // Back closes the stream session (DELETE): the row goes on the next count.
    await player.wakeControls();
    await player.back.click();
    await expect(page).not.toHaveURL(/\/emplayer\//);
    await expect(now.row('Pantalla Uno')).toHaveCount(0, { timeout: LIVE_WITHIN_MS });
  } finally {
    await consoleContext.close();
  }
});

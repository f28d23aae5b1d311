import { expect, test } from '@playwright/test';
import { BASICO, DEMO } from '../fixtures/accounts';
import { OperatorQoePage } from '../pages/operator-qoe-page';
import { apiToken, emplayer, PlayerPage, resetSessions } from '../pages/player-page';

/** Channel 1 (Pantalla Uno), in basico@'s basic package; its next channel is a zap away. */
const LIVE_1 = emplayer([1, 'Pantalla Uno', 'LIVE', 2, 1, null, 0]);
const SHOTS = '/tmp/shots/qoe';
/** Seconds, as the console writes a start-up ('0,88 s'). */
const seconds = (text: string) => Number(text.replace(/\s*s$/, '').replace(',', '.'));

test.beforeEach(async ({ request }) => {
  await resetSessions(request, await apiToken(BASICO));
});

test('a live play and a zap report their views; the console shows them with their start-up time', async ({
  page,
  browser,
}) => {
  // The rollup runs once a minute: the views reach the console within about a minute.
  test.setTimeout(300_000);
  const player = new PlayerPage(page);
  await player.signIn(BASICO);
  await player.goto(LIVE_1);
  await player.expectPlayingPast(0);
  await player.wakeControls();
  await player.zapNext.click();
  await expect(player.title).not.toContainText('Pantalla Uno', { timeout: 30_000 });
  await player.expectAdvancing();
  await player.wakeControls();
  await player.back.click();
  await expect(page).not.toHaveURL(/emplayer/, { timeout: 30_000 });

  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    const qoe = new OperatorQoePage(await context.newPage());
    await qoe.open(DEMO);
    await expect(async () => {
      await qoe.page.reload();
      await qoe.lastHour.click();
      await expect(qoe.row('Pantalla Uno')).toBeVisible({ timeout: 5_000 });
    }).toPass({ timeout: 180_000, intervals: [5_000] });
    const [views, , , p95] = await qoe.cells('Pantalla Uno');
    expect(Number(views)).toBeGreaterThanOrEqual(1);
    // Start-up from play intent (session open included) to the first frame, as the histogram's bucket edge.
    expect(seconds(p95 ?? '')).toBeGreaterThan(0);
    expect(seconds(p95 ?? '')).toBeLessThanOrEqual(30);
    expect(await qoe.page.getByRole('row').count()).toBeGreaterThanOrEqual(3);
    await qoe.page.screenshot({ path: `${SHOTS}/console-1440.png`, fullPage: true });
  } finally {
    await context.close();
  }
});

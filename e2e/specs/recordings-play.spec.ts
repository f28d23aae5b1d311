import { expect, test, type APIRequestContext, type Locator } from '@playwright/test';
import { BASICO } from '../fixtures/accounts';
import { signInDirectly } from '../fixtures/api';
import { GuidePage } from '../pages/guide-page';
import { apiToken, PlayerPage, resetSessions } from '../pages/player-page';

/*
 * Issue 29: "Grabar" on an ended programme in the guide records it at once, and Mis grabaciones
 * plays it: the player opens the recording (POST /recordings/{id}/play) and its picture moves.
 * As basico@ (the playback project resets its two device slots before each test), at a phone's
 * width and a desktop's.
 */

const SHOTS = '/tmp/shots/recordings';
/** Channel 1: basic package, a week of catch-up. */
const CHANNEL = 'Pantalla Uno';

/** basico@ starts each test with no recordings, so "Grabar" is offered again. */
async function forgetRecordings(request: APIRequestContext, token: string): Promise<void> {
  const headers = { authorization: `Bearer ${token}` };
  for (const state of ['ready', 'scheduled']) {
    const page = await request.get(`/api/v1/recordings?state=${state}&limit=100`, { headers });
    expect(page.status()).toBe(200);
    for (const item of ((await page.json()) as { items: { id: number }[] }).items)
      expect((await request.delete(`/api/v1/recordings/${item.id}`, { headers })).status()).toBe(204);
  }
}

/** A programme of a row that shows on screen, even in part (a phone's grid starts mid-programme), pinned by its id. */
async function onScreen(guide: GuidePage, channel: string, only = ''): Promise<Locator> {
  const row = guide.row(channel);
  await expect(guide.programmes(row).first()).toBeVisible();
  const id = await row.evaluate((el, only) => {
    const viewport = el.closest('.guide-grid__viewport')?.getBoundingClientRect();
    const buttons = Array.from(el.querySelectorAll<HTMLElement>(`[data-programme-id]${only}`));
    const shown = buttons.find((b) => {
      const box = b.getBoundingClientRect();
      return viewport && box.right > viewport.left + 20 && box.left < viewport.right - 20;
    });
    return shown?.dataset.programmeId ?? null;
  }, only);
  if (!id) throw new Error(`no programme ${only} on screen in ${channel}`);
  return row.locator(`[data-programme-id="${id}"]`);
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
]) {
  test.describe(`recordings at ${viewport.width} px`, () => {
    test.use({ viewport });

    test.beforeEach(async ({ request }) => {
      const token = await apiToken(BASICO);
      await resetSessions(request, token);
      await forgetRecordings(request, token);
    });

    test('records an ended programme from the guide and plays it from Mis grabaciones', async ({ page }) => {
      test.setTimeout(120_000);
      await signInDirectly(page, BASICO);
      const guide = new GuidePage(page);
      await guide.goto();
      await guide.dates.getByRole('button', { name: 'Ayer' }).click();
      await guide.expectSettled();
      const ended = await onScreen(guide, CHANNEL, '.guide-programme--past');
      const title = ((await ended.locator('.guide-programme__title').textContent()) ?? '').trim();
      await ended.click();
      await expect(guide.overlay.getByRole('heading', { name: title })).toBeVisible();

      const record = guide.overlay.getByTestId('rec-record');
      await record.scrollIntoViewIfNeeded();
      await expect(record).toBeInViewport();
      await expect(record).toHaveAttribute('data-state', 'idle');
      await record.click();
      await expect(record).toHaveAttribute('data-state', 'recorded');
      await expect(guide.overlay.getByTestId('rec-message')).not.toBeEmpty();
      await page.screenshot({ path: `${SHOTS}/recorded-${viewport.width}.png` });

      // Every action of the overlay shows whole: none cut by the panel.
      for (const name of ['Más información', 'Cerrar detalles'])
        await expect(guide.overlay.getByRole('button', { name })).toBeInViewport({ ratio: 1 });

      await page.goto('/recordings/');
      const item = page.getByTestId('recording-item').filter({ hasText: title }).first();
      await expect(item).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/my-recordings-${viewport.width}.png` });
      const opened = page.waitForResponse(
        (response) =>
          /\/api\/v1\/recordings\/\d+\/play$/.test(response.url()) && response.request().method() === 'POST',
      );
      await item.locator('.myrec-play').click();
      await expect(page).toHaveURL(/\/emplayer\//);
      expect((await opened).status()).toBe(201);

      const player = new PlayerPage(page);
      await expect(player.root).toBeVisible();
      await player.expectPlayingPast(0);
      await player.expectAdvancing();
      await page.screenshot({ path: `${SHOTS}/playing-${viewport.width}.png` });
    });

    test("a future programme's overlay shows Grabar, the bell and Más información whole", async ({ page }) => {
      await signInDirectly(page, BASICO);
      const guide = new GuidePage(page);
      await guide.goto();
      await guide.dates.getByRole('button', { name: 'Mañana' }).click();
      await guide.expectSettled();
      await (await onScreen(guide, CHANNEL)).click();
      await expect(guide.overlay).toBeVisible();
      for (const action of [
        guide.overlay.getByTestId('rec-record'),
        guide.overlay.getByTestId('rec-bell'),
        guide.overlay.getByRole('button', { name: 'Más información' }),
        guide.overlay.getByRole('button', { name: 'Cerrar detalles' }),
      ]) {
        await action.scrollIntoViewIfNeeded();
        // A phone's panel scrolls inside its capped height; a fraction of a pixel of rounding may stay clipped.
        await expect(action).toBeInViewport({ ratio: 0.98 });
      }
      await guide.overlay.getByTestId('rec-record').scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/overlay-future-${viewport.width}.png` });
    });
  });
}

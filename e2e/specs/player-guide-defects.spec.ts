import { expect, test } from '@playwright/test';
import { BrowseHomePage } from '../pages/browse-home-page';

/** Issue 17, the guide points a browser can show without playing a stream. */
test.describe('guide defects (issue 17)', () => {
  test("tabbing into the grid lands on what is on now on the page's first channel; the 3002 logo heads it", async ({
    page,
  }) => {
    const home = new BrowseHomePage(page);
    await home.signIn();
    await page.goto('/epg/');
    await expect(page.getByRole('heading', { level: 1, name: 'Guía de programación' })).toBeVisible();
    await expect(page.locator('.guide__logo').getByRole('img')).toBeVisible();
    const firstRow = page.locator('.guide-row').first();
    await expect(firstRow.locator('.guide-programme--live')).toHaveCount(1, { timeout: 20_000 });
    await page.getByRole('button', { name: 'Ahora' }).focus();
    for (let i = 0; i < 30; i++) {
      if (await page.evaluate(() => document.activeElement?.classList.contains('guide-programme') ?? false)) break;
      await page.keyboard.press('Tab');
    }
    const focused = page.locator('.guide-programme:focus');
    await expect(focused).toHaveClass(/guide-programme--live/);
    await expect(firstRow.locator('.guide-programme:focus')).toHaveCount(1);
  });
});

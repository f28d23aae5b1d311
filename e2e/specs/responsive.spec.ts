import { expect, test, type Locator, type Page } from '@playwright/test';
import { BrowseHomePage } from '../pages/browse-home-page';

/** Issue 17, phones and tablets: the header folds into a menu, nothing overlaps or scrolls sideways, touch targets of 44 px. */

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  expect(b, 'laid out').not.toBeNull();
  return b!;
}

async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(
    0,
  );
}

async function expectTouchTarget(locator: Locator) {
  const b = await box(locator);
  expect(Math.round(b.width), 'width').toBeGreaterThanOrEqual(44);
  expect(Math.round(b.height), 'height').toBeGreaterThanOrEqual(44);
}

/** Touch swipe on an element: pointer events as a finger sends them. */
async function swipe(target: Locator, dx: number) {
  const b = await box(target);
  const y = b.y + Math.min(b.height / 2, 80);
  const x0 = b.x + b.width / 2 + (dx < 0 ? 60 : -60);
  const init = { pointerType: 'touch', pointerId: 7, isPrimary: true, bubbles: true };
  await target.dispatchEvent('pointerdown', { ...init, clientX: x0, clientY: y });
  await target.dispatchEvent('pointerup', { ...init, clientX: x0 + dx, clientY: y + 4 });
}

for (const viewport of [
  { width: 360, height: 740 },
  { width: 390, height: 844 },
  { width: 430, height: 932 },
]) {
  test.describe(`phone ${viewport.width} px`, () => {
    test.use({ viewport, hasTouch: true });

    test('the header folds into a menu; no sideways scroll; the language toggle in the account menu', async ({
      page,
    }) => {
      const home = new BrowseHomePage(page);
      await home.signIn();
      const menu = page.getByRole('button', { name: 'Menú' });
      await expect(menu).toBeVisible();
      await expect(home.nav).toBeHidden();
      // One header row: the carousel's title starts below it.
      const header = await box(home.header);
      const heading = await box(home.carousel.locator('.carousel__slide--active .carousel__title'));
      expect(heading.y).toBeGreaterThanOrEqual(header.y + header.height - 1);
      await expectNoSidewaysScroll(page);
      for (const target of [
        menu,
        page.getByRole('button', { name: 'Tu cuenta' }),
        page.getByRole('combobox', { name: 'Buscar' }),
      ])
        await expectTouchTarget(target);

      await menu.click();
      await expect(menu).toHaveAttribute('aria-expanded', 'true');
      await expect(home.nav).toBeVisible();
      const guide = home.nav.getByRole('link', { name: 'Guía TV' });
      await expectTouchTarget(guide);
      await page.keyboard.press('Escape');
      await expect(home.nav).toBeHidden();
      await expect(menu).toBeFocused();
      await menu.click();
      await home.nav.getByRole('link', { name: 'Deportes' }).click();
      await expect(page).toHaveURL(/\/sports\/$/);
      await expect(home.nav).toBeHidden();
      await expectNoSidewaysScroll(page);

      await page.getByRole('button', { name: 'Tu cuenta' }).click();
      const english = page.getByRole('button', { name: 'EN', exact: true });
      await expect(english).toBeVisible();
      await english.click();
      await expect(page.getByRole('button', { name: 'Menu' })).toBeVisible();
      await page.getByRole('button', { name: 'ES', exact: true }).click();
      await expect(menu).toBeVisible();
    });
  });
}

test.describe('phone 390×844, touch', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test("the detail's close button sits below the header", async ({ page }) => {
    const home = new BrowseHomePage(page);
    await home.signIn();
    await page.goto('/detail/content/1001');
    const close = page.locator('.detail__close');
    await expect(close).toBeVisible();
    const header = await box(home.header);
    const button = await box(close);
    expect(button.y).toBeGreaterThanOrEqual(header.y + header.height);
    await expectTouchTarget(close);
    await expectNoSidewaysScroll(page);
  });

  test('rows and the carousel follow a swipe', async ({ page }) => {
    const home = new BrowseHomePage(page);
    await home.signIn();
    await home.carousel.getByRole('button', { name: 'Pausar' }).click();
    const slides = home.carousel.locator('.carousel__slides');
    const title = home.carousel.locator('.carousel__slide--active .carousel__title');
    const first = await title.textContent();
    await swipe(slides, -150);
    await expect(title).not.toHaveText(first ?? '');
    await swipe(slides, 150);
    await expect(title).toHaveText(first ?? '');

    const row = page.locator('section.row').first();
    await row.scrollIntoViewIfNeeded();
    const track = row.locator('.row__track');
    await expect(track).toHaveAttribute('style', /translateX\(0px\)|translateX\(-?0px\)/);
    await swipe(row.locator('.row__viewport'), -150);
    await expect(track).not.toHaveAttribute('style', /translateX\(0px\)/);
    await swipe(row.locator('.row__viewport'), 150);
    await expect(track).toHaveAttribute('style', /translateX\(0px\)/);
  });

  test('the guide: header within the screen, touch targets of 44 px, the operator logo', async ({ page }) => {
    const home = new BrowseHomePage(page);
    await home.signIn();
    await page.goto('/epg/');
    await expect(page.getByRole('heading', { level: 1, name: 'Guía de programación' })).toBeVisible();
    await expect(page.locator('.guide__logo')).toBeVisible();
    await expectTouchTarget(page.getByRole('link', { name: 'Cerrar' }));
    await expectTouchTarget(page.getByRole('button', { name: 'Ahora' }));
    const now = await box(page.getByRole('button', { name: 'Ahora' }));
    expect(now.x + now.width).toBeLessThanOrEqual(390);
    await expectNoSidewaysScroll(page);
  });
});

test.describe('tablets', () => {
  for (const viewport of [
    { width: 768, height: 1024 },
    { width: 1024, height: 768 },
  ]) {
    test(`${viewport.width}×${viewport.height}: no sideways scroll on the home, the guide and a genre`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      const home = new BrowseHomePage(page);
      await home.signIn();
      await expectNoSidewaysScroll(page);
      for (const path of ['/epg/', '/gid/5310', '/calendar/']) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
        await expectNoSidewaysScroll(page);
      }
    });
  }
});

import { expect, test } from '@playwright/test';
import { signInDirectly } from '../fixtures/api';
import { createAccount } from '../fixtures/new-account';
import { GuidePage } from '../pages/guide-page';

/**
 * Issue 30: a film added to "Mi lista" and a starred channel come back as the home's rows "Mi lista" and
 * "Canales favoritos"; a new account's home has neither. Each run registers an account of its own.
 */
for (const viewport of [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
]) {
  test.describe(`the home's own rows at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('adds a film to Mi lista and stars a channel, then sees both rows on the home', async ({ page, request }) => {
      const account = await createAccount(request, `filas-${viewport.width}`);
      await signInDirectly(page, account);
      await page.goto('/detail/content/1159');
      const filmTitle = (await page.getByRole('heading', { level: 1 }).first().textContent())?.trim() ?? '';
      const button = page.getByRole('button', { name: 'Mi lista', exact: true });
      await expect(button).toBeEnabled();
      await button.click();
      await expect(button).toHaveAttribute('aria-pressed', 'true');

      const guide = new GuidePage(page);
      await guide.goto();
      const star = page
        .locator('.guide-channel')
        .first()
        .getByRole('button', { name: /^Añadir .+ a favoritos$/ });
      const channel = /^Añadir (.+) a favoritos$/.exec((await star.getAttribute('aria-label')) ?? '')?.[1] ?? '';
      await star.click();
      await expect(page.getByRole('button', { name: `Quitar ${channel} de favoritos` })).toHaveAttribute(
        'aria-pressed',
        'true',
      );

      await page.goto('/');
      // The rows load as the subscriber scrolls near them, after every other row.
      await expect(page.locator('.browse-home__rows .row').first()).toBeVisible();
      await page.locator('.browse-home__personal').scrollIntoViewIfNeeded();
      const myList = page.getByRole('heading', { name: 'Mi lista', exact: true });
      await myList.scrollIntoViewIfNeeded();
      await expect(myList).toBeVisible();
      const listRow = page.locator('section', { has: myList });
      await expect(listRow.getByRole('button', { name: new RegExp(filmTitle.slice(0, 12)) }).first()).toBeVisible();
      const channels = page.getByRole('heading', { name: 'Canales favoritos', exact: true });
      await channels.scrollIntoViewIfNeeded();
      await expect(channels).toBeVisible();
      await expect(page.locator('section', { has: channels }).getByText(channel).first()).toBeAttached();
      await page.screenshot({ path: `/tmp/h/h3-home-rows-${viewport.width}.png`, fullPage: true });
    });

    test("a new account's home has neither row", async ({ page, request }) => {
      const account = await createAccount(request, `filas-vacias-${viewport.width}`);
      await signInDirectly(page, account);
      await page.goto('/');
      await expect(page.locator('.browse-home__rows .row').first()).toBeVisible();
      // Asked as the rows near, answered empty: no row drawn.
      const answered = page.waitForResponse((r) => r.url().includes('/api/v1/favourites/channels') && r.ok());
      await page.locator('.browse-home__personal').scrollIntoViewIfNeeded();
      await answered;
      await expect(page.getByRole('heading', { name: 'Canales favoritos' })).toHaveCount(0);
      await expect(page.getByRole('heading', { name: 'Mi lista', exact: true })).toHaveCount(0);
    });
  });
}

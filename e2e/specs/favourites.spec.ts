import { expect, test } from '@playwright/test';
import { signInDirectly } from '../fixtures/api';
import { createAccount } from '../fixtures/new-account';
import { GuidePage } from '../pages/guide-page';
import { emplayer } from '../pages/player-page';

/**
 * Issue 30: star two channels in the guide, filter it to "Favoritos" and see only them; the
 * filter is remembered after a reload. "Mi lista" from a film's page. Each run registers an account of its own, so no other
 * spec's guide gains stars or a filter.
 */
for (const viewport of [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
]) {
  test.describe(`favourite channels at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('stars two channels, filters the guide to them, and remembers the filter', async ({ page, request }) => {
      const account = await createAccount(request, `favoritos-${viewport.width}`);
      await signInDirectly(page, account);
      const guide = new GuidePage(page);
      await guide.goto();

      const channels = page.locator('.guide-channel');
      const total = await channels.count();
      expect(total).toBeGreaterThan(2);
      const filter = page.getByRole('button', { name: 'Favoritos', exact: true });
      await expect(filter).toHaveAttribute('aria-pressed', 'false');

      // The first and the third channel of the page, by the name their star says.
      const picked: string[] = [];
      for (const index of [0, 2]) {
        const star = channels.nth(index).getByRole('button', { name: /^Añadir .+ a favoritos$/ });
        const name = /^Añadir (.+) a favoritos$/.exec((await star.getAttribute('aria-label')) ?? '')?.[1] ?? '';
        picked.push(name);
        await star.click();
        await expect(channels.nth(index).getByRole('button', { name: `Quitar ${name} de favoritos` })).toHaveAttribute(
          'aria-pressed',
          'true',
        );
      }

      await filter.click();
      await expect(filter).toHaveAttribute('aria-pressed', 'true');
      await expect(channels).toHaveCount(2);
      for (const [i, name] of picked.entries()) {
        await expect(channels.nth(i)).toHaveAttribute('title', name);
        await expect(guide.row(name)).toBeVisible();
      }
      await guide.expectSettled();

      // Remembered for this profile: a reload opens filtered.
      await page.reload();
      await guide.expectLoaded();
      await expect(page.getByRole('button', { name: 'Favoritos', exact: true })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      await expect(channels).toHaveCount(2);

      // Un-starring one leaves the other; turning the filter off shows every channel again.
      await channels
        .nth(1)
        .getByRole('button', { name: `Quitar ${picked[1]} de favoritos` })
        .click();
      await expect(channels).toHaveCount(1);
      await expect(channels.first()).toHaveAttribute('title', picked[0]!);
      await page.getByRole('button', { name: 'Favoritos', exact: true }).click();
      await expect(channels).toHaveCount(total);
    });

    test("stars a channel from the player's header, and the guide has it starred", async ({ page, request }) => {
      const account = await createAccount(request, `estrella-${viewport.width}`);
      await signInDirectly(page, account);
      await page.goto(emplayer([1, 'Pantalla Uno', 'LIVE', 2, 1, null, 0]));
      const add = page.getByRole('button', { name: 'Añadir Pantalla Uno a favoritos' });
      await expect(add).toBeEnabled();
      await expect(add).toHaveAttribute('aria-pressed', 'false');
      await add.click();
      const remove = page.getByRole('button', { name: 'Quitar Pantalla Uno de favoritos' });
      await expect(remove).toHaveAttribute('aria-pressed', 'true');
      // By keyboard: Enter takes the star off and on again, and the focus stays on it (a button disabled
      // while the server answered dropped it).
      await remove.focus();
      await page.keyboard.press('Enter');
      await expect(add).toBeFocused();
      await expect(add).toHaveAttribute('aria-pressed', 'false');
      await expect(add).not.toHaveAttribute('aria-busy', 'true');
      await page.keyboard.press('Enter');
      await expect(remove).toBeFocused();
      await expect(remove).toHaveAttribute('aria-pressed', 'true');
      await expect(remove).not.toHaveAttribute('aria-busy', 'true');
      await page.screenshot({ path: `/tmp/shots/favourites/player-star-${viewport.width}.png` });
      // The server has it: the guide (another screen, another query) shows the star lit.
      const guide = new GuidePage(page);
      await guide.goto();
      await expect(
        page.locator('.guide-channel').getByRole('button', { name: 'Quitar Pantalla Uno de favoritos' }),
      ).toHaveAttribute('aria-pressed', 'true');
    });

    test('adds a film to Mi lista from its page, and keeps it after a reload', async ({ page, request }) => {
      const account = await createAccount(request, `milista-${viewport.width}`);
      await signInDirectly(page, account);
      await page.goto('/detail/content/1159');
      const button = page.getByRole('button', { name: 'Mi lista', exact: true });
      await expect(button).toHaveAttribute('aria-pressed', 'false');
      await expect(button).toBeEnabled();
      await button.click();
      await expect(button).toHaveAttribute('aria-pressed', 'true');
      await page.reload();
      await expect(page.getByRole('button', { name: 'Mi lista', exact: true })).toHaveAttribute('aria-pressed', 'true');
      // By keyboard, the focus staying on the button while the server answers.
      const again = page.getByRole('button', { name: 'Mi lista', exact: true });
      await again.focus();
      await page.keyboard.press('Enter');
      await expect(again).toHaveAttribute('aria-pressed', 'false');
      await expect(again).not.toHaveAttribute('aria-busy', 'true');
      await expect(again).toBeFocused();
      await page.screenshot({ path: `/tmp/fav-detail-${viewport.width}.png` });
    });
  });
}

import { expect, test } from '@playwright/test';
import { BASE_URL, apiToken, signInDirectly } from '../fixtures/api';
import { axeViolations } from '../fixtures/axe';
import { createAccount } from '../fixtures/new-account';

/**
 * Issue 30: the "Mi lista" screen. A film added from its page, a series and a programme through
 * the API; the screen lists them, filters by kind, removes one, and the home's «Ver todo» leads
 * to it. Each run registers an account of its own, so no other spec's list changes.
 */
const SERIES_ID = 2001;

/** A programme on air or coming up in the next hours, not for adults. */
async function upcomingProgramme(token: string): Promise<{ id: number; title: string }> {
  const now = Date.now();
  const response = await fetch(`${BASE_URL}/api/v1/events?startTime=${now}&endTime=${now + 6 * 3_600_000}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status).toBe(200);
  const { resources } = (await response.json()) as {
    resources: { id: number; title: string; parental: number; endTime: number }[];
  };
  const programme = resources.find((e) => e.parental < 7 && e.endTime > now + 600_000);
  if (!programme) throw new Error('No programme in the guide for the next hours');
  return programme;
}

async function addToList(token: string, kind: string, id: number): Promise<void> {
  const response = await fetch(`${BASE_URL}/api/v1/my-list/${kind}/${id}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status, await response.text()).toBeLessThan(300);
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
]) {
  test.describe(`Mi lista at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('lists films, series and programmes, filters by kind, removes one, and is reached from the home', async ({
      page,
      request,
    }) => {
      const account = await createAccount(request, `mi-lista-${viewport.width}`);
      await signInDirectly(page, account);
      const token = await apiToken(account);

      // Empty at first: it says how to add.
      await page.goto('/mi-lista/');
      await expect(page.getByRole('heading', { level: 1, name: 'Mi lista' })).toBeVisible();
      await expect(page.getByText('Tu lista está vacía.')).toBeVisible();
      await expect(page.getByText(/Pulsa «Mi lista» en la página de una película/)).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);

      // A film from its page, a series and a programme through the API.
      await page.goto('/detail/content/1159');
      const button = page.getByRole('button', { name: 'Mi lista', exact: true });
      await expect(button).toBeEnabled();
      await button.click();
      await expect(button).toHaveAttribute('aria-pressed', 'true');
      await addToList(token, 'series', SERIES_ID);
      const programme = await upcomingProgramme(token);
      await addToList(token, 'programme', programme.id);

      await page.goto('/mi-lista/');
      const entries = page.getByTestId('my-list-entry');
      await expect(entries).toHaveCount(3);
      // Newest first: the programme, the series, the film.
      await expect(entries.nth(0)).toHaveAttribute('data-kind', 'programme');
      await expect(entries.nth(1)).toHaveAttribute('data-kind', 'series');
      await expect(entries.nth(2)).toHaveAttribute('data-kind', 'film');
      const programmeLink = entries.nth(0).getByRole('link');
      await expect(programmeLink).toHaveAttribute('href', `/detail/event/${programme.id}`);
      // Its channel and airing (the start-up load's channel list names it).
      await expect(programmeLink).toContainText(/Programa · .+\d.+–/);
      await expect(entries.nth(1).getByRole('link')).toHaveAttribute('href', `/detail/serie/${SERIES_ID}`);
      await expect(entries.nth(2).getByRole('link')).toHaveAttribute('href', '/detail/content/1159');
      // Touch targets: every filter and remove button at least 44 px high.
      for (const target of await page.locator('.mylist-filter, .mylist-entry__remove').all()) {
        const box = await target.boundingBox();
        expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
      }
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({ path: `/tmp/shots/my-list/all-${viewport.width}.png` });

      // Filters: a pressed button per kind, kept in the address.
      await page.getByRole('button', { name: 'Programas', exact: true }).click();
      await expect(page).toHaveURL(/\/mi-lista\/\?kind=programme$/);
      await expect(page.getByRole('button', { name: 'Programas', exact: true })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      await expect(entries).toHaveCount(1);
      await expect(entries.first()).toHaveAttribute('data-kind', 'programme');
      await page.getByRole('button', { name: 'Películas', exact: true }).click();
      await expect(entries).toHaveCount(1);
      await expect(entries.first()).toHaveAttribute('data-kind', 'film');
      await page.getByRole('button', { name: 'Todo', exact: true }).click();
      await expect(entries).toHaveCount(3);

      // Removing the series: gone at once, and still gone after a reload.
      const seriesTitle = (await entries.nth(1).locator('.mylist-entry__title').textContent()) ?? '';
      await page.getByRole('button', { name: `Quitar «${seriesTitle}» de Mi lista` }).click();
      await expect(entries).toHaveCount(2);
      await expect(page.getByRole('status').filter({ hasText: 'se ha quitado de tu lista' })).toBeVisible();
      // The keyboard keeps its place: focus is on the next card.
      await expect(entries.nth(1).getByRole('link')).toBeFocused();
      await page.reload();
      await expect(entries).toHaveCount(2);
      await expect(page.getByTestId('my-list-entry').filter({ hasText: seriesTitle })).toHaveCount(0);
      await page.screenshot({ path: `/tmp/shots/my-list/removed-${viewport.width}.png` });

      // The home's "Mi lista" row (films and series) leads here through «Ver todo».
      await page.goto('/');
      const seeAll = page.getByRole('link', { name: 'Ver todo: Mi lista' });
      await expect(async () => {
        await page.mouse.wheel(0, 1500);
        await expect(seeAll).toBeVisible({ timeout: 1000 });
      }).toPass({ timeout: 30_000 });
      await seeAll.click();
      await expect(page).toHaveURL(/\/mi-lista\/$/);
      await expect(entries).toHaveCount(2);
    });
  });
}

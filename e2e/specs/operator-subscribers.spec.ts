import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { BASICO, DEMO } from '../fixtures/accounts';
import { signInDirectly } from '../fixtures/api';
import { OperatorSubscribersPage } from '../pages/operator-subscribers-page';

/*
 * Issue 27: an admin searches a subscriber with accents left out of the middle ("bás" finds
 * Básico), opens the account's page and sees its packages with where each came from.
 */
const SHOTS = '/work/wt/shots/operator-subscribers';

for (const width of [390, 1440]) {
  test(`an admin finds Básico by "bás" and sees the basic package with its source (${width} px)`, async ({ page }) => {
    test.setTimeout(120_000);
    mkdirSync(SHOTS, { recursive: true });
    await page.setViewportSize({ width, height: 900 });
    await signInDirectly(page, DEMO);
    const subscribers = new OperatorSubscribersPage(page);
    await subscribers.openSearch();
    await subscribers.search('bás');
    await expect(subscribers.results().getByRole('link', { name: BASICO.email, exact: true })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/search-${width}.png`, fullPage: true });
    await subscribers.open(BASICO.email);
    const basic = subscribers.packageRow('Básico');
    await expect(basic).toBeVisible();
    await expect(basic.getByRole('cell', { name: 'Demostración' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Compras y suscripciones' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Inicios de sesión recientes' })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/subscriber-${width}.png`, fullPage: true });
    // Back to the same results.
    await page.getByRole('link', { name: /Volver a la búsqueda/ }).click();
    await expect(page.getByRole('searchbox', { name: 'Buscar suscriptor' })).toHaveValue('bás');
  });
}

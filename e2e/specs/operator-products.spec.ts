import { expect, test, type Page } from '@playwright/test';
import { DEMO } from '../fixtures/accounts';
import { apiToken, BASE_URL, signInDirectly } from '../fixtures/api';
import { createAccount } from '../fixtures/new-account';
import { OperatorProductsPage } from '../pages/operator-products-page';

/*
 * Issue 27, products and prices: demo@ (an admin) changes the Adultos subscription's price at
 * the console, answering the password dialog; a subscriber's checkout for it then shows the
 * new price; the sales charts render. The price goes back to 6,99 € after the spec (no other
 * spec buys Adultos).
 */
const SHOTS = process.env.E2E_SHOTS ?? '/tmp/pantalla-shots/operator-products';
const ADULTOS = { id: 5, title: 'Adultos', cents: 699 };
const NEW_PRICE = { typed: '7,49', cents: 749, text: '7,49 €' };
const TIMEOUT = 30_000;

/** Sets the product's price through the API as an admin (re-authenticated), unless it already is. */
async function setPrice(cents: number): Promise<void> {
  const token = await apiToken(DEMO);
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const read = await fetch(`${BASE_URL}/api/v1/operator/products/${ADULTOS.id}`, { headers });
  const { product } = (await read.json()) as {
    product: { priceCents: number; currency: string; priceVersion: number };
  };
  if (product.priceCents === cents) return;
  const reauth = await fetch(`${BASE_URL}/api/v1/operator/reauth`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ password: DEMO.password }),
  });
  if (!reauth.ok) throw new Error(`reauth: ${reauth.status}`);
  const set = await fetch(`${BASE_URL}/api/v1/operator/products/${ADULTOS.id}/price`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ amountCents: cents, currency: product.currency, expectedVersion: product.priceVersion }),
  });
  if (!set.ok) throw new Error(`price: ${set.status} ${await set.text()}`);
}

/** A purchase link for Adultos as the app writes one (apps/web/src/lib/purchase-links.ts), with the price it had. */
function adultosLink(): string {
  const fields = [new Date().toISOString(), '', ADULTOS.title, '', ADULTOS.cents, 'EUR', '', ADULTOS.id, '0', 'month'];
  return `/purchase/${Buffer.from(fields.map((f) => encodeURIComponent(String(f))).join(';')).toString('base64')}`;
}

async function noSidewaysScroll(page: Page, width: number): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

test.describe('console products and prices', () => {
  test.beforeAll(async () => setPrice(ADULTOS.cents));
  test.afterAll(async () => setPrice(ADULTOS.cents));

  test('an admin changes a subscription price (password asked), the checkout shows it, the sales chart renders', async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInDirectly(page, DEMO);
    const console = new OperatorProductsPage(page);
    await console.gotoList();
    await console.kind.selectOption('subscription');
    await console.openProduct(ADULTOS.title);
    await expect(console.newPurchasesNote).toBeVisible();
    await expect(console.currentPrice).toContainText('6,99 €');

    await console.submitPrice(NEW_PRICE.typed);
    await console.confirmPassword(DEMO.password);
    await expect(
      page.getByRole('status').filter({ hasText: `las compras nuevas pagan ${NEW_PRICE.text}` }),
    ).toBeVisible({ timeout: TIMEOUT });
    await expect(console.currentPrice).toContainText(NEW_PRICE.text);
    await expect(console.history.getByRole('row').nth(1)).toContainText(`6,99 € → ${NEW_PRICE.text}`);
    await expect(console.history).toContainText(DEMO.email);

    // The charts: drawn by the library, with their numbers in a table too.
    await expect(console.chartCanvas(console.salesCount).first()).toBeVisible({ timeout: TIMEOUT });
    await expect(console.chartCanvas(console.salesGross).first()).toBeVisible({ timeout: TIMEOUT });
    await console.salesCount.getByText('Ver los datos en una tabla').click();
    await expect(console.salesCount.getByRole('table')).toBeVisible();
    await expect(console.salesCount.getByRole('row')).toHaveCount(31);
    await page.screenshot({ path: `${SHOTS}/product-1440.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await noSidewaysScroll(page, 390);
    await expect(console.chartCanvas(console.salesCount).first()).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/product-390.png`, fullPage: true });
    await console.page.getByRole('link', { name: 'Volver a productos' }).click();
    await expect(page.getByRole('link', { name: ADULTOS.title, exact: true })).toBeVisible({ timeout: TIMEOUT });
    await page.screenshot({ path: `${SHOTS}/list-390.png`, fullPage: true });
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.screenshot({ path: `${SHOTS}/list-1440.png`, fullPage: true });

    // A subscriber, in a browser of their own, with a link that still says 6,99 €.
    const account = await createAccount(request, 'precio-consola');
    const context = await browser.newContext();
    const subscriber = await context.newPage();
    await signInDirectly(subscriber, account);
    await subscriber.goto(adultosLink());
    await expect(subscriber.getByRole('heading', { name: 'Resumen de tu compra' })).toBeVisible({ timeout: TIMEOUT });
    await expect(subscriber.getByTestId('purchase-price')).toHaveText(`${NEW_PRICE.text} al mes`, { timeout: TIMEOUT });
    await subscriber.getByRole('link', { name: 'Comprar Ahora' }).click();
    await expect(subscriber.getByRole('heading', { name: 'Pago con tarjeta' })).toBeVisible({ timeout: TIMEOUT });
    // Adultos starts with a free week: today 0,00 €, then the new price every month.
    await expect(subscriber.getByText(`${NEW_PRICE.text} al mes`, { exact: true })).toBeVisible({ timeout: TIMEOUT });
    await expect(subscriber.getByText(new RegExp(`después ${NEW_PRICE.text} al mes`))).toBeVisible();
    await expect(subscriber.getByText('6,99')).toHaveCount(0);
    await subscriber.screenshot({ path: `${SHOTS}/checkout-1440.png`, fullPage: true });
    await context.close();
  });
});

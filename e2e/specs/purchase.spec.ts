import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { axeViolations } from '../fixtures/axe';
import { BASICO } from '../fixtures/accounts';
import { CARDS, CheckoutPage, PURCHASE_SUCCESS, PurchaseSummaryPage } from '../pages/checkout-page';
import { apiToken, emplayer, PlayerPage, resetSessions } from '../pages/player-page';
import { newEmail, RegisterPage } from '../pages/register-page';

/*
 * Buying by card through the payment sandbox: basico@ buys the series subscription and a
 * pay-per-view event (other specs rely on it not owning the cinema package, so it never buys
 * that), and a new account goes through the two-step flow. Plays as basico@: runs in the
 * playback project, one file at a time.
 */
const SHOTS = '/work/wt/shots/commerce';
/** Series Max: package 4 ('Series y AMC', 7,99 € a month). */
const SERIES_MAX = emplayer([16, 'Series Max', 'LIVE', 2, 16, null, 0]);
const SERIES_PACKAGE = 4;
/** A payment is several calls to the provider and back; a busy machine needs longer than one expect's default. */
const PAYMENT_TIMEOUT = 30_000;

async function expectNoViolations(page: Page): Promise<void> {
  const serious = (await axeViolations(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test.beforeEach(async ({ request }) => {
  const token = await apiToken(BASICO);
  await resetSessions(request, token);
  // These purchases are a buyer's without a card on file: the one an earlier purchase kept goes (404 when none).
  const removed = await request.delete('/api/v1/payments/card', { headers: { authorization: `Bearer ${token}` } });
  expect([200, 404]).toContain(removed.status());
});

async function firstPpv(request: APIRequestContext): Promise<{ evID: number; title: string; price: string }> {
  const token = await apiToken(BASICO);
  const response = await request.get('/api/v1/productosppv', { headers: { authorization: `Bearer ${token}` } });
  const { ppvSubsProducts } = (await response.json()) as {
    ppvSubsProducts: Array<{ evID: number | null; title: string; price: string; recurring: boolean }>;
  };
  const ppv = ppvSubsProducts.find((p) => !p.recurring && p.evID !== null);
  if (!ppv || ppv.evID === null) throw new Error('no PPV event on sale');
  return { evID: ppv.evID, title: ppv.title, price: ppv.price };
}

test('basico@ buys the series subscription from the player: refused cards say why, 4242 pays, and back in the player it plays', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const player = new PlayerPage(page);
  await player.signIn(BASICO);
  await player.goto(SERIES_MAX);
  const prompt = page.getByRole('alertdialog', { name: 'No tienes derechos de acceso a este contenido' });
  await prompt.getByRole('button', { name: 'Comprar' }).click();

  const summary = new PurchaseSummaryPage(page);
  await expect(summary.heading).toBeVisible();
  await expect(page.getByText('Series y AMC', { exact: true })).toBeVisible();
  await expect(page.getByText('7,99 € al mes')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/summary.png` });
  await summary.buyNow.click();

  const checkout = new CheckoutPage(page);
  await expect(checkout.heading).toBeVisible();
  await expect(checkout.step).toHaveCount(0);
  await expect(checkout.card.getByLabel('Número de tarjeta')).toBeVisible();
  await checkout.continue.click();
  await expect(page.getByText('Introduce el nombre y apellidos del titular')).toBeVisible();
  await checkout.pay('Ana Básico', CARDS.declined);
  await checkout.expectError('Se ha rechazado tu tarjeta.');
  await page.screenshot({ path: `${SHOTS}/checkout-declined.png` });
  await checkout.pay('Ana Básico', CARDS.insufficientFunds);
  await checkout.expectError('Tu tarjeta no tiene fondos suficientes.');
  await checkout.pay('Ana Básico', CARDS.visa);

  await expect(page).toHaveURL('/purchase_result/success', { timeout: PAYMENT_TIMEOUT });
  await expect(page.getByText(PURCHASE_SUCCESS)).toBeVisible({ timeout: PAYMENT_TIMEOUT });
  await page.screenshot({ path: `${SHOTS}/result-success.png` });
  await page.getByRole('link', { name: 'Volver' }).click();
  await expect(page).toHaveURL(SERIES_MAX);
  await expect(player.title).toContainText('Series Max');
  await player.expectPlayingPast(0);

  await page.goto('/settings/');
  // The subscription, not its line in the payment history.
  const item = page.getByTestId('subscription').filter({ hasText: 'Series y AMC' });
  await expect(item).toContainText('Activa');
  await expect(item.getByRole('button', { name: 'Cancelar Series y AMC' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/settings-purchases.png`, fullPage: true });
});

test('basico@ buys a pay-per-view event with a card that asks for authentication; owned at once, listed with its dates', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const ppv = await firstPpv(request);
  const player = new PlayerPage(page);
  await player.signIn(BASICO);
  await page.goto(`/detail/event/${ppv.evID}`);
  const buy = page.getByRole('link', { name: `Comprar ${ppv.title} por ${ppv.price} €, pago único` });
  await buy.click();
  await new PurchaseSummaryPage(page).buyNow.click();

  const checkout = new CheckoutPage(page);
  await checkout.pay('Ana Básico', CARDS.authentication);
  // The provider's challenge opens inside its card field.
  await checkout.card.getByRole('button', { name: 'Fallar autenticación' }).click();
  await checkout.expectError(
    'No hemos podido autenticar tu método de pago. Elige otro método de pago y vuelve a intentarlo.',
  );
  await checkout.fillCard(CARDS.authentication);
  await checkout.continue.click();
  await expect(checkout.card.getByRole('heading', { name: 'Autenticación de pago de prueba' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/checkout-3ds.png` });
  await checkout.card.getByRole('button', { name: 'Completar autenticación' }).click();
  await expect(page.getByText(PURCHASE_SUCCESS)).toBeVisible({ timeout: PAYMENT_TIMEOUT });

  await page.getByRole('link', { name: 'Volver' }).click();
  // Back to what was bought: its page, or its live broadcast when it is on air by now (the
  // demo's first PPV event may be; the player's URL encodes the programme).
  await expect(page).toHaveURL(new RegExp(`/detail/event/${ppv.evID}$|/emplayer/`));
  await page.goto(`/detail/event/${ppv.evID}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: /^Comprar / })).toHaveCount(0);
  await page.goto('/settings/');
  // The purchase, not its line in the payment history.
  await expect(page.locator('li.purchase-item').filter({ hasText: ppv.title })).toContainText('Disponible hasta el');
});

test('a malformed purchase link gets its own screen', async ({ page }) => {
  await new PlayerPage(page).signIn(BASICO);
  await page.goto('/purchase/bm90LXZhbGlk');
  await expect(page.getByRole('heading', { name: 'Compra no disponible' })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('El enlace de esta compra no es válido.');
});

test('two steps: a visitor registers with ?product=, pays on Paso 2 de 2, and watches the package', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const form = new RegisterPage(page);
  await form.goto(`/register/?product=${SERIES_PACKAGE}`);
  await form.fill({
    name: 'Lucía',
    secondName: 'Gil',
    email: newEmail('compra'),
    password: 'compra1234',
    country: 'ES',
    sport: 'Tenis',
    birthday: '1990-04-12',
  });
  await form.continue.click();
  await expect(page).toHaveURL('/checkout/');
  const checkout = new CheckoutPage(page);
  await expect(checkout.step).toBeVisible();
  await expect(checkout.terms).toHaveAttribute('href', '/terms/');
  await expectNoViolations(page);
  await page.screenshot({ path: `${SHOTS}/checkout-two-step.png`, fullPage: true });
  await checkout.pay('Lucía Gil', CARDS.visa);
  await expect(page.getByText(PURCHASE_SUCCESS)).toBeVisible({ timeout: PAYMENT_TIMEOUT });
  const player = new PlayerPage(page);
  await player.goto(SERIES_MAX);
  await expect(player.title).toContainText('Series Max');
  await player.expectPlayingPast(0);
});

test('the summary and the checkout fit a 360 px phone and pass axe; the terms are a real page', async ({ page }) => {
  test.setTimeout(180_000);
  const player = new PlayerPage(page);
  await player.signIn(BASICO);
  await page.setViewportSize({ width: 360, height: 740 });
  // Cine Estreno: basico@ never buys it (other specs rely on that), so it is always for sale.
  await player.goto(emplayer([10, 'Cine Estreno', 'LIVE', 2, 10, null, 0]));
  await page
    .getByRole('alertdialog', { name: 'No tienes derechos de acceso a este contenido' })
    .getByRole('button', { name: 'Comprar' })
    .click();
  const summary = new PurchaseSummaryPage(page);
  await expect(summary.heading).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectNoViolations(page);
  await summary.buyNow.click();
  const checkout = new CheckoutPage(page);
  await expect(checkout.card.getByLabel('Número de tarjeta')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectNoViolations(page);
  await page.screenshot({ path: `${SHOTS}/checkout-360.png`, fullPage: true });
  // By keyboard: the holder's name, then into the provider's field.
  await checkout.holder.focus();
  await page.keyboard.press('Tab');
  await expect(checkout.card.getByLabel('Número de tarjeta')).toBeFocused();
  await checkout.terms.click();
  await expect(page.getByRole('heading', { name: 'Condiciones generales de contratación' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectNoViolations(page);
});

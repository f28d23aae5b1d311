import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { signInDirectly } from '../fixtures/api';
import { bearerOf, createAccount, type NewAccount } from '../fixtures/new-account';
import { CARDS } from '../pages/checkout-page';

/*
 * Issue 26, the terms where they pay: the two-step checkout ('Paso 2 de 2', reached from
 * /login_confirm/{pr}) says per month, the VAT included and its rate, and when it renews, as
 * the one-step checkout does (tampered-purchase.spec.ts: a tampered link shows and charges the
 * real price); a new card may be kept ('Guardar esta tarjeta para próximas compras') and the
 * next purchase offers it ('Pagar con Visa •••• 4242', the default) and pays without the card
 * field. In Spanish and English, at 390 and 1440 px, each by a fresh account.
 */
const SHOTS = '/work/wt/shots/commerce';
const DEPORTES = 3;
const SERIES = 4;
const PAYMENT_TIMEOUT = 30_000;
/** The card field's labels, in whichever of es, en and de it speaks. */
const CARD_NUMBER = /^(Número de tarjeta|Card number|Kartennummer)$/;
const CARD_EXPIRY = /^(Caducidad|Expiry|Ablaufdatum)$/;
const CARD_CVC = /CVC/;

const TEXTS = {
  es: {
    step: 'Paso 2 de 2',
    checkout: 'Pago con tarjeta',
    price: '14,99 € al mes',
    total: 'Total: 14,99 € al mes',
    vat: 'IVA (21 %) incluido: 2,60 €',
    renews: /^Se renueva cada mes: el próximo cobro, el \d+ \w+ \d{4}/,
    holder: 'Nombre y apellidos del titular',
    cardFrame: 'Datos de la tarjeta',
    saveCard: 'Guardar esta tarjeta para próximas compras',
    continue: 'Continuar',
    success: 'Tu compra se ha completado con éxito. ¡Empieza a disfrutar!',
    buyNow: 'Comprar Ahora',
    savedCard: 'Pagar con Visa •••• 4242',
    newCard: 'Con otra tarjeta',
    seriesTotal: 'Total: 7,99 € al mes',
    termsLink: 'condiciones generales de contratación',
    termsBack: 'Volver al pago',
  },
  en: {
    step: 'Step 2 of 2',
    checkout: 'Card payment',
    price: '€14.99 per month',
    total: 'Total: €14.99 per month',
    vat: 'VAT (21%) included: €2.60',
    renews: /^Renews every month: next charge on \d+ \w+ \d{4}/,
    holder: "Cardholder's full name",
    cardFrame: 'Card details',
    saveCard: 'Save this card for future purchases',
    continue: 'Continue',
    success: 'Your purchase is complete. Start enjoying!',
    buyNow: 'Buy now',
    savedCard: 'Pay with Visa •••• 4242',
    newCard: 'With another card',
    seriesTotal: 'Total: €7.99 per month',
    termsLink: 'general terms of contract',
    termsBack: 'Back to checkout',
  },
} as const;

const SIZES = [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
] as const;

/** A purchase link as the app writes it (apps/web/src/lib/purchase-links.ts), naming a package's subscription. */
function link(packageId: number, title: string, cents: number): string {
  const fields = [new Date().toISOString(), '', title, '', cents, 'EUR', '', packageId, '1', 'month'];
  return `/purchase/${Buffer.from(fields.map((f) => encodeURIComponent(String(f))).join(';')).toString('base64')}`;
}

async function noSidewaysScroll(page: Page, width: number): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

async function subscriptions(
  request: APIRequestContext,
  account: NewAccount,
): Promise<Array<{ packageId: number; priceCents: number }>> {
  const response = await request.get('/api/v1/purchases', { headers: await bearerOf(request, account) });
  return ((await response.json()) as { subscriptions: Array<{ packageId: number; priceCents: number }> }).subscriptions;
}

for (const lang of ['es', 'en'] as const) {
  for (const size of SIZES) {
    test(`${lang} ${size.width} px: the two-step checkout says per month, VAT and renewal; a saved card pays the next purchase`, async ({
      page,
      request,
    }) => {
      test.setTimeout(150_000);
      const x = TEXTS[lang];
      const account = await createAccount(request, `terminos-${lang}-${size.width}`);
      await page.setViewportSize(size);
      await page.addInitScript((language) => globalThis.localStorage.setItem('pantalla.language', language), lang);
      await signInDirectly(page, account);

      // Two steps: signed in, /login_confirm/ goes on to the checkout as 'Paso 2 de 2'.
      await page.goto(`/login_confirm/${DEPORTES}`);
      await page.locator('form button[type="submit"]').click();
      await expect(page).toHaveURL('/checkout/');
      await expect(page.getByText(x.step)).toBeVisible();
      await expect(page.getByRole('heading', { name: x.checkout })).toBeVisible();
      await expect(page.getByText('Deportes Plus', { exact: true })).toBeVisible();
      await expect(page.getByTestId('purchase-price')).toHaveText(x.price);
      await expect(page.getByTestId('checkout-total')).toHaveText(x.total);
      await expect(page.getByText(x.vat)).toBeVisible();
      await expect(page.getByTestId('purchase-renewal')).toHaveText(x.renews);
      // No card on file yet: nothing to choose, the card field and the offer to keep the card.
      await expect(page.getByRole('radio')).toHaveCount(0);
      const card = page.frameLocator(`iframe[title="${x.cardFrame}"]`);
      await expect(card.getByLabel(CARD_NUMBER)).toBeVisible();
      await noSidewaysScroll(page, size.width);
      await page.screenshot({ path: `${SHOTS}/terms-two-step-${lang}-${size.width}.png`, fullPage: true });

      // Reading the terms keeps what was typed, and leads back.
      await page.getByLabel(x.holder).fill('Ana Términos');
      await page.getByRole('link', { name: x.termsLink }).click();
      await expect(page).toHaveURL('/terms/');
      await page.getByRole('link', { name: x.termsBack }).click();
      await expect(page).toHaveURL('/checkout/');
      await expect(page.getByLabel(x.holder)).toHaveValue('Ana Términos');
      await card.getByLabel(CARD_NUMBER).fill(CARDS.visa);
      await card.getByLabel(CARD_EXPIRY).fill('1234');
      await card.getByLabel(CARD_CVC).fill('123');
      await page.getByLabel(x.saveCard).check();
      await page.getByRole('button', { name: x.continue }).click();
      await expect(page).toHaveURL('/purchase_result/success', { timeout: PAYMENT_TIMEOUT });
      await expect(page.getByText(x.success)).toBeVisible();

      // The next purchase offers the kept card, chosen already; the card field is not needed.
      await page.goto(link(SERIES, 'Series y AMC', 799));
      await page.getByRole('link', { name: x.buyNow }).click();
      await expect(page.getByTestId('checkout-total')).toHaveText(x.seriesTotal);
      const saved = page.getByRole('radio', { name: new RegExp(`^${x.savedCard}`) });
      await expect(saved).toBeChecked();
      await expect(page.getByRole('radio', { name: x.newCard })).not.toBeChecked();
      await expect(page.getByTitle(x.cardFrame)).toBeHidden();
      await noSidewaysScroll(page, size.width);
      await page.screenshot({ path: `${SHOTS}/terms-saved-card-${lang}-${size.width}.png`, fullPage: true });
      // Another card brings the card field back, and the offer to keep it.
      await page.getByRole('radio', { name: x.newCard }).check();
      await expect(page.getByTitle(x.cardFrame)).toBeVisible();
      await expect(page.getByLabel(x.saveCard)).toBeVisible();
      await saved.check();
      await page.getByLabel(x.holder).fill('Ana Términos');
      await page.getByRole('button', { name: x.continue }).click();
      await expect(page).toHaveURL('/purchase_result/success', { timeout: PAYMENT_TIMEOUT });
      await expect(page.getByText(x.success)).toBeVisible();

      expect(await subscriptions(request, account)).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ packageId: DEPORTES, priceCents: 1499 }),
          expect.objectContaining({ packageId: SERIES, priceCents: 799 }),
        ]),
      );
    });
  }
}

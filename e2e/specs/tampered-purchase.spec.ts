import { expect, test, type Page } from '@playwright/test';
import { signInDirectly } from '../fixtures/api';
import { bearerOf, createAccount } from '../fixtures/new-account';
import { CARDS } from '../pages/checkout-page';

/*
 * Issue 26, billing a subscriber can trust: a /purchase/ link that says 0,01 € for a one-off
 * "Regalo" shows, and charges, the product as the server sells it (Deportes Plus, 14,99 € a
 * month, VAT included) and says the price has changed; the checkout says per month and when it
 * renews. In Spanish and English, at 390 and 1440 px, each by a fresh account that pays with
 * the sandbox's 4242 card. Buys, so it runs in the playback project, one file at a time.
 */
const SHOTS = '/work/wt/shots/commerce';
const DEPORTES = 3;
const PAYMENT_TIMEOUT = 30_000;
/** The card field's labels, in whichever of es, en and de it speaks. */
const CARD_NUMBER = /^(Número de tarjeta|Card number|Kartennummer)$/;
const CARD_EXPIRY = /^(Caducidad|Expiry|Ablaufdatum)$/;
const CARD_CVC = /CVC/;

/** The spec's purchase link codec, as the app writes it (apps/web/src/lib/purchase-links.ts). */
function tamperedLink(): string {
  const fields = [new Date().toISOString(), '', 'Regalo', 'Gratis', 1, 'EUR', '', DEPORTES, '0', 'month'];
  return `/purchase/${Buffer.from(fields.map((f) => encodeURIComponent(String(f))).join(';')).toString('base64')}`;
}

const TEXTS = {
  es: {
    summary: 'Resumen de tu compra',
    priceChanged: 'El precio ha cambiado: ahora es 14,99 €.',
    price: '14,99 € al mes',
    vat: 'IVA (21 %) incluido: 2,60 €',
    renews: /^Se renueva cada mes: el próximo cobro, el /,
    buyNow: 'Comprar Ahora',
    checkout: 'Pago con tarjeta',
    total: 'Total: 14,99 € al mes',
    holder: 'Nombre y apellidos del titular',
    cardFrame: 'Datos de la tarjeta',
    continue: 'Continuar',
    success: 'Tu compra se ha completado con éxito. ¡Empieza a disfrutar!',
  },
  en: {
    summary: 'Your purchase',
    priceChanged: 'The price has changed: it is now €14.99.',
    price: '€14.99 per month',
    vat: 'VAT (21%) included: €2.60',
    renews: /^Renews every month: next charge on /,
    buyNow: 'Buy now',
    checkout: 'Card payment',
    total: 'Total: €14.99 per month',
    holder: "Cardholder's full name",
    cardFrame: 'Card details',
    continue: 'Continue',
    success: 'Your purchase is complete. Start enjoying!',
  },
} as const;

const SIZES = [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
] as const;

async function noSidewaysScroll(page: Page, width: number): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

for (const lang of ['es', 'en'] as const) {
  for (const size of SIZES) {
    test(`${lang} ${size.width} px: a tampered link shows and charges Deportes Plus at its own price, per month with VAT`, async ({
      page,
      request,
    }) => {
      test.setTimeout(120_000);
      const x = TEXTS[lang];
      const account = await createAccount(request, `precio-${lang}-${size.width}`);
      await page.setViewportSize(size);
      await page.addInitScript((language) => globalThis.localStorage.setItem('pantalla.language', language), lang);
      await signInDirectly(page, account);
      await page.goto(tamperedLink());

      await expect(page.getByRole('heading', { name: x.summary })).toBeVisible();
      await expect(page.getByRole('status')).toHaveText(x.priceChanged);
      await expect(page.getByText('Deportes Plus', { exact: true })).toBeVisible();
      await expect(page.getByTestId('purchase-price')).toHaveText(x.price);
      await expect(page.getByText(x.vat)).toBeVisible();
      await expect(page.getByText(x.renews)).toBeVisible();
      await expect(page.getByText('Regalo')).toHaveCount(0);
      await expect(page.getByText(/0[,.]01/)).toHaveCount(0);
      await noSidewaysScroll(page, size.width);
      await page.screenshot({ path: `${SHOTS}/tampered-summary-${lang}-${size.width}.png`, fullPage: true });

      await page.getByRole('link', { name: x.buyNow }).click();
      await expect(page.getByRole('heading', { name: x.checkout })).toBeVisible();
      await expect(page.getByTestId('checkout-total')).toHaveText(x.total);
      await expect(page.getByText(x.vat)).toBeVisible();
      await expect(page.getByText(x.renews)).toBeVisible();
      const card = page.frameLocator(`iframe[title="${x.cardFrame}"]`);
      await expect(card.getByLabel(CARD_NUMBER)).toBeVisible();
      await noSidewaysScroll(page, size.width);
      await page.screenshot({ path: `${SHOTS}/tampered-checkout-${lang}-${size.width}.png`, fullPage: true });

      await page.getByLabel(x.holder).fill('Ana Precio');
      await card.getByLabel(CARD_NUMBER).fill(CARDS.visa);
      await card.getByLabel(CARD_EXPIRY).fill('1234');
      await card.getByLabel(CARD_CVC).fill('123');
      await page.getByRole('button', { name: x.continue }).click();
      await expect(page).toHaveURL('/purchase_result/success', { timeout: PAYMENT_TIMEOUT });
      await expect(page.getByText(x.success)).toBeVisible({ timeout: PAYMENT_TIMEOUT });

      // What was charged: the product's price, as a monthly subscription.
      const purchases = await request.get('/api/v1/purchases', { headers: await bearerOf(request, account) });
      const body = (await purchases.json()) as {
        subscriptions: Array<{ packageId: number; priceCents: number; currency: string }>;
        ppv: unknown[];
      };
      expect(body.subscriptions).toEqual([
        expect.objectContaining({ packageId: DEPORTES, priceCents: 1499, currency: 'EUR' }),
      ]);
      expect(body.ppv).toEqual([]);
    });
  }
}

test('a link to a product nothing sells gets the fail screen, which names the provider', async ({ page, request }) => {
  const account = await createAccount(request, 'precio-ninguno');
  await signInDirectly(page, account);
  const fields = [new Date().toISOString(), '', 'Nada', '', 1, 'EUR', '', 999999, '1', 'month'];
  await page.goto(`/purchase/${Buffer.from(fields.join(';')).toString('base64')}`);
  await expect(page).toHaveURL('/purchase_result/fail');
  await expect(page.getByRole('alert')).toHaveText(
    '¡Vaya!... parece que ha habido un error. Por favor, intentalo más tarde o ponte en contacto con Pantalla Soporte',
  );
  await page.screenshot({ path: `${SHOTS}/tampered-unknown-fail.png` });
});

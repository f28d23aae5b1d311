import { expect, test } from '@playwright/test';
import { signInDirectly } from '../fixtures/api';
import {
  BILLING_TEXTS,
  buySubscription,
  fillCardField,
  noSidewaysScroll,
  SIZES,
  subscriptionLink,
} from '../fixtures/billing';
import { createAccount } from '../fixtures/new-account';
import { CARDS } from '../pages/checkout-page';

/*
 * Issue 26, billing in /settings/: a subscription bought with a card kept on file is listed
 * with its renewal, cancelled (saying until when) and reactivated; the payment history lists
 * the payment with its VAT and opens its printable receipt; the card is shown, replaced in
 * the card field (setup mode) and removed. In Spanish and English, at 390 and 1440 px, each
 * by a fresh account.
 */
const SHOTS = '/work/wt/shots/billing';
const DEPORTES = 3;

const TEXTS = {
  es: {
    settings: 'Ajustes',
    renews: /Se renueva el \d+ de \w+ de \d{4} por 14,99 € al mes\./,
    cancel: 'Cancelar suscripción',
    cancelUntil: /Si cancelas, tendrás acceso hasta el \d+ de \w+ de \d{4} y no se te volverá a cobrar/,
    confirmCancel: 'Sí, cancelar',
    cancelled: /Tendrás acceso hasta el \d+ de \w+ de \d{4}\./,
    reactivate: 'Reactivar Deportes Plus',
    history: 'Historial de pagos',
    payment: 'Pago',
    amount: '14,99 €',
    vat: 'IVA incluido (21 %): 2,60 €',
    receiptLink: /^Ver el recibo de Deportes Plus del /,
    receipt: 'Recibo',
    receiptVat: 'IVA incluido (21 %)',
    print: 'Imprimir',
    back: /Volver a Ajustes/,
    paymentMethod: 'Método de pago',
    visa: 'Visa •••• 4242',
    expires: 'Caduca 12/34',
    replace: 'Cambiar tarjeta',
    holder: 'Nombre y apellidos del titular',
    save: 'Guardar tarjeta',
    saved: 'Tarjeta guardada.',
    mastercard: 'Mastercard •••• 4444',
    pass: 'Completar autenticación',
    visa3ds: 'Visa •••• 3184',
    remove: 'Eliminar tarjeta',
    removeConfirm: /tus suscripciones no podrán renovarse/,
    removeYes: 'Sí, eliminar',
    none: 'No tienes ninguna tarjeta guardada.',
  },
  en: {
    settings: 'Settings',
    renews: /Renews on \d+ \w+ \d{4} at €14\.99 per month\./,
    cancel: 'Cancel subscription',
    cancelUntil: /If you cancel, you'll have access until \d+ \w+ \d{4} and won't be charged again/,
    confirmCancel: 'Yes, cancel',
    cancelled: /You'll have access until \d+ \w+ \d{4}\./,
    reactivate: 'Reactivate Deportes Plus',
    history: 'Payment history',
    payment: 'Payment',
    amount: '€14.99',
    vat: 'VAT included (21%): €2.60',
    receiptLink: /^View the receipt for Deportes Plus of /,
    receipt: 'Receipt',
    receiptVat: 'VAT included (21%)',
    print: 'Print',
    back: /Back to Settings/,
    paymentMethod: 'Payment method',
    visa: 'Visa •••• 4242',
    expires: 'Expires 12/34',
    replace: 'Replace card',
    holder: "Cardholder's full name",
    save: 'Save card',
    saved: 'Card saved.',
    mastercard: 'Mastercard •••• 4444',
    pass: 'Complete authentication',
    visa3ds: 'Visa •••• 3184',
    remove: 'Remove card',
    removeConfirm: /your subscriptions can't renew/,
    removeYes: 'Yes, remove',
    none: 'You have no saved card.',
  },
} as const;

for (const lang of ['es', 'en'] as const) {
  for (const size of SIZES) {
    test(`${lang} ${size.width} px: subscription cancelled then reactivated, history with VAT and a receipt, card saved, replaced, removed`, async ({
      page,
      request,
    }) => {
      test.setTimeout(180_000);
      const x = TEXTS[lang];
      const account = await createAccount(request, `facturas-${lang}-${size.width}`);
      await page.setViewportSize(size);
      await page.addInitScript((language) => globalThis.localStorage.setItem('pantalla.language', language), lang);
      await signInDirectly(page, account);
      await buySubscription(page, lang, subscriptionLink(DEPORTES, 'Deportes Plus', 1499), CARDS.visa);

      await page.goto('/settings/');
      await expect(page.getByRole('heading', { level: 1, name: x.settings })).toBeVisible();
      const subscription = page.getByTestId('subscription').filter({ hasText: 'Deportes Plus' });
      await expect(subscription.getByText(x.renews)).toBeVisible();

      // Cancelling says until when access lasts before it is confirmed; reactivating undoes it.
      await subscription
        .getByRole('button', { name: /Deportes Plus/ })
        .filter({ hasText: x.cancel })
        .click();
      await expect(subscription.getByText(x.cancelUntil)).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/cancel-${lang}-${size.width}.png`, fullPage: true });
      await subscription.getByRole('button', { name: x.confirmCancel }).click();
      await expect(subscription).toHaveAttribute('data-state', 'cancelled');
      await expect(subscription.getByText(x.cancelled)).toBeVisible();
      await subscription.getByRole('button', { name: x.reactivate }).click();
      await expect(subscription).toHaveAttribute('data-state', 'active');
      await expect(subscription.getByText(x.renews)).toBeVisible();

      // The history lists the payment with its VAT and rate; its receipt opens and prints.
      const history = page.getByRole('region', { name: x.history });
      const entry = history.getByTestId('billing-entry').filter({ hasText: 'Deportes Plus' }).first();
      await expect(entry).toContainText(x.payment);
      await expect(entry).toContainText(x.amount);
      await expect(entry).toContainText(x.vat);
      await noSidewaysScroll(page, size.width);
      await page.screenshot({ path: `${SHOTS}/settings-${lang}-${size.width}.png`, fullPage: true });
      await entry.getByRole('link', { name: x.receiptLink }).click();
      await expect(page).toHaveURL(/\/settings\/receipts\/bil_/);
      await expect(page.getByRole('heading', { level: 1, name: x.receipt })).toBeVisible();
      await expect(page.getByText(x.receiptVat)).toBeVisible();
      await expect(page.getByTestId('receipt-vat')).toHaveText(lang === 'es' ? '2,60 €' : '€2.60');
      await expect(page.getByTestId('receipt-total')).toHaveText(x.amount);
      await expect(page.locator('.receipt').getByText(account.email)).toBeVisible();
      await expect(page.getByRole('button', { name: x.print })).toBeVisible();
      await noSidewaysScroll(page, size.width);
      await page.screenshot({ path: `${SHOTS}/receipt-${lang}-${size.width}.png`, fullPage: true });
      await page.emulateMedia({ media: 'print' });
      await expect(page.locator('.app-header')).toBeHidden();
      await page.screenshot({ path: `${SHOTS}/receipt-print-${lang}-${size.width}.png`, fullPage: true });
      await page.emulateMedia({ media: 'screen' });
      await page.getByRole('link', { name: x.back }).click();
      await expect(page).toHaveURL('/settings/');

      // The card kept at checkout; replaced through the card field in setup mode; removed.
      const method = page.getByRole('region', { name: x.paymentMethod });
      await expect(method.getByTestId('saved-card')).toContainText(x.visa);
      await expect(method.getByTestId('saved-card')).toContainText(x.expires);
      await method.getByRole('button', { name: x.replace }).click();
      await method.getByLabel(x.holder).fill('Ana Facturas');
      await fillCardField(page, lang, '5555 5555 5555 4444');
      await method.getByRole('button', { name: x.save }).click();
      await expect(method.getByText(x.saved)).toBeVisible({ timeout: 30_000 });
      await expect(method.getByTestId('saved-card')).toContainText(x.mastercard);
      // A card that asks for 3-D Secure: the challenge opens inside the card field, as at checkout.
      await method.getByRole('button', { name: x.replace }).click();
      await method.getByLabel(x.holder).fill('Ana Facturas');
      await fillCardField(page, lang, CARDS.authentication);
      await method.getByRole('button', { name: x.save }).click();
      await page
        .frameLocator(`iframe[title="${BILLING_TEXTS[lang].cardFrame}"]`)
        .getByRole('button', { name: x.pass })
        .click();
      await expect(method.getByText(x.saved)).toBeVisible({ timeout: 30_000 });
      await expect(method.getByTestId('saved-card')).toContainText(x.visa3ds);
      await method.getByRole('button', { name: x.remove }).click();
      await expect(method.getByText(x.removeConfirm)).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/card-remove-${lang}-${size.width}.png`, fullPage: true });
      await method.getByRole('button', { name: x.removeYes }).click();
      await expect(method.getByText(x.none)).toBeVisible();
      await noSidewaysScroll(page, size.width);
    });
  }
}

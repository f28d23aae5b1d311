import { expect, test, type APIRequestContext } from '@playwright/test';
import { signInDirectly } from '../fixtures/api';
import { buySubscription, fillCardField, noSidewaysScroll, SIZES, subscriptionLink } from '../fixtures/billing';
import { bearerOf, createAccount, type NewAccount } from '../fixtures/new-account';
import { advanceSandboxClock } from '../fixtures/sandbox';
import { CARDS } from '../pages/checkout-page';

/*
 * Issue 26, renewals that fail are not silent: a subscription bought with Stripe's
 * 4000 0000 0000 0341 (it pays once; later charges fail), the sandbox clock moved past the
 * renewal: every signed-in page shows the past-due banner (dismissable for the session), its
 * link leads to the payment method, a new card saved there pays the renewal, the banner goes
 * and the subscription is active again. In Spanish and English, at 390 and 1440 px.
 */
const SHOTS = '/work/wt/shots/billing';
const DEPORTES = 3;
const CHARGE_FAILS_LATER = '4000 0000 0000 0341';

const TEXTS = {
  es: {
    banner: /^No pudimos cobrar la renovación de Deportes Plus\. Actualiza tu tarjeta antes del \d+ de \w+ de \d{4}/,
    action: 'Actualizar tarjeta',
    dismiss: 'Cerrar aviso',
    pastDue: /No pudimos cobrar la renovación\. Actualiza tu tarjeta antes del \d+ de \w+ de \d{4}/,
    paymentMethod: 'Método de pago',
    replace: 'Cambiar tarjeta',
    holder: 'Nombre y apellidos del titular',
    save: 'Guardar tarjeta',
    recovered: 'Tarjeta guardada. Hemos cobrado la renovación pendiente de Deportes Plus: tu suscripción sigue activa.',
    renews: /Se renueva el \d+ de \w+ de \d{4} por 14,99 € al mes\./,
  },
  en: {
    banner: /^We couldn't charge the renewal of Deportes Plus\. Update your card before \d+ \w+ \d{4}/,
    action: 'Update card',
    dismiss: 'Dismiss notice',
    pastDue: /We couldn't charge the renewal\. Update your card before \d+ \w+ \d{4}/,
    paymentMethod: 'Payment method',
    replace: 'Replace card',
    holder: "Cardholder's full name",
    save: 'Save card',
    recovered: "Card saved. We've charged the pending renewal of Deportes Plus: your subscription stays active.",
    renews: /Renews on \d+ \w+ \d{4} at €14\.99 per month\./,
  },
} as const;

interface Subscription {
  packageId: number;
  state: string;
  renewsAt: string | null;
}

async function subscriptionOf(
  request: APIRequestContext,
  headers: Record<string, string>,
): Promise<Subscription | undefined> {
  const response = await request.get('/api/v1/purchases', { headers });
  return ((await response.json()) as { subscriptions: Subscription[] }).subscriptions.find(
    (s) => s.packageId === DEPORTES,
  );
}

async function pastDue(request: APIRequestContext, headers: Record<string, string>): Promise<boolean> {
  const response = await request.get('/api/v1/billing/alert', { headers });
  return response.ok() && ((await response.json()) as { pastDue: unknown }).pastDue !== null;
}

async function failRenewal(request: APIRequestContext, account: NewAccount): Promise<void> {
  const headers = await bearerOf(request, account);
  const renewsAt = (await subscriptionOf(request, headers))?.renewsAt;
  if (!renewsAt) throw new Error('the subscription has no renewal date');
  await advanceSandboxClock(new Date(new Date(renewsAt).getTime() + 60 * 60_000));
  await expect.poll(() => pastDue(request, headers), { timeout: 30_000 }).toBe(true);
}

for (const lang of ['es', 'en'] as const) {
  for (const size of SIZES) {
    test(`${lang} ${size.width} px: a failed renewal shows the banner; a new card pays it and the banner goes`, async ({
      page,
      request,
    }) => {
      test.setTimeout(180_000);
      const x = TEXTS[lang];
      const account = await createAccount(request, `renovacion-${lang}-${size.width}`);
      await page.setViewportSize(size);
      await page.addInitScript((language) => globalThis.localStorage.setItem('pantalla.language', language), lang);
      await signInDirectly(page, account);
      await buySubscription(page, lang, subscriptionLink(DEPORTES, 'Deportes Plus', 1499), CHARGE_FAILS_LATER);
      await failRenewal(request, account);

      // Every signed-in page: the banner, which does not block the page and can be dismissed for the session.
      await page.goto('/');
      const banner = page.getByTestId('past-due-banner');
      await expect(banner.getByText(x.banner)).toBeVisible();
      await noSidewaysScroll(page, size.width);
      await page.screenshot({ path: `${SHOTS}/banner-${lang}-${size.width}.png` });
      await banner.getByRole('button', { name: x.dismiss }).click();
      await expect(banner).toBeHidden();
      await page.reload();
      await expect(page.locator('#main')).toBeVisible();
      await expect(banner).toBeHidden();
      await page.evaluate(() => globalThis.sessionStorage.clear());
      await page.goto('/gid/');
      await expect(banner.getByText(x.banner)).toBeVisible();

      // Its link leads to the payment method; the subscription says what happened and until when.
      await banner.getByRole('link', { name: x.action }).click();
      await expect(page).toHaveURL('/settings/#payment-method');
      const subscription = page.getByTestId('subscription').filter({ hasText: 'Deportes Plus' });
      await expect(subscription).toHaveAttribute('data-state', 'past_due');
      await expect(subscription.getByText(x.pastDue)).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/past-due-settings-${lang}-${size.width}.png`, fullPage: true });

      // A new card pays the renewal: said so, the banner goes, the subscription is active.
      const method = page.getByRole('region', { name: x.paymentMethod });
      await method.getByRole('button', { name: x.replace }).click();
      await method.getByLabel(x.holder).fill('Ana Renovación');
      await fillCardField(page, lang, CARDS.visa);
      await method.getByRole('button', { name: x.save }).click();
      await expect(method.getByText(x.recovered)).toBeVisible({ timeout: 30_000 });
      await expect(banner).toBeHidden();
      await expect(subscription).toHaveAttribute('data-state', 'active');
      await expect(subscription.getByText(x.renews)).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/recovered-${lang}-${size.width}.png`, fullPage: true });
      await page.goto('/');
      await expect(page.locator('#main')).toBeVisible();
      await expect(banner).toBeHidden();
    });
  }
}

import { expect, test, type APIRequestContext } from '@playwright/test';
import { BASE_URL, signInDirectly } from '../fixtures/api';
import { createAccount } from '../fixtures/new-account';
import { OperatorSubscriberPage } from '../pages/operator-subscriber-page';
import { emplayer } from '../pages/player-page';

/*
 * Issue 27: support refunds a subscriber's purchase at the console (reason, then the password
 * again) and the subscriber's player for that content shows the purchase prompt instead of
 * playing. The subscriber is a fresh account that buys the series subscription through the
 * API and the sandbox's card field endpoint, as the checkout does.
 */
const SHOTS = '/work/wt/shots/operator-refund';
const SUPPORT = { email: 'soporte@pantalla.test', password: 'soporte1234' };
/** Series Max: package 4 ('Series y AMC'); its product id is its package id. */
const SERIES_MAX = emplayer([16, 'Series Max', 'LIVE', 2, 16, null, 0]);
const SERIES_PRODUCT = 4;
const SIZES = [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
] as const;

/** The subscriber buys the series subscription with the 4242 card; answers its user id and the purchase's title. */
async function buySeries(
  request: APIRequestContext,
  account: { email: string; password: string },
): Promise<{ userId: number; title: string }> {
  const login = await request.post('/api/v1/login', {
    data: { flow: 'password', username: account.email, password: account.password },
  });
  expect(login.ok()).toBe(true);
  const info = (await login.json()) as { idToken: string; userId: number };
  const headers = { authorization: `Bearer ${info.idToken}` };
  const started = await request.post('/api/v1/purchases', {
    headers,
    data: { productId: SERIES_PRODUCT, holderName: 'Ana Reembolso' },
  });
  expect(started.status(), await started.text()).toBe(200);
  const { purchaseId, clientSecret, cardFormUrl } = (await started.json()) as {
    purchaseId: string;
    clientSecret: string;
    cardFormUrl: string;
  };
  const key = new URL(cardFormUrl, BASE_URL).searchParams.get('key') ?? '';
  const form = new URLSearchParams({
    client_secret: clientSecret,
    'payment_method_data[type]': 'card',
    'payment_method_data[card][number]': '4242424242424242',
    'payment_method_data[card][exp_month]': '12',
    'payment_method_data[card][exp_year]': '34',
    'payment_method_data[card][cvc]': '123',
    'payment_method_data[billing_details][name]': 'Ana Reembolso',
  });
  const paid = await fetch(`${BASE_URL}/v1/payment_intents/${clientSecret.split('_secret_')[0] ?? ''}/confirm`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: form,
  });
  expect(paid.status, await paid.clone().text()).toBe(200);
  const confirmed = await request.post(`/api/v1/purchases/${purchaseId}/confirm`, { headers });
  expect(((await confirmed.json()) as { status: string }).status).toBe('fulfilled');
  const listed = (await (await request.get('/api/v1/purchases', { headers })).json()) as {
    subscriptions: Array<{ purchaseId: string; title: string }>;
  };
  return { userId: info.userId, title: listed.subscriptions.find((s) => s.purchaseId === purchaseId)?.title ?? '' };
}

for (const size of SIZES) {
  test(`support refunds a purchase and the subscriber's player asks to buy it again (${size.width} px)`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(180_000);
    const account = await createAccount(request, `reembolso-${size.width}`);
    const { userId, title } = await buySeries(request, account);
    expect(title).not.toBe('');

    // The subscriber plays the channel the purchase gave.
    const viewer = await browser.newContext({ viewport: size });
    const viewerPage = await viewer.newPage();
    await signInDirectly(viewerPage, account);
    await viewerPage.goto(SERIES_MAX);
    await expect(viewerPage.locator('.player')).toHaveAttribute('data-state', /playing|loading/, { timeout: 30_000 });
    await expect(
      viewerPage.getByRole('alertdialog', { name: 'No tienes derechos de acceso a este contenido' }),
    ).toHaveCount(0);

    // Support refunds it at the console.
    const operator = await browser.newContext({ viewport: size });
    const page = await operator.newPage();
    await signInDirectly(page, SUPPORT);
    const subscriber = new OperatorSubscriberPage(page);
    await subscriber.goto(userId);
    await expect(subscriber.purchaseRow(title).first()).toBeVisible({ timeout: 30_000 });
    await page.screenshot({ path: `${SHOTS}/subscriber-${size.width}.png`, fullPage: true });
    const done = await subscriber.refund(
      title,
      'Cobro por error, lo pide el titular',
      SUPPORT.password,
      `${SHOTS}/refund-dialog-${size.width}.png`,
    );
    await expect(done).toBeVisible({ timeout: 30_000 });
    await page.screenshot({ path: `${SHOTS}/refunded-${size.width}.png`, fullPage: true });
    await expect(subscriber.purchaseRow(title).first().getByRole('button', { name: 'Devolver' })).toHaveCount(0, {
      timeout: 15_000,
    });

    // The subscriber's player for that content now offers to buy it.
    await viewerPage.goto(SERIES_MAX);
    const prompt = viewerPage.getByRole('alertdialog', { name: 'No tienes derechos de acceso a este contenido' });
    await expect(prompt).toBeVisible({ timeout: 30_000 });
    await expect(prompt.getByRole('button', { name: 'Comprar' })).toBeVisible();
    await viewerPage.screenshot({ path: `${SHOTS}/player-prompt-${size.width}.png` });
    await viewer.close();
    await operator.close();
  });
}

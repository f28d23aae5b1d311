import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { axeViolations } from '../fixtures/axe';
import { signInDirectly } from '../fixtures/api';
import { createAccount, type NewAccount } from '../fixtures/new-account';
import { LoginPage } from '../pages/login-page';
import { SettingsPage } from '../pages/settings-page';

/*
 * /settings/ (accounts spec sections 2, 4, 5, 8): every PIN path, each with an account of its
 * own, so the demo accounts other specs use keep their PIN and password.
 */
const table = <T>(name: string): T =>
  JSON.parse(readFileSync(new URL(`../../apps/web/src/locales/es/${name}.json`, import.meta.url), 'utf8')) as T;
const es = {
  common: table<{ messages: Record<string, string> }>('common'),
  browse: table<{ parental: { title: string; wrong: string } }>('explore'),
};
const M50 = es.common.messages['50']!;
const M51 = es.common.messages['51']!;
const M52 = es.common.messages['52']!;
const MISMATCH = es.common.messages.pinMismatch!;

async function signedIn(page: Page, account: NewAccount): Promise<SettingsPage> {
  await signInDirectly(page, account);
  const settings = new SettingsPage(page);
  await settings.goto();
  return settings;
}

test('Define: wrong password (52), a PIN of the wrong length, a mismatched confirmation, then Activated and the adult section asks for it', async ({
  page,
  request,
}) => {
  const account = await createAccount(request, 'pin-define');
  const settings = await signedIn(page, account);
  await expect(settings.pinStatus).toHaveText('Desactivado');
  await expect(settings.change).toHaveCount(0);

  await settings.define.click();
  await settings.enter(settings.accountPassword, 'no-es-esta');
  await expect(settings.alert(M52)).toBeVisible();
  await expect(settings.accountPassword).toHaveValue('');
  await settings.enter(settings.accountPassword, account.password);
  await settings.enter(settings.newPin, '123');
  await expect(settings.pinSection.getByText('El PIN parental tiene 4 dígitos')).toBeVisible();
  await settings.enter(settings.newPin, '2468');
  await settings.enter(settings.confirmPin, '2469', settings.save);
  await expect(settings.alert(MISMATCH)).toBeVisible();
  await expect(settings.pinStatus).toHaveText('Desactivado');
  await settings.enter(settings.confirmPin, '2468', settings.save);
  await expect(settings.pinStatus).toHaveText('Activado');
  await expect(settings.pinSection.getByRole('status').filter({ hasText: 'PIN parental activado.' })).toBeVisible();

  // At once, without signing in again: the adult section's gate wants the new PIN.
  await page.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link', { name: 'Inicio' }).click();
  await page.goto('/gid/162');
  const gate = page.getByRole('dialog', { name: es.browse.parental.title });
  await expect(gate).toBeVisible();
  await gate.getByLabel('PIN parental (4 dígitos)').fill('1234');
  await expect(gate.getByRole('alert')).toHaveText(es.browse.parental.wrong);
  await gate.getByLabel('PIN parental (4 dígitos)').fill('2468');
  await expect(gate).toBeHidden();
});

test('Cancel at each step resets everything', async ({ page, request }) => {
  const account = await createAccount(request, 'pin-cancel');
  const settings = await signedIn(page, account);
  // Define: cancel at the password, at the new PIN, at the confirmation.
  await settings.define.click();
  await settings.cancel.click();
  await expect(settings.define).toBeVisible();
  await settings.define.click();
  await settings.enter(settings.accountPassword, account.password);
  await expect(settings.newPin).toBeVisible();
  await settings.cancel.click();
  await expect(settings.newPin).toHaveCount(0);
  await settings.define.click();
  // Cancel forgot the password: step 4 starts again with it.
  await expect(settings.accountPassword).toHaveValue('');
  await settings.enter(settings.accountPassword, account.password);
  await settings.enter(settings.newPin, '1357');
  await settings.cancel.click();
  await expect(settings.pinStatus).toHaveText('Desactivado');

  await settings.definePin(account.password, '1357');
  // Change: cancel at step 1 and at step 4; Disable: cancel at step 1.
  for (const start of [settings.change, settings.disable]) {
    await start.click();
    await expect(settings.currentPin).toBeFocused();
    await settings.cancel.click();
    await expect(settings.currentPin).toHaveCount(0);
  }
  await settings.change.click();
  await settings.enter(settings.currentPin, '1357');
  await expect(settings.accountPassword).toBeVisible();
  await settings.cancel.click();
  await expect(settings.pinStatus).toHaveText('Activado');
  await expect(settings.change).toBeVisible();
});

test('Change: wrong old PIN (50), wrong password (52), then the new PIN replaces the old one', async ({
  page,
  request,
}) => {
  const account = await createAccount(request, 'pin-change');
  const settings = await signedIn(page, account);
  await settings.definePin(account.password, '1111');
  await settings.change.click();
  await settings.enter(settings.currentPin, '2222');
  await expect(settings.alert(M50)).toBeVisible();
  await settings.enter(settings.currentPin, '1111');
  await settings.enter(settings.accountPassword, 'otra-clave');
  await expect(settings.alert(M52)).toBeVisible();
  await settings.enter(settings.accountPassword, account.password);
  await settings.enter(settings.newPin, '3333');
  await settings.enter(settings.confirmPin, '3333', settings.save);
  await expect(settings.pinSection.getByRole('status').filter({ hasText: 'PIN parental cambiado.' })).toBeVisible();
  await expect(settings.pinStatus).toHaveText('Activado');

  // The old PIN is gone, the new one opens the adult section.
  await page.goto('/gid/162');
  const gate = page.getByRole('dialog', { name: es.browse.parental.title });
  await gate.getByLabel('PIN parental (4 dígitos)').fill('1111');
  await expect(gate.getByRole('alert')).toHaveText(es.browse.parental.wrong);
  await gate.getByLabel('PIN parental (4 dígitos)').fill('3333');
  await expect(gate).toBeHidden();
});

test('Disable: wrong old PIN (50), then Deactivated and the adult section opens without a PIN', async ({
  page,
  request,
}) => {
  const account = await createAccount(request, 'pin-disable');
  const settings = await signedIn(page, account);
  await settings.definePin(account.password, '4444');
  await settings.disable.click();
  await settings.enter(settings.currentPin, '5555');
  await expect(settings.alert(M50)).toBeVisible();
  await settings.enter(settings.currentPin, '4444');
  await expect(settings.pinStatus).toHaveText('Desactivado');
  await expect(settings.pinSection.getByRole('status').filter({ hasText: 'PIN parental desactivado.' })).toBeVisible();
  await page.goto('/gid/162');
  await expect(page.getByRole('heading', { level: 1, name: 'Adultos' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('the old PIN locks after 5 wrong entries, even the right one', async ({ page, request }) => {
  const account = await createAccount(request, 'pin-limit');
  const settings = await signedIn(page, account);
  await settings.definePin(account.password, '8080');
  await settings.disable.click();
  for (let i = 0; i < 5; i++) {
    await settings.enter(settings.currentPin, `000${i}`);
    await expect(settings.alert(M50)).toBeVisible();
    // Each refusal empties the field; wait for that before the next entry.
    await expect(settings.currentPin).toHaveValue('');
  }
  await settings.enter(settings.currentPin, '8080');
  await expect(
    settings.alert(/Demasiados intentos con el PIN parental\. Vuelve a intentarlo dentro de 15 minutos\./),
  ).toBeVisible();
  await settings.cancel.click();
  await expect(settings.pinStatus).toHaveText('Activado');
});

test('a PIN that cannot be sent shows ERROR!; a session that cannot be checked shows message 51 and signs out', async ({
  page,
  request,
}) => {
  const account = await createAccount(request, 'pin-errors');
  const settings = await signedIn(page, account);
  await page.route('**/api/v1/parental/pin', (route) => route.abort('connectionfailed'));
  await settings.define.click();
  await settings.enter(settings.accountPassword, account.password);
  await settings.enter(settings.newPin, '9090');
  await settings.enter(settings.confirmPin, '9090', settings.save);
  await expect(settings.alert('ERROR!')).toBeVisible();
  await expect(settings.pinStatus).toHaveText('Desactivado');
  await page.unroute('**/api/v1/parental/pin');
  await settings.cancel.click();

  // The server no longer accepts this session for the password check (e.g. signed out elsewhere).
  await page.route('**/api/v1/account/password/check', (route) =>
    route.fulfill({
      status: 401,
      contentType: 'application/json',
      body: JSON.stringify({
        statusCode: 401,
        code: 'unauthorized',
        message: 'Su sesión ha caducado, por favor, inicie sesión de nuevo.',
      }),
    }),
  );
  await settings.define.click();
  await settings.enter(settings.accountPassword, account.password);
  await expect(page.getByRole('alertdialog').or(page.getByRole('dialog')).filter({ hasText: M51 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Inicia sesión' })).toBeVisible();
});

test('changing the password keeps this device signed in and signs the other one out', async ({ browser, request }) => {
  const account = await createAccount(request, 'password');
  const here = await browser.newContext();
  const there = await browser.newContext();
  try {
    const settings = await signedIn(await here.newPage(), account);
    const other = await there.newPage();
    await signedIn(other, account);

    const form = settings.passwordSection;
    await form.getByLabel('Contraseña actual').fill('equivocada');
    await form.getByLabel('Nueva contraseña', { exact: true }).fill('nueva-clave-9');
    await form.getByLabel('Repite la nueva contraseña').fill('nueva-clave-9');
    await form.getByRole('button', { name: 'Cambiar contraseña' }).click();
    await expect(form.getByRole('alert')).toHaveText(M52);
    await form.getByLabel('Contraseña actual').fill(account.password);
    await form.getByRole('button', { name: 'Cambiar contraseña' }).click();
    await expect(form.getByRole('status')).toHaveText(
      'Contraseña cambiada. Hemos cerrado la sesión en tus otros dispositivos.',
    );

    // The other device is signed out on its next request; this one stays.
    await other.reload();
    await expect(other.getByRole('heading', { name: 'Inicia sesión' })).toBeVisible();
    await settings.page.reload();
    await expect(settings.heading).toBeVisible();
    const login = new LoginPage(other);
    await login.login(account.email, 'nueva-clave-9');
    await expect(other.getByRole('button', { name: 'Cerrar sesión' })).toBeVisible();
  } finally {
    await here.close();
    await there.close();
  }
});

test('the language choice switches the page', async ({ page, request }) => {
  const account = await createAccount(request, 'language');
  const settings = await signedIn(page, account);
  await page.getByRole('region', { name: 'Idioma' }).getByRole('button', { name: 'EN' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await expect(page.getByTestId('pin-status')).toHaveText('Deactivated');
  await page.getByRole('region', { name: 'Language' }).getByRole('button', { name: 'DE' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Einstellungen' })).toBeVisible();
  await page.getByRole('region', { name: 'Sprache' }).getByRole('button', { name: 'ES' }).click();
  await expect(settings.heading).toBeVisible();
});

test('axe finds nothing serious at 390, 768 and 1440 px, with a PIN step open', async ({ page, request }) => {
  test.setTimeout(180_000);
  const account = await createAccount(request, 'axe');
  const settings = await signedIn(page, account);
  for (const width of [390, 768, 1440]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await settings.goto();
    const serious = (await axeViolations(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious, JSON.stringify(serious, null, 1)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.screenshot({ path: test.info().outputPath(`settings-${width}.png`), fullPage: true });
  }
  await settings.define.click();
  await expect(settings.accountPassword).toBeFocused();
  await page.screenshot({ path: test.info().outputPath('settings-pin-step-1440.png') });
  expect((await axeViolations(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
});

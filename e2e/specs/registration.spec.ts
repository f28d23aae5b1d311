import { expect, test, type Page } from '@playwright/test';
import { BASICO, DEMO } from '../fixtures/accounts';
import { axeViolations } from '../fixtures/axe';
import { LoginConfirmPage } from '../pages/login-confirm-page';
import { LoginPage } from '../pages/login-page';
import { HomePage } from '../pages/home-page';
import {
  newEmail,
  pendingPurchase,
  RegisterPage,
  RegisterResultPage,
  type RegistrationInput,
} from '../pages/register-page';

const SHOTS = '/tmp/shots/registration';
const M = {
  nameRequired: 'Por favor introduce tu nombre',
  nameLetters: 'Por favor introduce solo caracteres alfabéticos',
  emailRequired: 'Por favor introduce tu correo electrónico',
  emailInvalid: 'Introduce un correo electrónico válido',
  passwordRequired: 'Por favor introduce tu contraseña',
  passwordLength: 'La contraseña debe tener entre 6 y 30 caracteres',
  countryRequired: 'Introduce tu país para ver los deportes nacionales',
  sportRequired: 'Introduce tu deporte favorito',
  birthdayRequired: 'Por favor introduce tu fecha de nacimiento',
  birthdayInvalid: 'Por favor introduce una fecha de nacimiento válida',
  emailTaken: 'Usuario ya existente. Por favor utiliza otra dirección de correo electrónico',
};
const FAIL_TEXT =
  '¡Vaya!... parece que ha habido un error. Por favor, intentalo más tarde o ponte en contacto con Pantalla Soporte';
/** Package 2 (Cine Plus) is sold by a monthly subscription; nothing sells package 999999. */
const CINE = 2;

const person = (email: string): RegistrationInput => ({
  name: 'Lucía',
  secondName: 'Pérez',
  email,
  password: 'secreto1',
  country: 'ES',
  sport: 'Tenis',
  birthday: '1990-05-17',
});

async function expectNoViolations(page: Page) {
  const serious = (await axeViolations(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

async function signIn(page: Page, account: { email: string; password: string }) {
  const login = new LoginPage(page);
  await login.goto();
  await login.login(account.email, account.password);
  await new HomePage(page).expectSignedInAs(account.email);
}

test.describe('registration form', () => {
  test('shows every rule’s message, as the user types and on sending', async ({ page }) => {
    const form = new RegisterPage(page);
    await form.goto('/register/');
    await expect(form.step).toBeHidden();
    await form.submit.click();
    // Sent empty: every required field says so, and focus goes to the first.
    await expect(form.name).toBeFocused();
    expect(await form.message(form.name)).toBe(M.nameRequired);
    expect(await form.message(form.email)).toBe(M.emailRequired);
    expect(await form.message(form.password)).toBe(M.passwordRequired);
    expect(await form.message(form.country)).toBe(M.countryRequired);
    expect(await form.message(form.sport)).toBe(M.sportRequired);
    expect(await form.message(form.birthday)).toBe(M.birthdayRequired);
    await page.screenshot({ path: `${SHOTS}/register-errors.png`, fullPage: true });

    // Each message follows the keystrokes.
    await form.name.pressSequentially('Ana2');
    await expect.poll(() => form.message(form.name)).toBe(M.nameLetters);
    await form.name.fill('Ana María Núñez');
    await expect.poll(() => form.message(form.name)).toBe('');
    await form.email.fill('ana@');
    await expect.poll(() => form.message(form.email)).toBe(M.emailInvalid);
    await form.email.fill('ana@example.com');
    await expect.poll(() => form.message(form.email)).toBe('');
    await form.password.fill('12345');
    await expect.poll(() => form.message(form.password)).toBe(M.passwordLength);
    await form.password.fill('123456');
    await expect.poll(() => form.message(form.password)).toBe('');
    await form.country.selectOption('MX');
    await expect.poll(() => form.message(form.country)).toBe('');
    await form.sport.selectOption({ label: 'Ajedrez' });
    await expect.poll(() => form.message(form.sport)).toBe('');
    await form.birthday.fill('1899-12-31');
    await expect.poll(() => form.message(form.birthday)).toBe(M.birthdayInvalid);
    await form.birthday.fill('1990-05-17');
    await expect.poll(() => form.message(form.birthday)).toBe('');
  });

  test('lists about 250 countries in Spanish and the 26 sports', async ({ page }) => {
    const form = new RegisterPage(page);
    await form.goto('/register/');
    const countries = await form.country.locator('option').allTextContents();
    expect(countries.length - 1).toBeGreaterThanOrEqual(245);
    for (const name of ['España', 'México', 'Alemania', 'Estados Unidos', 'Argentina'])
      expect(countries).toContain(name);
    const sports = await form.sport.locator('option').allTextContents();
    expect(sports.length - 1).toBe(26);
    for (const name of ['Ajedrez', 'Atletismo', 'Fútbol', 'Tenis', 'Golf']) expect(sports).toContain(name);
  });

  test('a plain registration ends on the success page; Volver goes to /', async ({ page }) => {
    const form = new RegisterPage(page);
    await form.goto('/register/');
    await form.fill(person(newEmail('plain')));
    await form.submit.click();
    await expect(page).toHaveURL('/register_result/success');
    await expect(page.getByText('Tu registro se ha completado con éxito.')).toBeVisible();
    await expect(page.getByText('Recibirás un email para confirmar tu cuenta.')).toBeVisible();
    await expectNoViolations(page);
    await new RegisterResultPage(page).back.click();
    await expect(page).toHaveURL('/');
    await expect(new LoginPage(page).heading).toBeVisible();
  });

  test('a taken email shows the spec’s message on the form', async ({ page }) => {
    const form = new RegisterPage(page);
    await form.goto('/register/');
    await form.fill(person(BASICO.email.toUpperCase()));
    await form.submit.click();
    await expect(form.alert).toHaveText(M.emailTaken);
    await expect(page).toHaveURL('/register/');
  });

  test('the simpler form has no country and no sport, and the same rules otherwise', async ({ page }) => {
    const form = new RegisterPage(page);
    await form.goto('/register_gearup/');
    await expect(form.country).toHaveCount(0);
    await expect(form.sport).toHaveCount(0);
    await form.submit.click();
    expect(await form.message(form.name)).toBe(M.nameRequired);
    expect(await form.message(form.email)).toBe(M.emailRequired);
    expect(await form.message(form.password)).toBe(M.passwordRequired);
    expect(await form.message(form.birthday)).toBe(M.birthdayRequired);
    await form.name.fill('Ana_1');
    await expect.poll(() => form.message(form.name)).toBe(M.nameLetters);
    await form.fill({ name: 'Ana', email: newEmail('gearup'), password: 'secreto1', birthday: '2001-01-31' });
    await form.submit.click();
    await expect(page).toHaveURL('/register_result/success');
  });

  test('any other failure goes to the fail page with the provider’s name', async ({ page }) => {
    const form = new RegisterPage(page);
    await form.goto('/register/');
    await page.route('**/api/v1/registration', (route) =>
      route.fulfill({
        status: 500,
        json: { statusCode: 500, code: 'internal', message: 'Error interno del servidor.' },
      }),
    );
    await form.fill(person(newEmail('fail')));
    await form.submit.click();
    await expect(page).toHaveURL('/register_result/fail');
    await expect(page.getByText(FAIL_TEXT)).toBeVisible();
    await expectNoViolations(page);
  });

  test('the privacy and cookies policy is a real page, public, in es, en and de', async ({ page }) => {
    const form = new RegisterPage(page);
    await form.goto('/register/');
    await form.privacy.click();
    await expect(page).toHaveURL('/privacy/');
    await expect(page.getByRole('heading', { name: 'Política de privacidad y cookies' })).toBeVisible();
    for (const heading of ['Qué datos guardamos', 'Tus derechos', 'Cookies', 'Contacto'])
      await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
    await expect(page.getByText(/pantalla_rt/).first()).toBeVisible();
    await expect(page.getByText(/escribe a Pantalla Soporte, el servicio de atención de Pantalla/)).toBeVisible();
    await expectNoViolations(page);
    await page.getByRole('button', { name: 'EN' }).click();
    await expect(page.getByRole('heading', { name: 'Privacy and cookies policy' })).toBeVisible();
    await page.getByRole('button', { name: 'DE' }).click();
    await expect(page.getByRole('heading', { name: 'Datenschutz- und Cookie-Richtlinie' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Ihre Rechte' })).toBeVisible();
    await page.getByRole('button', { name: 'ES' }).click();
  });

  for (const path of ['/register/', '/register_gearup/', '/register/?product=2']) {
    test(`${path} passes axe and fits a 360 px phone, by keyboard`, async ({ page }) => {
      await page.setViewportSize({ width: 360, height: 740 });
      const form = new RegisterPage(page);
      await form.goto(path);
      await expectNoViolations(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      // The keyboard reaches the fields in order, never the hidden trap.
      await form.name.focus();
      await page.keyboard.press('Tab');
      await expect(form.secondName).toBeFocused();
      await page.keyboard.press('Tab');
      await expect(form.email).toBeFocused();
      await (path.includes('product') ? form.continue : form.submit).focus();
      await page.keyboard.press('Enter');
      await expect(form.name).toBeFocused();
      await expectNoViolations(page);
    });
  }
});

test.describe('two-step registration and login confirmation', () => {
  test('with ?product=: Paso 1 de 2, Continuar, then checkout with the product, signed in', async ({ page }) => {
    const form = new RegisterPage(page);
    await form.goto(`/register/?product=${CINE}`);
    await expect(form.step).toBeVisible();
    await expect(form.submit).toHaveCount(0);
    await expect(form.haveAccount).toHaveAttribute('href', `/login_confirm/${CINE}`);
    // Two-step mode does not check letters only.
    await form.fill({ ...person(newEmail('twostep')), name: 'Ana 2' });
    await form.continue.click();
    await expect(page).toHaveURL('/checkout/');
    expect(await pendingPurchase(page)).toMatchObject({
      purchase: { packageId: CINE, title: 'Cine Plus', priceCents: 999 },
      twoStep: true,
    });
    await expect(page.getByRole('button', { name: 'Cerrar sesión' })).toBeVisible();
  });

  test('with an unknown product, the account is made and the flow goes to fail', async ({ page }) => {
    const form = new RegisterPage(page);
    await form.goto('/register/?product=999999');
    await form.fill(person(newEmail('noproduct')));
    await form.continue.click();
    await expect(page).toHaveURL('/register_result/fail');
    await expect(page.getByText(FAIL_TEXT)).toBeVisible();
  });

  test('signed in, ?product= goes to /login_confirm/; the placeholder password continues without a new login', async ({
    page,
  }) => {
    await signIn(page, DEMO);
    await page.goto(`/register/?product=${CINE}`);
    await expect(page).toHaveURL(`/login_confirm/${CINE}`);
    const confirm = new LoginConfirmPage(page);
    await expect(confirm.step).toBeVisible();
    await expect(confirm.email).toHaveValue(DEMO.email);
    await expect(confirm.password).not.toHaveValue('');
    let logins = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/v1/login') || request.url().endsWith('/api/v1/logout')) logins++;
    });
    await confirm.submit.click();
    await expect(page).toHaveURL('/checkout/');
    expect(logins).toBe(0);
    expect(await pendingPurchase(page)).toMatchObject({ purchase: { packageId: CINE }, twoStep: true });
  });

  test('signed in, another email signs out and in again before checkout', async ({ page }) => {
    await signIn(page, DEMO);
    const confirm = new LoginConfirmPage(page);
    await confirm.goto(`/login_confirm/${CINE}`);
    await confirm.email.fill(BASICO.email);
    await confirm.password.fill(BASICO.password);
    const logout = page.waitForRequest('**/api/v1/logout');
    await confirm.submit.click();
    await logout;
    await expect(page).toHaveURL('/checkout/');
    await page.getByRole('button', { name: 'Tu cuenta' }).click();
    await expect(page.getByText(`Sesión iniciada como ${BASICO.email}`)).toBeVisible();
  });

  test('/login_confirm/ prefills ?login=, signs in and goes to checkout', async ({ page }) => {
    const confirm = new LoginConfirmPage(page);
    await confirm.goto(`/login_confirm/${CINE}?login=${encodeURIComponent(BASICO.email)}`);
    await expect(confirm.email).toHaveValue(BASICO.email);
    await expect(confirm.password).toHaveValue('');
    await expectNoViolations(page);
    await confirm.password.fill(BASICO.password);
    await confirm.submit.click();
    await expect(page).toHaveURL('/checkout/');
    expect(await pendingPurchase(page)).toMatchObject({ purchase: { packageId: CINE }, twoStep: true });
  });

  test('/login_confirm/ with an unknown package goes to fail (signed in at once, signed out after the login)', async ({
    page,
  }) => {
    await page.goto('/login_confirm/abc');
    await expect(page).toHaveURL('/register_result/fail');
    const confirm = new LoginConfirmPage(page);
    await confirm.goto(`/login_confirm/999999?login=${encodeURIComponent(BASICO.email)}`);
    await confirm.password.fill(BASICO.password);
    await confirm.submit.click();
    await expect(page).toHaveURL('/register_result/fail');
    await page.goto('/login_confirm/999999');
    await expect(page).toHaveURL('/register_result/fail');
    await expect(page.getByText(FAIL_TEXT)).toBeVisible();
  });
});

import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { signInDirectly } from '../fixtures/api';
import { createAccount } from '../fixtures/new-account';
import { newEmail, RegisterPage } from '../pages/register-page';
import { SettingsPage } from '../pages/settings-page';

/*
 * The server refuses the most common passwords (security issue, item 12): the forms that set
 * a password show its refusal in the page's language, and the registration form, corrected,
 * goes through with the same form (its token is spent only by an account made).
 */
const table = (lang: string) =>
  JSON.parse(readFileSync(new URL(`../../apps/web/src/locales/${lang}/common.json`, import.meta.url), 'utf8')) as {
    messages: Record<string, string>;
  };
const TOO_COMMON = table('es').messages.passwordCommon!;

test('registration: a common password is refused with the server’s message; a better one then registers', async ({
  page,
}) => {
  expect(TOO_COMMON).toBe('Esa contraseña es de las más usadas y fáciles de adivinar. Elige otra.');
  const form = new RegisterPage(page);
  await form.goto('/register/');
  await form.fill({
    name: 'Lucía',
    secondName: 'Pérez',
    email: newEmail('comun'),
    password: 'password1',
    country: 'ES',
    sport: 'Tenis',
    birthday: '1990-05-17',
  });
  await form.submit.click();
  await expect(form.alert).toHaveText(TOO_COMMON);
  await expect(page).toHaveURL('/register/');
  await form.password.fill('k7#qZp-lucia');
  await form.submit.click();
  await expect(page).toHaveURL('/register_result/success');
});

test('settings: changing to a common password shows the server’s refusal and keeps the old password', async ({
  page,
  request,
}) => {
  const account = await createAccount(request, 'common-password');
  await signInDirectly(page, account);
  const settings = new SettingsPage(page);
  await settings.goto();
  const form = settings.passwordSection;
  await form.getByLabel('Contraseña actual').fill(account.password);
  await form.getByLabel('Nueva contraseña', { exact: true }).fill('qwerty123');
  await form.getByLabel('Repite la nueva contraseña').fill('qwerty123');
  await form.getByRole('button', { name: 'Cambiar contraseña' }).click();
  await expect(form.getByRole('alert')).toHaveText(TOO_COMMON);
});

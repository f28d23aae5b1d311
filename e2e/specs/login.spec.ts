import { expect, test } from '@playwright/test';
import { ACCOUNTS, DEMO } from '../fixtures/accounts';
import { texts } from '../fixtures/texts';
import { ErrorModal } from '../pages/error-modal';
import { HomePage } from '../pages/home-page';
import { LoginPage } from '../pages/login-page';

test.describe('login', () => {
  test('the screen has email, password, remember-me on by default and the lost-password link', async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto();
    await expect(login.email).toBeVisible();
    await expect(login.password).toHaveAttribute('type', 'password');
    await expect(login.rememberMe).toBeChecked();
    await expect(login.forgotPassword).toHaveAttribute('href', '/lostpassword/');
    await expect(login.submit).toBeEnabled();
  });

  for (const account of ACCOUNTS) {
    test(`${account.email} signs in and sees the home`, async ({ page }) => {
      const login = new LoginPage(page);
      await login.goto();
      await login.login(account.email, account.password);
      const home = new HomePage(page);
      await home.expectSignedInAs(account.email);
      await expect(page).toHaveURL('/');
      await expect(home.nav.getByRole('link', { name: 'Guía TV' })).toHaveAttribute('href', '/epg/');
    });
  }

  test('a wrong password shows message 29 and stays signed out', async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto();
    await login.login(DEMO.email, 'not-the-password');
    await expect(login.alert).toHaveText(texts.message29);
    await expect(login.heading).toBeVisible();
  });

  test('an unreachable server opens the non-recoverable modal with message 30', async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto();
    await page.route('**/api/v1/login', (route) => route.abort('connectionrefused'));
    await login.login(DEMO.email, DEMO.password);
    const modal = new ErrorModal(page);
    await expect(modal.dialog).toBeVisible();
    await expect(modal.dialog).toContainText(texts.message30);
    await expect(modal.close).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(modal.dialog).toBeVisible();
    await expect(modal.retry).toBeFocused();
  });

  test('logout returns to the login screen and the session stays gone after a reload', async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto();
    await login.login(DEMO.email, DEMO.password);
    const home = new HomePage(page);
    await home.expectSignedInAs(DEMO.email);
    await home.logout();
    await expect(login.heading).toBeVisible();
    await page.reload();
    await expect(login.heading).toBeVisible();
  });
});

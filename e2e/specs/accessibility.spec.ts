import { expect, test, type Page } from '@playwright/test';
import { BASICO } from '../fixtures/accounts';
import { HomePage } from '../pages/home-page';
import { LoginPage } from '../pages/login-page';
import { axeViolations } from '../fixtures/axe';

async function expectNoViolations(page: Page) {
  const violations = await axeViolations(page);
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test.describe('accessibility (axe, WCAG 2.1 AA)', () => {
  test('signed-out screens', async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto();
    await expectNoViolations(page);
    await login.login(BASICO.email, 'wrong-password');
    await expect(login.alert).toBeVisible();
    await expectNoViolations(page);
    await page.goto('/lostpassword/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoViolations(page);
    await page.goto('/resetpassword/some-token-value');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoViolations(page);
  });

  test('signed-in home and the settings', async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto();
    await login.login(BASICO.email, BASICO.password);
    await new HomePage(page).expectSignedInAs(BASICO.email);
    await expectNoViolations(page);
    await page.goto('/settings/');
    await expect(page.getByRole('heading', { name: 'Ajustes', level: 1 })).toBeVisible();
    await expectNoViolations(page);
  });

  test('the error modal', async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto();
    await page.route('**/api/v1/login', (route) => route.abort());
    await login.login(BASICO.email, BASICO.password);
    await expect(page.getByRole('alertdialog')).toBeVisible();
    await expectNoViolations(page);
  });
});

import { expect, test } from '@playwright/test';
import { BASICO, DEMO } from '../fixtures/accounts';
import { signInDirectly } from '../fixtures/api';
import { createAccount } from '../fixtures/new-account';
import { OperatorPage } from '../pages/operator-page';

const CONSOLE_NAV = 'nav[aria-label="Secciones de la consola"]';

test.describe('who may enter the operator console', () => {
  test('a subscriber opening /operador/ ends where any unknown address ends, never seeing the console', async ({
    page,
  }) => {
    // Watches the whole visit: the console's navigation must never be drawn, not even for a moment.
    await page.addInitScript((selector) => {
      new MutationObserver(() => {
        if (document.querySelector(selector)) (window as unknown as { sawConsole: boolean }).sawConsole = true;
      }).observe(document, { childList: true, subtree: true });
    }, CONSOLE_NAV);
    await signInDirectly(page, BASICO);
    await page.goto('/no/existe');
    await expect(page).not.toHaveURL(/\/no\/existe/, { timeout: 20_000 });
    const unknownEndsAt = new URL(page.url()).pathname;

    await page.goto('/operador/');
    await expect(page).toHaveURL(unknownEndsAt, { timeout: 20_000 });
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expect(new OperatorPage(page).nav).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { sawConsole?: boolean }).sawConsole ?? false)).toBe(false);
  });

  test('an admin grants the content role to a new account, confirming with the password, and the audit log shows it', async ({
    page,
    request,
  }) => {
    const account = await createAccount(request, 'contenidos-e2e');
    await signInDirectly(page, DEMO);
    const operator = new OperatorPage(page);
    await operator.goto('roles');
    await expect(page.getByRole('heading', { level: 1, name: 'Roles' })).toBeVisible({ timeout: 20_000 });

    await operator.grantEmail.fill(account.email);
    await operator.grantRole.selectOption({ label: 'Contenidos' });
    await operator.grantButton.click();
    await operator.confirmPassword(DEMO.password);
    await expect(
      page.getByRole('status').filter({ hasText: `${account.email} tiene ahora el rol Contenidos.` }),
    ).toBeVisible({ timeout: 20_000 });
    await expect(operator.operatorRow(account.email)).toContainText('Contenidos', { timeout: 20_000 });

    await operator.open('audit');
    await page.getByLabel('Acción', { exact: true }).fill('role.grant');
    await page.getByRole('button', { name: 'Buscar' }).click();
    const newest = operator.auditRows.nth(1);
    await expect(newest).toContainText('role.grant', { timeout: 20_000 });
    await expect(newest).toContainText(DEMO.email);
    await expect(newest).toContainText('content');
  });
});

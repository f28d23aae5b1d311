import { expect, type Locator, type Page } from '@playwright/test';

/** /resetpassword/{token}, opened from the recovery mail. */
export class ResetPasswordPage {
  readonly heading: Locator;
  readonly password: Locator;
  readonly confirm: Locator;
  readonly submit: Locator;
  readonly success: Locator;
  readonly goToLogin: Locator;
  readonly alert: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Elige una contraseña nueva' });
    this.password = page.getByLabel('Nueva contraseña', { exact: true });
    this.confirm = page.getByLabel('Repite la nueva contraseña');
    this.submit = page.getByRole('button', { name: 'Guardar contraseña' });
    this.success = page.getByRole('status');
    this.goToLogin = page.getByRole('link', { name: 'Ir a iniciar sesión' });
    this.alert = page.getByRole('alert');
  }

  async goto(path: string): Promise<void> {
    await this.page.goto(path);
    await expect(this.heading).toBeVisible();
  }

  async setPassword(password: string, confirm = password): Promise<void> {
    await this.password.fill(password);
    await this.confirm.fill(confirm);
    await this.submit.click();
  }
}

import { expect, type Locator, type Page } from '@playwright/test';

/** /login_confirm/{pr}: 'Paso 1 de 2', the login form, then checkout. */
export class LoginConfirmPage {
  readonly step: Locator;
  readonly email: Locator;
  readonly password: Locator;
  readonly submit: Locator;
  readonly alert: Locator;

  constructor(readonly page: Page) {
    this.step = page.getByText('Paso 1 de 2');
    this.email = page.getByLabel('Correo electrónico');
    this.password = page.getByLabel('Contraseña', { exact: true });
    this.submit = page.getByRole('button', { name: 'Iniciar sesión' });
    this.alert = page.getByRole('alert');
  }

  async goto(path: string): Promise<void> {
    await this.page.goto(path);
    await expect(this.step).toBeVisible();
  }
}

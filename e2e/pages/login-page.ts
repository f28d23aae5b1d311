import { expect, type Locator, type Page } from '@playwright/test';

/** The login screen at / (signed out). */
export class LoginPage {
  readonly heading: Locator;
  readonly email: Locator;
  readonly password: Locator;
  readonly rememberMe: Locator;
  readonly submit: Locator;
  readonly forgotPassword: Locator;
  readonly alert: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Inicia sesión' });
    this.email = page.getByLabel('Correo electrónico');
    this.password = page.getByLabel('Contraseña', { exact: true });
    this.rememberMe = page.getByLabel('Recordarme');
    this.submit = page.getByRole('button', { name: 'Iniciar sesión' });
    this.forgotPassword = page.getByRole('link', { name: '¿Has olvidado tu contraseña?' });
    this.alert = page.getByRole('alert');
  }

  async goto(): Promise<void> {
    await this.page.goto('/');
    await expect(this.heading).toBeVisible();
  }

  async login(email: string, password: string, options: { rememberMe?: boolean } = {}): Promise<void> {
    await this.email.fill(email);
    await this.password.fill(password);
    await this.rememberMe.setChecked(options.rememberMe ?? true);
    await this.submit.click();
  }
}

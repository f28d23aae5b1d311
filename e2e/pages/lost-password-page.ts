import { expect, type Locator, type Page } from '@playwright/test';

/** /lostpassword/ */
export class LostPasswordPage {
  readonly heading: Locator;
  readonly email: Locator;
  readonly submit: Locator;
  readonly confirmation: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Recupera tu contraseña' });
    this.email = page.getByLabel('Correo electrónico');
    this.submit = page.getByRole('button', { name: 'Recuperar contraseña' });
    this.confirmation = page.getByRole('status');
  }

  async goto(): Promise<void> {
    await this.page.goto('/lostpassword/');
    await expect(this.heading).toBeVisible();
  }

  async request(email: string): Promise<void> {
    await this.email.fill(email);
    await this.submit.click();
  }
}

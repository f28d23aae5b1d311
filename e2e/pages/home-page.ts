import { expect, type Locator, type Page } from '@playwright/test';

/** The signed-in home at / (browse issue 5: carousel and category rows). */
export class HomePage {
  readonly greeting: Locator;
  readonly logoutButton: Locator;
  readonly nav: Locator;
  readonly accountButton: Locator;

  constructor(readonly page: Page) {
    // The home's page heading (visually hidden: the carousel leads the page).
    this.greeting = page.getByRole('heading', { level: 1, name: 'Inicio' });
    this.logoutButton = page.getByRole('button', { name: 'Cerrar sesión' });
    this.nav = page.getByRole('navigation', { name: 'Navegación principal' });
    this.accountButton = page.getByRole('button', { name: 'Tu cuenta' });
  }

  /** The home is up and the account menu names the signed-in user. */
  async expectSignedInAs(email: string): Promise<void> {
    await expect(this.greeting).toBeVisible();
    await this.accountButton.click();
    await expect(this.page.getByText(`Sesión iniciada como ${email}`)).toBeVisible();
    await this.page.keyboard.press('Escape');
  }

  async logout(): Promise<void> {
    await this.logoutButton.click();
  }
}

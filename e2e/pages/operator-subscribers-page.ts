import { expect, type Locator, type Page } from '@playwright/test';

/** /operador/suscriptores and /operador/suscriptores/:userId: subscriber search and one subscriber's page. */
export class OperatorSubscribersPage {
  constructor(private readonly page: Page) {}

  async openSearch(): Promise<void> {
    await this.page.goto('/operador/suscriptores');
    await expect(this.page.getByRole('heading', { level: 1, name: 'Suscriptores' })).toBeVisible({ timeout: 30_000 });
  }

  /** Types a term as an operator would and waits for the results' table. */
  async search(term: string): Promise<void> {
    await this.page.getByRole('searchbox', { name: 'Buscar suscriptor' }).fill(term);
    await expect(this.results()).toBeVisible({ timeout: 30_000 });
  }

  results(): Locator {
    return this.page.getByRole('table', { name: 'Cuentas encontradas' });
  }

  /** Opens the page of the account with this e-mail from the results, by keyboard. */
  async open(email: string): Promise<void> {
    const link = this.results().getByRole('link', { name: email, exact: true });
    await link.focus();
    await this.page.keyboard.press('Enter');
    await expect(this.page.getByRole('heading', { level: 1, name: email })).toBeVisible({ timeout: 30_000 });
  }

  packages(): Locator {
    return this.page.getByRole('table', { name: 'Paquetes de la cuenta' });
  }

  /** A package's row, by the package's name. */
  packageRow(name: string): Locator {
    return this.packages()
      .getByRole('row')
      .filter({ has: this.page.getByRole('rowheader', { name, exact: true }) });
  }
}

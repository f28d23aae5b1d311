import { expect, type Locator, type Page } from '@playwright/test';

/** One subscriber's page in the console (/operador/suscriptores/{userId}) and its actions. */
export class OperatorSubscriberPage {
  constructor(readonly page: Page) {}

  async goto(userId: number): Promise<void> {
    await this.page.goto(`/operador/suscriptores/${userId}`);
  }

  /** The purchases section (the packages table names the same titles). */
  get purchases(): Locator {
    return this.page.getByRole('region', { name: 'Compras y suscripciones' });
  }

  /** The purchases table's row of a title. */
  purchaseRow(title: string): Locator {
    return this.purchases.getByRole('row').filter({ has: this.page.getByRole('rowheader', { name: title }) });
  }

  /** Refunds a purchase: the confirmation with its reason, then the password dialog; answers the outcome line. */
  async refund(title: string, reason: string, password: string, shot?: string): Promise<Locator> {
    const row = this.purchaseRow(title).first();
    await row.getByRole('button', { name: 'Devolver' }).click();
    const confirm = this.page.getByRole('dialog', { name: 'Devolver esta compra' });
    await confirm.getByLabel('Motivo').fill(reason);
    if (shot) await this.page.screenshot({ path: shot });
    await confirm.getByRole('button', { name: 'Devolver' }).click();
    const reauth = this.page.getByRole('dialog', { name: 'Confirma con tu contraseña' });
    await expect(reauth).toBeVisible({ timeout: 20_000 });
    await reauth.getByLabel('Contraseña').fill(password);
    await reauth.getByRole('button', { name: 'Confirmar' }).click();
    return this.page.getByRole('status').filter({ hasText: 'Devueltos' });
  }
}

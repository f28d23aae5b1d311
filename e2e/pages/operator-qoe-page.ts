import { expect, type Locator, type Page } from '@playwright/test';
import { signInDirectly } from '../fixtures/api';

/** The console's quality of experience (/operador/calidad): figures, charts, breakdowns, alerts. */
export class OperatorQoePage {
  readonly heading: Locator;
  readonly lastHour: Locator;
  readonly groupBy: Locator;
  readonly breakdown: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Calidad de experiencia', level: 1 });
    this.lastHour = page.getByRole('button', { name: 'Última hora' });
    this.groupBy = page.getByLabel('Agrupar por');
    this.breakdown = page.getByRole('table', { name: /^Cifras por/ });
  }

  async open(account: { email: string; password: string }): Promise<void> {
    await signInDirectly(this.page, account);
    await this.page.goto('/operador/calidad');
    await expect(this.heading).toBeVisible({ timeout: 30_000 });
  }

  /** A group's row (a channel reads 'Canal <id>'), found by its row header. */
  row(name: string): Locator {
    return this.page.getByRole('row').filter({ has: this.page.getByRole('rowheader', { name, exact: true }) });
  }

  /** The row's cells in the table's column order (views, viewers, score, start-up p95, rebuffering, failures, exits). */
  async cells(name: string): Promise<string[]> {
    return this.row(name).getByRole('cell').allTextContents();
  }
}

import { expect, type Locator, type Page } from '@playwright/test';
import { signInDirectly } from '../fixtures/api';

/** The console's Now view (/operador/): open streams in total and per live channel. */
export class OperatorNowPage {
  readonly heading: Locator;
  /** The polite live region with the totals. */
  readonly summary: Locator;
  readonly updatedAt: Locator;
  readonly table: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Ahora', level: 1 });
    this.summary = page.getByRole('status').filter({ hasText: /emisi(ón|ones) abiertas?/ });
    this.updatedAt = page.getByText(/^Actualizado a las \d{2}:\d{2}:\d{2}/);
    this.table = page.getByRole('table', { name: 'Canales por emisiones abiertas, de más a menos' });
  }

  async open(account: { email: string; password: string }): Promise<void> {
    await signInDirectly(this.page, account);
    await this.page.goto('/operador/');
    await expect(this.heading).toBeVisible({ timeout: 30_000 });
    await expect(this.summary).toBeVisible({ timeout: 30_000 });
  }

  /** A channel's row, found by its name (its row header). */
  row(channelName: string): Locator {
    return this.page.getByRole('row').filter({ has: this.page.getByRole('rowheader', { name: channelName }) });
  }

  /** The open-stream count shown in a channel's row. */
  countOf(channelName: string): Locator {
    return this.row(channelName).getByRole('cell').last();
  }
}

import { expect, type Locator, type Page } from '@playwright/test';

/** /conndiag/: IP, servers of diag.json, speed test, chart. */
export class DiagnosticsPage {
  readonly heading: Locator;
  readonly state: Locator;
  readonly ip: Locator;
  readonly rows: Locator;
  readonly start: Locator;
  readonly stop: Locator;
  readonly again: Locator;
  readonly chart: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Diagnóstico de conexión' });
    this.state = page.getByTestId('diag-state');
    this.ip = page.getByTestId('user-ip');
    this.rows = page.getByTestId('diag-server');
    this.start = page.getByRole('button', { name: 'Iniciar prueba' });
    this.stop = page.getByRole('button', { name: 'Detener prueba' });
    this.again = page.getByRole('button', { name: 'Repetir prueba' });
    this.chart = page.getByRole('img', { name: /Velocidad por servidor/ });
  }

  row(host: string): Locator {
    return this.rows.filter({ hasText: host });
  }

  async expectRow(host: string, verdict: string): Promise<void> {
    await expect(this.row(host).getByRole('cell').last()).toHaveText(verdict);
  }
}

import type { Locator, Page } from '@playwright/test';

/** A channel's or title's quality page in the console (/operador/calidad/{type}/{id}), and a view's. */
export class OperatorQoeItemPage {
  readonly alerts: Locator;
  readonly errors: Locator;
  readonly views: Locator;

  constructor(readonly page: Page) {
    this.alerts = page.getByRole('region', { name: 'Alertas' });
    this.errors = page.getByRole('table', { name: 'Cifras por Código de error' });
    this.views = page.getByRole('region', { name: 'Reproducciones recientes' });
  }

  heading(name: string): Locator {
    return this.page.getByRole('heading', { name, level: 1 });
  }

  /** The recent views' rows that failed (their outcome reads 'Fallo <code>'). */
  failedViews(): Locator {
    return this.views.getByRole('row').filter({ hasText: /Fallo \d+/ });
  }
}

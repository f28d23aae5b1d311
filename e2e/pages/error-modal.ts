import type { Locator, Page } from '@playwright/test';

/** The global error modal (role alertdialog). */
export class ErrorModal {
  readonly dialog: Locator;
  readonly retry: Locator;
  readonly close: Locator;

  constructor(readonly page: Page) {
    this.dialog = page.getByRole('alertdialog');
    this.retry = this.dialog.getByRole('button', { name: 'Reintentar' });
    this.close = this.dialog.getByRole('button', { name: 'Cerrar' });
  }
}

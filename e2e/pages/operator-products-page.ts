import { expect, type Locator, type Page } from '@playwright/test';
import { OperatorPage } from './operator-page';

/** /operador/productos and a product's page: the list, the edit form, the price change, the history and the sales charts. */
export class OperatorProductsPage extends OperatorPage {
  readonly search: Locator;
  readonly kind: Locator;
  readonly priceForm: Locator;
  readonly newPrice: Locator;
  readonly changePrice: Locator;
  readonly newPurchasesNote: Locator;
  readonly currentPrice: Locator;
  readonly history: Locator;
  readonly salesCount: Locator;
  readonly salesGross: Locator;

  constructor(page: Page) {
    super(page);
    this.search = page.getByRole('searchbox', { name: 'Buscar por título' });
    this.kind = page.getByLabel('Tipo', { exact: true });
    this.priceForm = page.getByRole('form', { name: 'Cambiar el precio' });
    this.newPrice = page.getByLabel('Nuevo precio');
    this.changePrice = page.getByRole('button', { name: 'Cambiar el precio' });
    this.newPurchasesNote = page.getByRole('note').filter({ hasText: 'se aplica solo a las compras nuevas' });
    this.currentPrice = page.getByTestId('current-price');
    this.history = page.getByRole('region', { name: 'Historial de precios' });
    this.salesCount = page.getByRole('figure', { name: 'Número de ventas por día' });
    this.salesGross = page.getByRole('figure', { name: 'Importe bruto por día' });
  }

  async gotoList(): Promise<void> {
    await this.goto('products');
    await expect(this.page.getByRole('heading', { level: 1, name: 'Productos y precios' })).toBeVisible({
      timeout: 20_000,
    });
  }

  /** Searches the list by title and opens the product's page. */
  async openProduct(title: string): Promise<void> {
    await this.search.fill(title);
    await this.page.getByRole('link', { name: title, exact: true }).click();
    await expect(this.page.getByRole('heading', { level: 1, name: title })).toBeVisible({ timeout: 20_000 });
  }

  /** Types a new price and sends it; the caller answers the password dialog if it opens. */
  async submitPrice(amount: string): Promise<void> {
    await this.newPrice.fill(amount);
    await this.changePrice.click();
  }

  /** The chart's canvas (drawn by the chart library once loaded). */
  chartCanvas(figure: Locator): Locator {
    return figure.locator('canvas');
  }
}

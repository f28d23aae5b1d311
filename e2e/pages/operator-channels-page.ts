import { expect, type Locator, type Page } from '@playwright/test';

/** The console's channel table (/operador/canales), a channel's edit form, and the lineup screen (/operador/listas). */
export class OperatorChannelsPage {
  readonly table: Locator;
  readonly search: Locator;
  readonly lineup: Locator;
  readonly lineupPicker: Locator;
  readonly announcement: Locator;

  constructor(readonly page: Page) {
    this.table = page.getByRole('table', { name: 'Tabla de canales' });
    this.search = page.getByLabel('Buscar por nombre o número');
    this.lineup = page.getByRole('list', { name: 'Canales de la lista en su orden' });
    this.lineupPicker = page.getByLabel('Lista de canales', { exact: true });
    this.announcement = page.getByRole('status').filter({ hasText: /está ahora en la posición/ });
  }

  async gotoTable(): Promise<void> {
    await this.page.goto('/operador/canales');
    await expect(this.table).toBeVisible({ timeout: 30_000 });
  }

  /** A channel's row in the table, by its name. */
  row(name: string): Locator {
    return this.table.getByRole('row').filter({ has: this.page.getByRole('link', { name, exact: true }) });
  }

  /** Searches the table and opens the channel's form. */
  async openChannel(name: string): Promise<void> {
    await this.search.fill(name);
    await expect(this.row(name)).toBeVisible({ timeout: 20_000 });
    await this.row(name).getByRole('link', { name, exact: true }).click();
    await expect(this.page.getByRole('heading', { name: `Editar ${name}` })).toBeVisible({ timeout: 20_000 });
  }

  get number(): Locator {
    return this.page.getByLabel('Número', { exact: true });
  }
  get logo(): Locator {
    return this.page.getByLabel('Logotipo (dirección https:// o ruta /)');
  }

  async save(): Promise<void> {
    await this.page.getByRole('button', { name: 'Guardar cambios' }).click();
    await expect(this.page.getByRole('status').filter({ hasText: 'Cambios guardados.' })).toBeVisible({
      timeout: 20_000,
    });
  }

  async gotoLineups(): Promise<void> {
    await this.page.goto('/operador/listas');
    await expect(this.lineupItems().first()).toBeVisible({ timeout: 30_000 });
  }

  lineupItems(): Locator {
    return this.lineup.getByRole('listitem');
  }

  /** The lineup's row of a channel, by its name. */
  lineupRow(name: string): Locator {
    return this.lineup.locator('[data-channel-id]').filter({ hasText: name });
  }
}

import { expect, type Locator, type Page } from '@playwright/test';

/** /operador/guias and /operador/guias/:id: guide sources, upload, and the mapping picker. */
export class OperatorSourcesPage {
  constructor(private readonly page: Page) {}

  async openList(): Promise<void> {
    await this.page.goto('/operador/guias');
    await expect(this.page.getByRole('heading', { level: 1, name: 'Fuentes de guía' })).toBeVisible({
      timeout: 30_000,
    });
  }

  async openSource(id: number): Promise<void> {
    await this.page.goto(`/operador/guias/${id}`);
    await expect(this.page.getByRole('heading', { name: 'Última descarga' })).toBeVisible({ timeout: 30_000 });
  }

  /** Uploads a file and waits for the import's answer; answers the status text shown. */
  async upload(name: string, contents: string): Promise<void> {
    await this.page
      .getByLabel('Archivo XMLTV o M3U (puede ir comprimido con gzip)')
      .setInputFiles({ name, mimeType: 'application/xml', buffer: Buffer.from(contents) });
    await this.page.getByRole('button', { name: 'Subir e importar' }).click();
    await expect(this.page.getByRole('progressbar')).toBeVisible();
    await expect(this.page.getByText('Archivo importado.')).toBeVisible({ timeout: 60_000 });
  }

  unmatchedItem(guideId: string): Locator {
    return this.page.getByRole('listitem').filter({ has: this.page.getByText(guideId, { exact: true }) });
  }

  /** Opens the picker of a guide id, searches a channel by keyboard and picks it. */
  async pick(guideId: string, search: string, option: string): Promise<void> {
    await this.page.getByRole('button', { name: `Asignar a un canal: ${guideId}` }).click();
    await this.page.getByLabel('Buscar canal por nombre o número').fill(search);
    const list = this.page.getByRole('listbox', { name: 'Asignar a un canal' });
    await expect(list.getByRole('option', { name: option })).toBeVisible({ timeout: 20_000 });
    await list.selectOption({ label: option });
  }

  async applyMapping(): Promise<void> {
    await this.page.getByRole('button', { name: 'Asignar', exact: true }).click();
  }
}

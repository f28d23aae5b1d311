import { expect, type FrameLocator, type Locator, type Page } from '@playwright/test';

/** Stripe's test cards, as the sandbox knows them. */
export const CARDS = {
  visa: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  insufficientFunds: '4000 0000 0000 9995',
  authentication: '4000 0027 6000 3184',
} as const;

/** /purchase/{encoded}: the summary and 'Comprar Ahora'. */
export class PurchaseSummaryPage {
  readonly heading: Locator;
  readonly buyNow: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Resumen de tu compra' });
    this.buyNow = page.getByRole('link', { name: 'Comprar Ahora' });
  }
}

/** /checkout/: the holder's name, the provider's card field (an iframe), Continuar. */
export class CheckoutPage {
  readonly heading: Locator;
  readonly step: Locator;
  readonly holder: Locator;
  readonly card: FrameLocator;
  readonly cardFrame: Locator;
  readonly continue: Locator;
  readonly terms: Locator;
  readonly error: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Pago con tarjeta' });
    this.step = page.getByText('Paso 2 de 2');
    this.holder = page.getByLabel('Nombre y apellidos del titular');
    this.cardFrame = page.getByTitle('Datos de la tarjeta');
    this.card = page.frameLocator('iframe[title="Datos de la tarjeta"]');
    this.continue = page.getByRole('button', { name: 'Continuar' });
    this.terms = page.getByRole('link', { name: 'condiciones generales de contratación' });
    this.error = page.getByRole('alert');
  }

  /** Types a card into the provider's field (expiry 12/34, CVC 123). */
  async fillCard(number: string): Promise<void> {
    await this.card.getByLabel('Número de tarjeta').fill(number);
    await this.card.getByLabel('Caducidad').fill('1234');
    await this.card.getByLabel('CVC').fill('123');
  }

  async pay(holder: string, number: string): Promise<void> {
    await this.holder.fill(holder);
    await this.fillCard(number);
    await this.continue.click();
  }

  async expectError(text: string): Promise<void> {
    await expect(this.error).toHaveText(text, { timeout: 30_000 });
    await expect(this.continue).toBeEnabled();
  }
}

/** /purchase_result/{res}. */
export const PURCHASE_SUCCESS = 'Tu compra se ha completado con éxito. ¡Empieza a disfrutar!';

import { expect, type Locator, type Page } from '@playwright/test';

/** What a test types into the registration form; country and sport only on /register/. */
export interface RegistrationInput {
  name: string;
  secondName?: string;
  email: string;
  password: string;
  /** ISO 3166-1 alpha-2 code, as the country select's values are. */
  country?: string;
  /** The sport's Spanish name, as the select shows it. */
  sport?: string;
  birthday: string;
}

/** 'Crea tu cuenta' at /register/ and /register_gearup/, plain or two-step. */
export class RegisterPage {
  readonly heading: Locator;
  readonly step: Locator;
  readonly name: Locator;
  readonly secondName: Locator;
  readonly email: Locator;
  readonly password: Locator;
  readonly country: Locator;
  readonly sport: Locator;
  readonly birthday: Locator;
  readonly submit: Locator;
  readonly continue: Locator;
  readonly haveAccount: Locator;
  readonly privacy: Locator;
  readonly alert: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Crea tu cuenta' });
    this.step = page.getByText('Paso 1 de 2');
    this.name = page.getByLabel('Nombre', { exact: true });
    this.secondName = page.getByLabel('Apellidos');
    this.email = page.getByLabel('Correo electrónico');
    this.password = page.getByLabel('Contraseña', { exact: true });
    this.country = page.getByLabel('País');
    this.sport = page.getByLabel('Deporte favorito');
    this.birthday = page.getByLabel('Fecha de nacimiento');
    this.submit = page.getByRole('button', { name: 'Registrarte' });
    this.continue = page.getByRole('button', { name: 'Continuar' });
    this.haveAccount = page.getByRole('link', { name: '¿Ya tienes una cuenta?' });
    this.privacy = page.getByRole('link', { name: 'política de privacidad y cookies' });
    this.alert = page.getByRole('alert');
  }

  async goto(path: string): Promise<void> {
    await this.page.goto(path);
    await expect(this.heading).toBeVisible();
  }

  /** The message shown under a field (its accessible description). */
  message(field: Locator): Promise<string> {
    return field.evaluate((el) => {
      const ids = (el.getAttribute('aria-describedby') ?? '').split(' ');
      return ids.map((id) => (id.endsWith('-error') ? (document.getElementById(id)?.textContent ?? '') : '')).join('');
    });
  }

  async fill(input: RegistrationInput): Promise<void> {
    await this.name.fill(input.name);
    if (input.secondName !== undefined) await this.secondName.fill(input.secondName);
    await this.email.fill(input.email);
    await this.password.fill(input.password);
    if (input.country !== undefined) await this.country.selectOption(input.country);
    if (input.sport !== undefined) await this.sport.selectOption({ label: input.sport });
    await this.birthday.fill(input.birthday);
  }
}

/** A fresh address for each run, so specs never meet an account of an earlier run. */
export function newEmail(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@pantalla.test`;
}

/** /register_result/{res}. */
export class RegisterResultPage {
  readonly back: Locator;
  constructor(readonly page: Page) {
    this.back = page.getByRole('link', { name: 'Volver' });
  }
}

/** The pending purchase the app leaves for the checkout (features/commerce), read from session storage. */
export async function pendingPurchase(
  page: Page,
): Promise<{ purchase: { packageId: number; title: string; priceCents: number }; twoStep: boolean } | null> {
  const raw = await page.evaluate(() => sessionStorage.getItem('pantalla.pendingPurchase'));
  return raw ? JSON.parse(raw) : null;
}

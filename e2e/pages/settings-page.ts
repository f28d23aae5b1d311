import { expect, type Locator, type Page } from '@playwright/test';

/** /settings/: parental PIN, playback sessions, password, language. */
export class SettingsPage {
  readonly heading: Locator;
  readonly pinStatus: Locator;
  readonly define: Locator;
  readonly change: Locator;
  readonly disable: Locator;
  readonly cancel: Locator;
  readonly continue: Locator;
  readonly save: Locator;
  readonly currentPin: Locator;
  readonly accountPassword: Locator;
  readonly newPin: Locator;
  readonly confirmPin: Locator;
  readonly pinSection: Locator;
  readonly sessions: Locator;
  readonly reset: Locator;
  readonly passwordSection: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Ajustes' });
    this.pinSection = page.getByRole('region', { name: 'PIN parental' });
    this.pinStatus = page.getByTestId('pin-status');
    this.define = page.getByRole('button', { name: 'Definir PIN' });
    this.change = page.getByRole('button', { name: 'Cambiar PIN' });
    this.disable = page.getByRole('button', { name: 'Desactivar PIN' });
    this.cancel = this.pinSection.getByRole('button', { name: 'Cancelar' });
    this.continue = this.pinSection.getByRole('button', { name: 'Continuar' });
    this.save = this.pinSection.getByRole('button', { name: 'Guardar' });
    this.currentPin = page.getByLabel('PIN actual');
    this.accountPassword = this.pinSection.getByLabel('Contraseña de tu cuenta');
    this.newPin = page.getByLabel('Nuevo PIN (4 dígitos)');
    this.confirmPin = page.getByLabel('Confirma el nuevo PIN');
    this.sessions = page.getByRole('region', { name: 'Sesiones de reproducción' });
    this.reset = page.getByRole('button', { name: 'Reiniciar sesiones DRM' });
    this.passwordSection = page.getByRole('region', { name: 'Contraseña', exact: true });
  }

  async goto(): Promise<void> {
    await this.page.goto('/settings/');
    await expect(this.heading).toBeVisible();
  }

  alert(text: string | RegExp): Locator {
    return this.pinSection.getByRole('alert').filter({ hasText: text });
  }

  async enter(field: Locator, value: string, submit: Locator = this.continue): Promise<void> {
    await field.fill(value);
    await submit.click();
  }

  /** Define: password, new PIN, confirmation. */
  async definePin(password: string, pin: string): Promise<void> {
    await this.define.click();
    await this.enter(this.accountPassword, password);
    await this.enter(this.newPin, pin);
    await this.enter(this.confirmPin, pin, this.save);
    await expect(this.pinStatus).toHaveText('Activado');
  }
}

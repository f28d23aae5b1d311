import { expect, type Locator, type Page } from '@playwright/test';

/** The console's sections as its navigation names them (Spanish), with their paths under /operador/. */
export const CONSOLE_SECTIONS = {
  now: { name: 'Ahora', path: '/operador/' },
  channels: { name: 'Canales', path: '/operador/canales' },
  lineups: { name: 'Listas de canales', path: '/operador/listas' },
  sources: { name: 'Fuentes de guía', path: '/operador/guias' },
  products: { name: 'Productos y precios', path: '/operador/productos' },
  subscribers: { name: 'Suscriptores', path: '/operador/suscriptores' },
  audit: { name: 'Registro de auditoría', path: '/operador/registro' },
  roles: { name: 'Roles', path: '/operador/roles' },
} as const;
export type ConsoleSection = keyof typeof CONSOLE_SECTIONS;

/** The operator console at /operador/: its navigation, the password dialog, and the roles and audit screens. */
export class OperatorPage {
  readonly nav: Locator;
  readonly reauthDialog: Locator;

  constructor(readonly page: Page) {
    this.nav = page.getByRole('navigation', { name: 'Secciones de la consola' });
    this.reauthDialog = page.getByRole('dialog', { name: 'Confirma con tu contraseña' });
  }

  /** Opens the console (its door asks the server who is at it). */
  async goto(section: ConsoleSection = 'now'): Promise<void> {
    await this.page.goto(CONSOLE_SECTIONS[section].path);
  }

  /** Follows a link of the console's navigation and waits for its address. */
  async open(section: ConsoleSection): Promise<void> {
    await this.nav.getByRole('link', { name: CONSOLE_SECTIONS[section].name, exact: true }).click();
    await expect(this.page).toHaveURL(CONSOLE_SECTIONS[section].path);
  }

  /** Types the password in the re-authentication dialog and waits for it to close. */
  async confirmPassword(password: string): Promise<void> {
    await expect(this.reauthDialog).toBeVisible({ timeout: 20_000 });
    await this.reauthDialog.getByLabel('Contraseña').fill(password);
    await this.reauthDialog.getByRole('button', { name: 'Confirmar' }).click();
    await expect(this.reauthDialog).toBeHidden({ timeout: 20_000 });
  }

  // The roles screen.
  get grantEmail(): Locator {
    return this.page.getByLabel('Correo electrónico de la cuenta');
  }
  get grantRole(): Locator {
    return this.page.getByLabel('Rol', { exact: true });
  }
  get grantButton(): Locator {
    return this.page.getByRole('button', { name: 'Conceder' });
  }
  operatorRow(email: string): Locator {
    return this.page.getByRole('row').filter({ has: this.page.getByRole('rowheader', { name: email }) });
  }

  // The audit screen.
  get auditRows(): Locator {
    return this.page.getByRole('table', { name: 'Cambios de la consola, los más recientes primero' }).getByRole('row');
  }
}

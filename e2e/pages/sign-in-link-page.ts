import { expect, type Locator, type Page } from '@playwright/test';
import type { Mail } from '@pantalla/contracts';

/** The login screen's mailed-link step, and /signin/{token}, the screen the link opens. */
export class SignInLinkPage {
  /** On the login screen, after a password sign-in the server answered with the link step. */
  readonly stepHeading: Locator;
  readonly stepText: Locator;
  readonly backToForm: Locator;
  /** On /signin/{token}. */
  readonly heading: Locator;
  readonly submit: Locator;
  readonly invalid: Locator;
  readonly backToLogin: Locator;

  constructor(readonly page: Page) {
    this.stepHeading = page.getByRole('heading', { name: 'Revisa tu correo electrónico' });
    this.stepText = page.getByRole('status').filter({ hasText: 'te hemos enviado un enlace para iniciar sesión' });
    this.backToForm = page.getByRole('button', { name: 'Volver a iniciar sesión' });
    this.heading = page.getByRole('heading', { level: 1, name: 'Inicia sesión con el enlace' });
    this.submit = page.getByRole('button', { name: 'Iniciar sesión en este dispositivo' });
    this.invalid = page.getByRole('alert');
    this.backToLogin = page.getByRole('link', { name: 'Volver a iniciar sesión' });
  }

  async open(path: string): Promise<void> {
    await this.page.goto(path);
    await expect(this.heading).toBeVisible();
  }
}

/** The /signin/{token} link of a sign-in mail, as a path. */
export function signInLinkPath(mail: Mail): string {
  const match = /https?:\/\/[^\s"<>]+\/signin\/[^\s"<>]+/.exec(mail.text);
  if (!match) throw new Error(`No sign-in link in mail ${mail.id}: ${mail.text}`);
  return new URL(match[0]).pathname;
}

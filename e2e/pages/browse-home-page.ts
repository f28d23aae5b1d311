import { expect, type Locator, type Page } from '@playwright/test';
import { DEMO } from '../fixtures/accounts';
import { signInDirectly } from '../fixtures/api';

/** The browse home: header, featured carousel and category rows. */
export class BrowseHomePage {
  readonly carousel: Locator;
  readonly header: Locator;
  readonly nav: Locator;

  constructor(readonly page: Page) {
    this.carousel = page.getByRole('region', { name: 'Destacados' });
    this.header = page.locator('header.app-header');
    this.nav = page.getByRole('navigation', { name: 'Navegación principal' });
  }

  /** Signed in (the login form has specs of its own), on the home with its carousel. */
  async signIn(account: { email: string; password: string } = DEMO): Promise<void> {
    await signInDirectly(this.page, account);
    await this.page.goto('/');
    await expect(this.carousel).toBeVisible({ timeout: 20_000 });
  }

  row(name: string): Locator {
    return this.page.getByRole('region', { name, exact: true });
  }

  /** Scrolls a row into view (rows far below the fold load when the user gets near) and waits for its cards. */
  async showRow(name: string): Promise<Locator> {
    const row = this.row(name);
    // The placeholder is replaced by the loaded row as it scrolls in: retry until it settles.
    await expect(async () => {
      await row.scrollIntoViewIfNeeded({ timeout: 2000 });
      await expect(row).not.toHaveAttribute('aria-busy', 'true', { timeout: 2000 });
    }).toPass({ timeout: 20_000 });
    return row;
  }

  /** The number (1-based) of the slide whose dot is current. */
  async currentSlide(): Promise<number> {
    const dots = this.carousel.getByRole('button', { name: /^Ir al destacado / });
    const count = await dots.count();
    for (let i = 0; i < count; i++) if ((await dots.nth(i).getAttribute('aria-current')) === 'true') return i + 1;
    return 0;
  }

  async slideCount(): Promise<number> {
    return this.carousel.getByRole('button', { name: /^Ir al destacado / }).count();
  }
}

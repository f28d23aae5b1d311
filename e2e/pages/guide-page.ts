import { expect, type Locator, type Page } from '@playwright/test';
import { DEMO } from '../fixtures/accounts';
import { signInDirectly } from '../fixtures/api';

/** The TV guide at /epg/. */
export class GuidePage {
  readonly heading: Locator;
  readonly close: Locator;
  readonly dates: Locator;
  readonly dayButtons: Locator;
  readonly previousDay: Locator;
  readonly nextDay: Locator;
  readonly pageLabel: Locator;
  readonly overlay: Locator;
  readonly liveRegion: Locator;
  readonly nowLine: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Guía de programación' });
    this.close = page.getByRole('link', { name: 'Cerrar' });
    this.dates = page.getByRole('navigation', { name: 'Elegir día' });
    this.dayButtons = this.dates.locator('[data-day]');
    this.previousDay = page.getByRole('button', { name: 'Día anterior' });
    this.nextDay = page.getByRole('button', { name: 'Día siguiente' });
    this.pageLabel = page.locator('.guide-grid__page');
    this.overlay = page.getByTestId('guide-overlay');
    this.liveRegion = page.locator('.guide-grid [aria-live="polite"]');
    this.nowLine = page.getByTestId('guide-now-line');
  }

  /** Signs the demo user in (remember-me on) from the login screen. */
  /** Signed in as demo@ without drawing the login screen; goto() opens the guide. */
  async signIn(): Promise<void> {
    await signInDirectly(this.page, DEMO);
  }

  async goto(path = '/epg/'): Promise<void> {
    await this.page.goto(path);
    await this.expectLoaded();
  }

  async expectLoaded(): Promise<void> {
    await expect(this.heading).toBeVisible();
    await expect(this.programmes().first()).toBeVisible();
    await this.expectSettled();
  }

  /** Every day of the page's channels has answered. */
  async expectSettled(): Promise<void> {
    await expect(this.page.locator('.guide-grid')).toHaveAttribute('aria-busy', 'false', { timeout: 20_000 });
  }

  /** A channel's row, by the channel's name. */
  row(channel: string): Locator {
    return this.page.getByRole('group', { name: channel, exact: true });
  }

  rows(): Locator {
    return this.page.locator('.guide-row');
  }

  programmes(scope: Locator | Page = this.page): Locator {
    return scope.locator('[data-programme-id]');
  }

  /** The first programme of a row whose start is on screen, pinned by its id (the DOM re-renders as time scrolls). */
  async firstVisibleIn(channel: string): Promise<Locator> {
    const row = this.row(channel);
    await expect(this.programmes(row).first()).toBeVisible();
    const id = await row.evaluate((el) => {
      const viewport = el.closest('.guide-grid__viewport')?.getBoundingClientRect();
      const buttons = Array.from(el.querySelectorAll<HTMLElement>('[data-programme-id]'));
      const visible = buttons.find(
        (b) =>
          viewport &&
          b.getBoundingClientRect().left >= viewport.left &&
          b.getBoundingClientRect().left < viewport.right,
      );
      return visible?.dataset.programmeId ?? null;
    });
    if (!id) throw new Error(`no programme on screen in ${channel}`);
    return row.locator(`[data-programme-id="${id}"]`);
  }

  /** The programme that has keyboard focus. */
  focused(): Locator {
    return this.page.locator('[data-programme-id]:focus');
  }

  async wheel(deltaY: number): Promise<void> {
    const box = await this.page.locator('.guide-grid__viewport').boundingBox();
    if (!box) throw new Error('no grid');
    await this.page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await this.page.mouse.wheel(0, deltaY);
  }
}

import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { LoginPage } from './login-page';
import { signInDirectly } from '../fixtures/api';

/** What the page's <video> and the player's data attributes say. */
export interface VideoState {
  currentTime: number;
  duration: number;
  paused: boolean;
  readyState: number;
  /** The player's state attribute: loading, playing or paused. */
  state: string | null;
  /** live, timeshift or vod. */
  mode: string | null;
}

/** /emplayer/ links the way the app's codec writes them (base64 of URI-encoded ';'-joined fields). */
export function emplayer(fields: (string | number | null)[]): string {
  const text = fields.map((f) => encodeURIComponent(f === null ? 'null' : String(f))).join(';');
  return `/emplayer/${encodeURIComponent(Buffer.from(text, 'utf8').toString('base64'))}`;
}

/** The full-screen player. */
export class PlayerPage {
  readonly root: Locator;
  readonly video: Locator;
  readonly title: Locator;
  readonly back: Locator;
  readonly play: Locator;
  readonly pause: Locator;
  readonly seek: Locator;
  readonly seekPreview: Locator;
  readonly backToLive: Locator;
  readonly restart: Locator;
  readonly jumpBack: Locator;
  readonly zapNext: Locator;
  readonly zapPrevious: Locator;
  readonly audio: Locator;
  readonly subtitles: Locator;
  readonly quality: Locator;
  readonly bandwidth: Locator;

  constructor(readonly page: Page) {
    this.root = page.locator('.player');
    this.video = page.locator('video');
    this.title = page.getByRole('heading', { level: 1 });
    this.back = page.getByRole('button', { name: 'Volver', exact: true });
    this.play = page.getByRole('button', { name: 'Reproducir' });
    this.pause = page.getByRole('button', { name: 'Pausa' });
    this.seek = page.getByRole('slider', { name: 'Posición' });
    this.seekPreview = page.getByTestId('seek-preview');
    this.backToLive = page.getByRole('button', { name: 'Volver al directo' });
    this.restart = page.getByRole('button', { name: 'Ver desde el principio' });
    this.jumpBack = page.getByRole('button', { name: 'Retroceder 10 segundos' });
    this.zapNext = page.getByRole('button', { name: 'Canal siguiente' });
    this.zapPrevious = page.getByRole('button', { name: 'Canal anterior' });
    this.audio = page.getByRole('button', { name: 'Audio' });
    this.subtitles = page.getByRole('button', { name: 'Subtítulos' });
    this.quality = page.getByRole('button', { name: 'Calidad' });
    this.bandwidth = page.getByTestId('bandwidth');
  }

  /** Signed in without drawing the login screen; goto() opens the player. */
  async signIn(account: { email: string; password: string }): Promise<void> {
    await signInDirectly(this.page, account);
  }

  /** Signed in through the login form, on the home. */
  async signInThroughForm(account: { email: string; password: string }): Promise<void> {
    const login = new LoginPage(this.page);
    await login.goto();
    await login.login(account.email, account.password);
    await expect(this.page.getByRole('button', { name: 'Cerrar sesión' })).toBeVisible();
  }

  async goto(href: string): Promise<void> {
    await this.page.goto(href);
    await expect(this.root).toBeVisible();
  }

  async state(): Promise<VideoState> {
    return this.page.evaluate(() => {
      const video = document.querySelector('video');
      const root = document.querySelector('.player');
      return {
        currentTime: video?.currentTime ?? 0,
        duration: video?.duration ?? 0,
        paused: video?.paused ?? true,
        readyState: video?.readyState ?? 0,
        state: root?.getAttribute('data-state') ?? null,
        mode: root?.getAttribute('data-mode') ?? null,
      };
    });
  }

  /** Waits until playback passes `target` seconds and is playing. */
  async expectPlayingPast(target: number, timeout = 30_000): Promise<VideoState> {
    let last: VideoState | undefined;
    await expect
      .poll(
        async () => {
          last = await this.state();
          return last.currentTime > target && !last.paused && last.readyState >= 3
            ? 'playing'
            : `at ${last.currentTime.toFixed(1)} (${last.state})`;
        },
        { timeout, intervals: [250] },
      )
      .toBe('playing');
    return last as VideoState;
  }

  /** Asserts currentTime advances by at least `seconds` from now. */
  async expectAdvancing(seconds = 1.5): Promise<VideoState> {
    const from = (await this.state()).currentTime;
    return this.expectPlayingPast(from + seconds);
  }

  /** Shows the controls (they hide after 2 s without mouse movement). */
  async wakeControls(): Promise<void> {
    await this.page.mouse.move(400 + Math.random() * 50, 300);
  }

  /** Hovers the seek bar at a fraction of its width. */
  async hoverSeek(fraction: number): Promise<{ x: number; y: number }> {
    await this.wakeControls();
    const box = await this.seek.boundingBox();
    if (!box) throw new Error('seek bar not visible');
    const point = { x: box.x + box.width * fraction, y: box.y + box.height / 2 };
    await this.page.mouse.move(point.x, point.y);
    return point;
  }

  async seekTo(fraction: number): Promise<void> {
    const point = await this.hoverSeek(fraction);
    await this.page.mouse.click(point.x, point.y);
  }

  async choose(menu: Locator, item: string | RegExp): Promise<void> {
    await this.wakeControls();
    await menu.click();
    await this.page.getByRole('menuitemradio', { name: item }).click();
  }

  async expectChecked(menu: Locator, item: string | RegExp): Promise<void> {
    await this.wakeControls();
    await menu.click();
    await expect(this.page.getByRole('menuitemradio', { name: item })).toHaveAttribute('aria-checked', 'true');
    await this.page.keyboard.press('Escape');
  }
}

/** The demo API as the specs need it: a token (fixtures/api), a reset of the account's sessions, ended programmes. */
export { apiToken } from '../fixtures/api';

export async function resetSessions(request: APIRequestContext, token: string): Promise<void> {
  const response = await request.post('/api/v1/sessions/reset', { headers: { authorization: `Bearer ${token}` } });
  expect(response.status()).toBe(204);
}

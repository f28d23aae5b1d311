import { expect, test, type Locator, type Page } from '@playwright/test';
import { GuidePage } from '../pages/guide-page';

const DAY = 86_400_000;

/** Fields of an /emplayer/ link (base64 of URI-encoded, ';'-joined fields). */
function playerFields(href: string | null): string[] {
  const data = decodeURIComponent((href ?? '').replace(/^\/emplayer\//, ''));
  return Buffer.from(data, 'base64')
    .toString('utf8')
    .split(';')
    .map((f) => decodeURIComponent(f));
}

/** 'yyyy-mm-dd' of today plus `offset` days, in the browser's zone. */
function dayKeyIn(page: Page, offset: number): Promise<string> {
  return page.evaluate((o) => {
    const d = new Date();
    d.setDate(d.getDate() + o);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  }, offset);
}

/** An instant at hh:mm:ss local Madrid time on the current Madrid day. */
function madridToday(hour: number, minute: number, second: number): number {
  const now = Math.floor(Date.now() / 1000) * 1000;
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Europe/Madrid',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(now)
      .map((p) => [p.type, p.value]),
  );
  const offset =
    Date.UTC(+parts.year!, +parts.month! - 1, +parts.day!, +parts.hour!, +parts.minute!, +parts.second!) - now;
  return Date.UTC(+parts.year!, +parts.month! - 1, +parts.day!, hour, minute, second) - offset;
}

/** A programme's 'hh:mm – hh:mm' as minutes of the day. */
async function minutes(programme: Locator): Promise<{ start: number; end: number }> {
  const text = (await programme.locator('.guide-programme__time').textContent()) ?? '';
  const [start = 0, end = 0] = [...text.matchAll(/(\d{2}):(\d{2})/g)].map((m) => Number(m[1]) * 60 + Number(m[2]));
  return { start, end: end <= start ? end + 24 * 60 : end };
}

test.use({ viewport: { width: 1280, height: 1000 } });

test.describe('TV guide', () => {
  test('without a session /epg/ resets to the entry page', async ({ page }) => {
    await page.goto('/epg/');
    await expect(page.getByRole('heading', { name: 'Inicia sesión' })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  });

  test("the start-up load fills the guide's opening page, not the whole lineup's day, and the guide opens on it", async ({
    page,
  }) => {
    const requests: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/v1/epg/') || url.pathname === '/api/v1/events') requests.push(url.pathname);
    });
    const guide = new GuidePage(page);
    await guide.signIn();
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Inicio' })).toBeAttached();
    const isEpg = (path: string) => path.startsWith('/api/v1/epg/');
    // Once the home has settled (a few seconds, then the browser's first idle moment).
    await expect.poll(() => requests.filter(isEpg).length, { timeout: 20_000 }).toBeGreaterThanOrEqual(1);
    const filled = [...new Set(requests.filter(isEpg))];
    // One day, the one the guide opens at: today, or yesterday in the half hour after midnight.
    const days = new Set(filled.map((path) => path.split('/').pop()));
    expect(days.size).toBe(1);
    expect([await dayKeyIn(page, 0), await dayKeyIn(page, -1)]).toContain([...days][0]);
    expect(requests).not.toContain('/api/v1/events');

    await page.getByRole('link', { name: 'Guía TV' }).first().click();
    await guide.expectLoaded();
    const firstRows = await guide.rows().count();
    expect(filled.length).toBeLessThanOrEqual(firstRows);
    // The guide read the filled days from the start-up load: none of them was asked again.
    for (const path of filled) expect(requests.filter((p) => p === path)).toHaveLength(1);
  });

  test('date picker: 4 days back to 1 ahead, steps stop at the limits; close goes to /', async ({ page }) => {
    const guide = new GuidePage(page);
    await guide.signIn();
    await guide.goto();
    await expect(page).toHaveTitle(/.*/);
    await expect(guide.dayButtons).toHaveCount(6);
    await expect(guide.dayButtons.first()).toHaveAttribute('data-day', await dayKeyIn(page, -4));
    await expect(guide.dayButtons.last()).toHaveAttribute('data-day', await dayKeyIn(page, 1));
    await expect(guide.dates.getByRole('button', { name: 'Hoy' })).toHaveAttribute('aria-pressed', 'true');

    await guide.dayButtons.first().click();
    await expect(guide.dayButtons.first()).toHaveAttribute('aria-pressed', 'true');
    await expect(guide.previousDay).toBeDisabled();
    await guide.nextDay.click();
    await expect(guide.dayButtons.nth(1)).toHaveAttribute('aria-pressed', 'true');
    await guide.dayButtons.last().click();
    await expect(guide.nextDay).toBeDisabled();
    await expect(guide.previousDay).toBeEnabled();

    await guide.close.click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/epg1/');
    await guide.expectLoaded();
  });

  test('on phones the chosen day is in view and the header leaves the grid its rows', async ({ page }) => {
    const guide = new GuidePage(page);
    await guide.signIn();
    for (const width of [360, 390]) {
      await page.setViewportSize({ width, height: 740 });
      await guide.goto();
      await guide.expectLoaded();
      const list = page.locator('.guide-dates__list');
      const today = guide.dates.getByRole('button', { name: 'Hoy' });
      // Two or three of the six days fit: today is brought into the list's view, not left scrolled away.
      await expect
        .poll(async () => {
          const [box, day] = await Promise.all([list.boundingBox(), today.boundingBox()]);
          return box && day && day.x >= box.x - 1 && day.x + day.width <= box.x + box.width + 1;
        })
        .toBe(true);
      // 'Ahora' shares the first line with close and search: the header stops above 260 px.
      const [close, now, header] = await Promise.all([
        guide.close.boundingBox(),
        page.getByRole('button', { name: 'Ahora' }).boundingBox(),
        page.locator('.guide__header').boundingBox(),
      ]);
      expect(Math.abs((now?.y ?? 0) - (close?.y ?? 0)), `at ${width} px`).toBeLessThan(10);
      expect(header!.height, `at ${width} px`).toBeLessThanOrEqual(260);
      await guide.dayButtons.first().click();
      await expect(guide.dayButtons.first()).toHaveAttribute('aria-pressed', 'true');
      await guide.nextDay.click();
      await guide.nextDay.click();
      await guide.nextDay.click();
      await guide.nextDay.click();
      await guide.nextDay.click();
      const [box, last] = await Promise.all([list.boundingBox(), guide.dayButtons.last().boundingBox()]);
      expect(last!.x + last!.width, 'the last day, picked by its step, in view').toBeLessThanOrEqual(
        box!.x + box!.width + 1,
      );
      await page.screenshot({ path: `/tmp/shots/guide/phone-header-${width}.png` });
    }
  });

  test('overlay: a live programme offers Watch live, with logo, title and description', async ({ page }) => {
    const guide = new GuidePage(page);
    await guide.signIn();
    await guide.goto();
    const live = guide.row('Pantalla Uno').locator('.guide-programme--live');
    const title = (await live.locator('.guide-programme__title').textContent()) ?? '';
    await live.click();
    await expect(guide.overlay).toBeVisible();
    await expect(guide.overlay.getByRole('heading', { name: title })).toBeVisible();
    await expect(guide.overlay.getByRole('img', { name: 'Pantalla Uno' })).toBeVisible();
    await expect(guide.overlay.getByText('En directo', { exact: true })).toBeVisible();
    const description = (await guide.overlay.getByTestId('guide-overlay-description').textContent()) ?? '';
    expect(description.length).toBeGreaterThan(0);
    expect(description.length).toBeLessThanOrEqual(360);
    const watch = guide.overlay.getByRole('link', { name: 'Ver en directo' });
    const fields = playerFields(await watch.getAttribute('href'));
    expect(fields[1]).toBe(title);
    expect(fields[2]).toBe('LIVE');
    await expect(guide.overlay.getByRole('link', { name: 'Ver desde el principio' })).toHaveCount(0);
    // The current-time line hides while the overlay is open, and comes back on close.
    await expect(guide.nowLine).toHaveCount(0);
    await guide.overlay.getByRole('button', { name: 'Cerrar detalles' }).click();
    await expect(guide.overlay).toHaveCount(0);
    await expect(guide.nowLine).toBeVisible();
  });

  test('overlay: an ended programme on a catch-up channel offers catch-up; the extended modal shows the cast', async ({
    page,
  }) => {
    const guide = new GuidePage(page);
    await guide.signIn();
    await guide.goto();
    await guide.dates.getByRole('button', { name: 'Ayer' }).click();
    const ended = await guide.firstVisibleIn('Cine Estreno');
    await expect(ended).toHaveClass(/guide-programme--past/);
    const title = (await ended.locator('.guide-programme__title').textContent()) ?? '';
    await ended.click();
    await expect(guide.overlay.getByRole('heading', { name: title })).toBeVisible();
    const catchup = guide.overlay.getByRole('link', { name: 'Ver desde el principio' });
    const fields = playerFields(await catchup.getAttribute('href'));
    expect(fields[2]).toBe('CU');
    await expect(guide.overlay.getByRole('link', { name: 'Ver en directo' })).toHaveCount(0);

    await guide.overlay.getByRole('button', { name: 'Más información' }).click();
    const modal = page.getByRole('dialog', { name: title });
    await expect(modal).toBeVisible();
    await expect(modal.getByRole('heading', { name: 'Reparto' })).toBeVisible();
    const cast = await modal.locator('.guide-extended__cast li').count();
    expect(cast).toBeGreaterThan(0);
    expect(cast).toBeLessThanOrEqual(11);
    await page.keyboard.press('Escape');
    await expect(modal).toHaveCount(0);
    await expect(guide.overlay).toBeVisible();
  });

  test('overlay: a future programme offers no play link', async ({ page }) => {
    const guide = new GuidePage(page);
    await guide.signIn();
    await guide.goto();
    await guide.dates.getByRole('button', { name: 'Mañana' }).click();
    const future = await guide.firstVisibleIn('Pantalla Uno');
    await expect(future).not.toHaveClass(/guide-programme--(past|live)/);
    const title = (await future.locator('.guide-programme__title').textContent()) ?? '';
    await future.click();
    await expect(guide.overlay.getByRole('heading', { name: title })).toBeVisible();
    await expect(guide.overlay.getByRole('link')).toHaveCount(0);
    await expect(guide.overlay.getByRole('button', { name: 'Más información' })).toBeVisible();
  });

  test('arrow keys: left/right along the row, up/down to the same time in the next row, announced', async ({
    page,
  }) => {
    const guide = new GuidePage(page);
    await guide.signIn();
    await guide.goto();
    const start = guide.row('Pantalla Dos').locator('.guide-programme--live');
    await start.focus();
    const startId = await start.getAttribute('data-programme-id');

    await page.keyboard.press('ArrowRight');
    const right = guide.focused();
    await expect(right).not.toHaveAttribute('data-programme-id', startId!);
    await expect(guide.row('Pantalla Dos').locator('[data-programme-id]:focus')).toHaveCount(1);
    expect(await right.evaluate((el) => getComputedStyle(el).outlineStyle)).toBe('solid');
    await expect(guide.liveRegion).toContainText('Pantalla Dos:');

    await page.keyboard.press('ArrowLeft');
    await expect(guide.focused()).toHaveAttribute('data-programme-id', startId!);

    await page.keyboard.press('ArrowDown');
    await expect(guide.row('Canal Meridiano').locator('[data-programme-id]:focus')).toHaveCount(1);
    await expect(guide.liveRegion).toContainText('Canal Meridiano:');
    // The programme below airs at the same time as the one above.
    const above = await minutes(start);
    const below = await minutes(guide.focused());
    expect(below.start).toBeLessThan(above.end);
    expect(below.end).toBeGreaterThan(above.start);

    await page.keyboard.press('ArrowUp');
    await expect(guide.focused()).toHaveAttribute('data-programme-id', startId!);

    await page.keyboard.press('Enter');
    await expect(guide.overlay).toBeVisible();
  });

  test('the mouse wheel pages channels, but not while the overlay is open', async ({ page }) => {
    const guide = new GuidePage(page);
    await guide.signIn();
    await guide.goto();
    await expect(guide.pageLabel).toHaveText(/^Pág\. 1\/\d+$/);
    const firstRow = await guide.rows().first().getAttribute('aria-label');
    await guide.wheel(100);
    await expect(guide.pageLabel).toHaveText(/^Pág\. 2\//);
    await expect(guide.rows().first()).not.toHaveAttribute('aria-label', firstRow!);
    await expect(guide.liveRegion).toContainText('Canales 12 a');
    await page.waitForTimeout(100);
    await guide.wheel(-100);
    await expect(guide.pageLabel).toHaveText(/^Pág\. 1\//);
    await expect(guide.rows().first()).toHaveAttribute('aria-label', firstRow!);

    await guide.programmes(guide.rows().first()).first().click();
    await expect(guide.overlay).toBeVisible();
    await page.waitForTimeout(100);
    await guide.wheel(100);
    await page.waitForTimeout(300);
    await expect(guide.pageLabel).toHaveText(/^Pág\. 1\//);
  });

  test('page and selected programme are restored after leaving and coming back', async ({ page }) => {
    const guide = new GuidePage(page);
    await guide.signIn();
    await guide.goto();
    await guide.wheel(100);
    await expect(guide.pageLabel).toHaveText(/^Pág\. 2\//);
    await guide.expectSettled();
    const programme = guide.rows().nth(1).locator('.guide-programme--live');
    const title = (await programme.locator('.guide-programme__title').textContent()) ?? '';
    await programme.click();
    await expect(guide.overlay.getByRole('heading', { name: title })).toBeVisible();
    const pageText = await guide.pageLabel.textContent();

    await guide.close.click();
    await expect(page).toHaveURL(/\/$/);
    await page.getByRole('link', { name: 'Guía TV' }).first().click();
    await expect(guide.heading).toBeVisible();
    await expect(guide.overlay.getByRole('heading', { name: title })).toBeVisible();
    await expect(guide.pageLabel).toHaveText(pageText!);
  });

  test("days without data show 'No hay datos'", async ({ page }) => {
    // The demo guide ends the day after tomorrow: a week later every day is empty.
    await page.clock.install({ time: Date.now() + 7 * DAY });
    const guide = new GuidePage(page);
    await guide.signIn();
    await page.goto('/epg/');
    await expect(guide.heading).toBeVisible();
    await expect(guide.row('Pantalla Uno').getByText('No hay datos')).toBeVisible();
    await expect(guide.programmes()).toHaveCount(0);
  });

  test('the clock and the current-time line refresh every 15 minutes', async ({ page }) => {
    await page.clock.install({ time: madridToday(12, 0, 0) });
    const guide = new GuidePage(page);
    await guide.signIn();
    await guide.goto();
    await expect(guide.nowLine).toContainText('12:0');
    const before = await guide.nowLine.evaluate((el) => el.style.transform);
    await page.clock.fastForward('14:00');
    await expect(guide.nowLine).toContainText('12:0');
    await page.clock.fastForward('02:00');
    await expect(guide.nowLine).toContainText('12:1');
    expect(await guide.nowLine.evaluate((el) => el.style.transform)).not.toBe(before);
  });

  test('at midnight the refresh timer drops the oldest day and adds a new last day', async ({ page }) => {
    await page.clock.install({ time: madridToday(23, 58, 0) });
    const guide = new GuidePage(page);
    await guide.signIn();
    await guide.goto();
    const [oldFirst, oldLast] = [await dayKeyIn(page, -4), await dayKeyIn(page, 1)];
    await expect(guide.dayButtons.first()).toHaveAttribute('data-day', oldFirst);
    await expect(guide.dayButtons.last()).toHaveAttribute('data-day', oldLast);
    const onScreen = await (await guide.firstVisibleIn('Pantalla Uno')).getAttribute('data-programme-id');

    await page.clock.fastForward('03:00');
    await expect(guide.dayButtons).toHaveCount(6);
    await expect(guide.dayButtons.first()).toHaveAttribute('data-day', await dayKeyIn(page, -4));
    await expect(guide.dayButtons.last()).toHaveAttribute('data-day', await dayKeyIn(page, 1));
    expect(await dayKeyIn(page, -4)).not.toBe(oldFirst);
    await expect(guide.dayButtons.nth(4)).toHaveAttribute('data-day', oldLast);
    // The same hours stay on screen while the days move on.
    await expect(guide.row('Pantalla Uno').locator(`[data-programme-id="${onScreen}"]`)).toBeInViewport();
    // The new last day is requested and drawn.
    await guide.dayButtons.last().click();
    await expect(guide.programmes(guide.row('Pantalla Uno')).first()).toBeVisible();
  });
});

import { expect, test, type Locator, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { BASICO, DEMO } from '../fixtures/accounts';
import { signInDirectly } from '../fixtures/api';
import { axeViolations } from '../fixtures/axe';

/** The browse pages' Spanish table, so the specs assert the texts users see. */
const es = JSON.parse(readFileSync(new URL('../../apps/web/src/locales/es/explore.json', import.meta.url), 'utf8')) as {
  parental: { title: string; wrong: string };
  search: { minLength: string; timeout: string };
};

/** Signed in without drawing the login screen; the test's first goto opens the app. */
async function signIn(page: Page, account: { email: string; password: string } = DEMO): Promise<void> {
  await signInDirectly(page, account);
}

/** Signed in, on the home with its header. */
async function signInHome(page: Page): Promise<void> {
  await signInDirectly(page, DEMO);
  await page.goto('/');
  await expect(page.getByRole('combobox', { name: 'Buscar' })).toBeVisible();
}

async function expectNoSeriousViolations(page: Page): Promise<void> {
  const violations = await axeViolations(page);
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** A genre page: header with back arrow, title and the filter. */
class GenrePage {
  readonly back: Locator;
  readonly title: Locator;
  constructor(readonly page: Page) {
    this.back = page.getByRole('button', { name: 'Volver' });
    this.title = page.getByRole('heading', { level: 1 });
  }
  filter(name: string | RegExp): Locator {
    return this.page.getByRole('button', { name: typeof name === 'string' ? `Filtro: ${name}` : name });
  }
  async choose(filter: string | RegExp, entry: string): Promise<void> {
    await this.filter(filter).click();
    await this.page.getByRole('menuitemradio', { name: entry, exact: true }).click();
  }
}

test.describe('genre pages', () => {
  test('a section: Géneros filter in the URL, remembered when left, reset by the back arrow', async ({ page }) => {
    await signIn(page);
    await page.goto('/gid/100');
    const genre = new GenrePage(page);
    await expect(genre.title).toHaveText('Cine');
    await expect(page.getByRole('heading', { name: 'Películas' })).toBeVisible();
    await expectNoSeriousViolations(page);

    await genre.filter('Géneros').click();
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitemradio', { name: 'Comedia' })).toBeVisible();
    await expect(menu.getByRole('menuitemradio', { name: 'Quitar filtro' })).toHaveCount(0);
    // Keyboard: arrows move, Enter picks.
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/gid\/100\/102$/);
    await expect(genre.filter('Comedia')).toBeVisible();

    // Left and reached again without a filter in the URL: the filter comes back.
    await page.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link', { name: 'Inicio' }).click();
    await page.goto('/gid/100');
    await expect(page).toHaveURL(/\/gid\/100\/102$/);

    // Back arrow forgets it.
    await genre.back.click();
    await page.goto('/gid/100');
    await expect(page).toHaveURL(/\/gid\/100$/);
    await expect(genre.filter('Géneros')).toBeVisible();

    await genre.choose('Géneros', 'Drama');
    await expect(page).toHaveURL(/\/gid\/100\/103$/);
    await genre.choose('Drama', 'Quitar filtro');
    await expect(page).toHaveURL(/\/gid\/100$/);
  });

  test('the back arrow goes home when history is short', async ({ page, context }) => {
    await signIn(page);
    const fresh = await context.newPage();
    await fresh.goto('/gid/200');
    await expect(new GenrePage(fresh).title).toHaveText('Documentales');
    await new GenrePage(fresh).back.click();
    await expect(fresh).toHaveURL(/\/$/);
  });

  test('TV Channels: All, Todos, channel genres and Quitar filtro', async ({ page }) => {
    await signIn(page);
    await page.goto('/gid/5310');
    const genre = new GenrePage(page);
    await expect(genre.title).toHaveText('TV Channels');
    await genre.filter('All').click();
    const entries = page.getByRole('menuitemradio');
    await expect(entries.first()).toHaveText('Todos');
    await expect(page.getByRole('menuitemradio', { name: 'Deportes' })).toBeVisible();
    await page.getByRole('menuitemradio', { name: 'Deportes' }).click();
    await expect(page).toHaveURL(/\/gid\/5310\/4$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Deportes' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Generalistas' })).toHaveCount(0);
    await genre.choose('Deportes', 'Quitar filtro');
    await expect(page).toHaveURL(/\/gid\/5310$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Generalistas' })).toBeVisible();
    await genre.choose('All', 'Deportes');
    await genre.choose('Deportes', 'Todos');
    await expect(page).toHaveURL(/\/gid\/5310$/);
  });

  test('inside the app: the filter comes back through the header link, the back arrow leaves and resets it', async ({
    page,
  }) => {
    await signInHome(page);
    const nav = page.getByRole('navigation').first();
    await nav.getByRole('link', { name: 'Canales' }).click();
    const genre = new GenrePage(page);
    await expect(genre.title).toHaveText('TV Channels');
    await genre.choose('All', 'Deportes');
    await expect(page).toHaveURL(/\/gid\/5310\/4$/);
    await nav.getByRole('link', { name: 'Inicio' }).click();
    await expect(page).toHaveURL(/\/$/);
    await nav.getByRole('link', { name: 'Canales' }).click();
    await expect(page).toHaveURL(/\/gid\/5310\/4$/);
    // The filter rewrote the URL, so back leaves the page instead of undoing the filter.
    await genre.back.click();
    await expect(page).toHaveURL(/\/$/);
    await nav.getByRole('link', { name: 'Canales' }).click();
    await expect(page).toHaveURL(/\/gid\/5310$/);
    await expect(genre.filter('All')).toBeVisible();
  });

  test('AMC: the Cine / Series switch rewrites the URL and the title', async ({ page }) => {
    await signIn(page);
    await page.goto('/gid/5320');
    const genre = new GenrePage(page);
    await expect(genre.title).toHaveText('Cine AMC a la carta');
    await expect(page.getByRole('button', { name: 'Cine', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await page.getByRole('button', { name: 'Series', exact: true }).click();
    await expect(page).toHaveURL(/\/gid\/5320\/5322$/);
    await expect(genre.title).toHaveText('Series AMC a la carta');
    // Remembered when left, reset by the back arrow.
    await page.goto('/gid/5320');
    await expect(page).toHaveURL(/\/gid\/5320\/5322$/);
    await genre.back.click();
    await page.goto('/gid/5320');
    await expect(genre.title).toHaveText('Cine AMC a la carta');
  });

  test('the alternative listing /gid2/{id} and the genres index', async ({ page }) => {
    await signIn(page);
    await page.goto('/gid/');
    await expect(page.getByRole('heading', { level: 1, name: 'Géneros' })).toBeVisible();
    await page.getByRole('link', { name: /^Documentales/ }).click();
    await expect(page).toHaveURL(/\/gid\/200$/);
    await page.goto('/gid2/200');
    await expect(page.getByRole('heading', { level: 1, name: 'Documentales' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Vista de cuadrícula' }).getByRole('listitem').first()).toBeVisible();
    await page.goto('/gid/99999');
    await expect(page.getByText('Esta sección no existe.')).toBeVisible();
  });

  test('a genre that fails to load opens the non-recoverable modal; a failing home row alerts', async ({ page }) => {
    await signIn(page);
    await page.route('**/api/v1/genres/200**', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: '{"statusCode":500,"code":"internal","message":"Error interno del servidor."}',
      }),
    );
    await page.goto('/gid/200');
    const modal = page.getByRole('alertdialog');
    await expect(modal).toContainText('No se ha podido cargar esta sección. Inténtalo de nuevo más tarde.', {
      timeout: 20_000,
    });
    await expect(modal.getByRole('button', { name: 'Reintentar' })).toBeVisible();
    await expect(modal.getByRole('button', { name: 'Cerrar' })).toHaveCount(0);
    // A row of the home: an alert the user can close.
    await page.route('**/api/v1/lists/*/resources**', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: '{"statusCode":500,"code":"internal","message":"Error interno del servidor."}',
      }),
    );
    await page.goto('/');
    await expect(modal).toContainText('No se ha podido cargar esta fila.', { timeout: 20_000 });
    await modal.getByRole('button', { name: 'Cerrar' }).click();
    await expect(modal).toHaveCount(0);
  });
});

test.describe('adult section PIN gate', () => {
  test('wrong PIN message, right PIN opens, asked again after 900 s', async ({ page }) => {
    await page.clock.install();
    await signIn(page);
    let listed = 0;
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/v1/genres/162') listed++;
    });
    await page.goto('/gid/162');
    const gate = page.getByRole('dialog', { name: es.parental.title });
    await expect(gate).toBeVisible();
    // Only the header shows behind the gate; nothing of the section is fetched.
    await expect(page.getByRole('heading', { level: 1, name: 'Adultos' })).toBeVisible();
    expect(listed).toBe(0);
    await expectNoSeriousViolations(page);
    const pin = gate.getByLabel('PIN parental (4 dígitos)');
    await pin.fill('0000');
    await expect(gate.getByRole('alert')).toHaveText(es.parental.wrong);
    await expect(pin).toHaveValue('');
    await pin.fill(DEMO.pin);
    await expect(gate).toBeHidden();
    await expect.poll(() => listed).toBe(1);

    // Within 900 s: not asked.
    await page.clock.fastForward('14:00');
    await page.goto('/gid/162');
    await expect(page.getByRole('heading', { level: 1, name: 'Adultos' })).toBeVisible();
    await expect(gate).toHaveCount(0);

    // Past 900 s since the entry: asked again.
    await page.clock.fastForward('01:01');
    await page.goto('/gid/162');
    await expect(gate).toBeVisible();
    await gate.getByRole('button', { name: 'Volver' }).click();
    await expect(gate).toBeHidden();
  });

  test('a user without a PIN is not asked', async ({ page }) => {
    await signIn(page, BASICO);
    await page.goto('/gid/162');
    await expect(page.getByRole('heading', { level: 1, name: 'Adultos' })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});

test.describe('sports panel', () => {
  test('genre cards link to their page; an empty one is dimmed and greyscale', async ({ page }) => {
    await signIn(page);
    await page.goto('/sports/');
    await expect(page.getByRole('heading', { level: 1, name: 'Deportes' })).toBeVisible();
    const grid = page.getByRole('list', { name: 'Deportes del catálogo' });
    const chess = grid.getByRole('listitem').filter({ hasText: 'Ajedrez' });
    const football = grid.getByRole('listitem').filter({ hasText: 'Fútbol' });
    await expect(chess).toContainText('Sin contenido');
    const filterOf = (item: Locator) =>
      item.locator('.genre-tile__image').evaluate((el) => getComputedStyle(el).filter);
    await expect.poll(() => filterOf(chess)).toContain('grayscale(1)');
    expect(
      await chess.locator('.genre-tile__image').evaluate((el) => Number(getComputedStyle(el).opacity)),
    ).toBeLessThan(1);
    expect(await filterOf(football)).toBe('none');
    await expectNoSeriousViolations(page);
    await football.getByRole('link').click();
    await expect(page).toHaveURL(/\/gid\/301$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Fútbol' })).toBeVisible();
    await page.goto('/sports/');
    await page.getByRole('link', { name: 'Cerrar' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe('search', () => {
  test('the header box asks nothing under 3 characters, suggests from 3, clears when empty', async ({ page }) => {
    await signInHome(page);
    const asked: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/v1/search')) asked.push(new URL(r.url()).searchParams.get('term') ?? '');
    });
    const box = page.getByRole('combobox', { name: 'Buscar' });
    await box.fill('h(o');
    await expect(page.getByRole('status').filter({ hasText: es.search.minLength })).toBeVisible();
    await page.waitForTimeout(800);
    expect(asked).toEqual([]);

    const request = page.waitForRequest((r) => r.url().includes('/api/v1/search'));
    await box.fill('hospital');
    expect(new URL((await request).url()).searchParams.get('term')).toBe('hospital');
    const list = page.getByRole('listbox', { name: 'Sugerencias' });
    await expect(list.getByRole('option', { name: 'Hospital Alameda Serie' })).toBeVisible();
    expect(asked).toEqual(['hospital']);
    await expectNoSeriousViolations(page);
    await box.press('ArrowDown');
    await expect(box).toHaveAttribute('aria-activedescendant', /.+/);
    await expect(list.getByRole('option', { selected: true })).toHaveText(/Hospital Alameda/);
    await box.press('Enter');
    await expect(page).toHaveURL(/\/detail\/serie\/\d+$/);

    await box.fill('hospital');
    await expect(list.getByRole('option').first()).toBeVisible();
    await box.fill('');
    await expect(list.getByRole('option')).toHaveCount(0);

    // Stripped characters never reach the server.
    await box.fill('hos*pi.tal');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/search\/hospital$/);
  });

  test('the header box gives up after 3000 ms', async ({ page }) => {
    await signInHome(page);
    await page.route('**/api/v1/search?**', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 4500));
      // The page has aborted the request by now.
      await route.continue().catch(() => undefined);
    });
    const started = Date.now();
    await page.getByRole('combobox', { name: 'Buscar' }).fill('hospital');
    await expect(page.getByRole('status').filter({ hasText: es.search.timeout })).toBeVisible();
    expect(Date.now() - started).toBeGreaterThanOrEqual(3000);
  });

  test('the results page: series rows of 270 px cards, other rows of 220 px; close returns home', async ({ page }) => {
    await signIn(page);
    await page.goto('/search/hospital');
    await expect(page.getByRole('heading', { level: 1, name: 'Resultados de «hospital»' })).toBeVisible();
    const series = page.getByRole('region', { name: 'Series', exact: true });
    const others = page.getByRole('region', { name: 'Películas, programas y canales' });
    await expect(series.locator('.card').first()).toBeVisible();
    await expect(others.locator('.card').first()).toBeVisible();
    expect((await series.locator('.card').first().boundingBox())?.width).toBe(270);
    expect((await others.locator('.card').first().boundingBox())?.width).toBe(220);
    await expectNoSeriousViolations(page);
    await page.getByRole('link', { name: 'Cerrar' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('the results grid is keyboard operable and opens the detail', async ({ page }) => {
    await signIn(page);
    await page.goto('/search/los');
    const others = page.getByRole('region', { name: 'Películas, programas y canales' });
    const cards = others.getByRole('button');
    await cards.first().focus();
    await page.keyboard.press('ArrowRight');
    await expect(cards.nth(1)).toBeFocused();
    await page.keyboard.press('ArrowLeft');
    await expect(cards.first()).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/detail\/\w+\/\d+$/);
  });

  test('a pattern under 3 characters asks nothing', async ({ page }) => {
    await signIn(page);
    let asked = false;
    page.on('request', (r) => {
      if (r.url().includes('/api/v1/search')) asked = true;
    });
    await page.goto('/search/ab');
    await expect(page.getByText('Escribe al menos 3 caracteres para buscar.')).toBeVisible();
    expect(asked).toBe(false);
  });
});

test.describe('calendar', () => {
  test('Calendario de eventos: 15 days, events by start time, the 3002 logo', async ({ page }) => {
    await signIn(page);
    await page.goto('/calendar/');
    await expect(page.getByRole('heading', { level: 1, name: 'Calendario de eventos' })).toBeVisible();
    const days = page.getByRole('list', { name: 'Días del calendario' }).locator(':scope > li');
    await expect(days).toHaveCount(15);
    await expect(days.first().getByRole('heading', { level: 2 })).toContainText('Hoy');
    await expect(days.nth(1).getByRole('heading', { level: 2 })).toContainText('Mañana');
    // The operator's header logo (skin type 3002), or its wordmark.
    await expect(page.locator('.page-header__logo').getByRole('img')).toBeVisible();

    const tomorrow = days.nth(1);
    const times = await tomorrow.locator('.calendar-event__time').allTextContents();
    expect(times.length).toBeGreaterThan(0);
    expect([...times].sort()).toEqual(times);
    await expectNoSeriousViolations(page);

    // Arrow keys move within a day's row.
    const first = tomorrow.getByRole('link').first();
    await first.focus();
    await page.keyboard.press('ArrowRight');
    await expect(tomorrow.getByRole('link').nth(1)).toBeFocused();
    // End reaches the day's last event, also past the ones rendered at first.
    const total = Number(await tomorrow.locator('.calendar-event').first().getAttribute('aria-setsize'));
    await page.keyboard.press('End');
    await expect(tomorrow.locator('.calendar-event').last()).toHaveAttribute('aria-posinset', String(total));
    await expect(tomorrow.getByRole('link').last()).toBeFocused();
  });
});

test.describe('additional information', () => {
  test('/extinfo/ names the operator, support, the account and the service time; close goes home', async ({ page }) => {
    await signIn(page);
    await page.goto('/extinfo/');
    await expect(page.getByRole('heading', { level: 1, name: 'Información adicional' })).toBeVisible();
    const facts = page.locator('.ext-info');
    await expect(facts.getByRole('definition')).toHaveCount(5);
    await expect(facts).toContainText('Pantalla Soporte');
    await expect(facts).toContainText(DEMO.email);
    // 'd mon yyyy - hh:mmh' in Spanish, from the server's clock.
    await expect(facts).toContainText(/\d{1,2} (ene|feb|mar|abr|may|jun|jul|ago|sep|oct|nov|dic) \d{4} - \d{2}:\d{2}h/);
    await expectNoSeriousViolations(page);
    await page.getByRole('link', { name: 'Cerrar' }).click();
    await expect(page).toHaveURL('/');
  });
});

import { apiToken } from '../fixtures/api';
import { expect, test, type Page } from '@playwright/test';
import { BASICO, DEMO } from '../fixtures/accounts';
import { BrowseHomePage } from '../pages/browse-home-page';
import { axeViolations } from '../fixtures/axe';

async function expectNoSeriousViolations(page: Page) {
  const violations = await axeViolations(page);
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test.describe('browse home', () => {
  test('shows the loading message, then header, carousel and rows', async ({ page }) => {
    const home = new BrowseHomePage(page);
    // Hold the home categories back so the loading state can be seen.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/v1/screen/lists**', async (route) => {
      await held;
      await route.continue();
    });
    const login = home.signIn().catch((error: unknown) => error);
    await expect(page.getByRole('status').filter({ hasText: 'Cargando contenidos…' })).toBeVisible({ timeout: 20_000 });
    release();
    await login;
    await expect(home.carousel).toBeVisible();
    for (const name of ['Lo más visto', 'Canales en directo', 'Series imprescindibles'])
      await expect(await home.showRow(name)).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, 0));

    const hrefs = {
      'Guía TV': '/epg/',
      Géneros: '/gid/',
      Canales: '/gid/5310',
      'AMC a la carta': '/gid2/5320',
      Deportes: '/sports/',
    };
    for (const [name, href] of Object.entries(hrefs))
      await expect(home.nav.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    await page.getByRole('button', { name: 'Tu cuenta' }).click();
    await expect(page.getByRole('link', { name: 'Ajustes' })).toHaveAttribute('href', '/settings/');
    await expect(page.getByRole('link', { name: 'Diagnóstico' })).toHaveAttribute('href', '/conndiag/');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: 'Cerrar sesión' })).toBeVisible();
    await expect(page.getByRole('combobox').first()).toBeVisible();

    // The navigation turns opaque after 200 px.
    await expect(home.header).not.toHaveClass(/app-header--opaque/);
    await page.mouse.wheel(0, 150);
    await page.waitForTimeout(200);
    await expect(home.header).not.toHaveClass(/app-header--opaque/);
    await page.evaluate(() => window.scrollTo(0, 260));
    await expect(home.header).toHaveClass(/app-header--opaque/);
  });

  test('the carousel advances every 4000 ms and holds while paused', async ({ page }) => {
    await page.clock.install();
    const home = new BrowseHomePage(page);
    await home.signIn();
    const count = await home.slideCount();
    expect(count).toBeGreaterThan(1);
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 500);
    // Choose the first slide, then move focus out (focus inside holds the carousel): a fresh 4000 ms starts now.
    await home.carousel.getByRole('button', { name: /^Ir al destacado 1: / }).click();
    await page.locator('body').click({ position: { x: 5, y: 400 } });
    const start = await home.currentSlide();
    expect(start).toBe(1);
    await page.clock.runFor(3900);
    expect(await home.currentSlide()).toBe(start);
    await page.clock.runFor(200);
    await expect.poll(() => home.currentSlide()).toBe((start % count) + 1);
    await page.clock.runFor(4000);
    await expect.poll(() => home.currentSlide()).toBe(((start + 1) % count) + 1);
    // Description cut to the 160-character rule.
    const description = home.carousel.locator('.carousel__slide--active .carousel__desc');
    expect(((await description.textContent()) ?? '').length).toBeLessThanOrEqual(163);

    await home.carousel.getByRole('button', { name: 'Pausar' }).click();
    // Arrow keys step through the highlights from the controls.
    const before = await home.currentSlide();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => home.currentSlide()).toBe((before % count) + 1);
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => home.currentSlide()).toBe(before);
    await page.locator('body').click({ position: { x: 5, y: 400 } });
    const paused = await home.currentSlide();
    await page.clock.runFor(12_000);
    expect(await home.currentSlide()).toBe(paused);
  });

  test('a trailer starts muted, pauses the carousel and its end resumes it', async ({ page }) => {
    await page.clock.install();
    const home = new BrowseHomePage(page);
    await home.signIn();
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 500);
    await home.carousel.getByRole('button', { name: /^Ir al destacado 1: / }).click();
    const slide = home.carousel.locator('.carousel__slide--active');
    await slide.getByRole('button', { name: 'Ver tráiler' }).click();
    const video = slide.locator('video');
    await expect(video).toHaveCount(1);
    expect(await video.evaluate((v: HTMLVideoElement) => v.muted)).toBe(true);
    await slide.getByRole('button', { name: 'Activar sonido' }).click();
    expect(await video.evaluate((v: HTMLVideoElement) => v.muted)).toBe(false);
    await expect(slide.getByRole('button', { name: 'Silenciar' })).toHaveAttribute('aria-pressed', 'true');
    // Focus out, so only the trailer holds the carousel.
    await page.locator('body').click({ position: { x: 5, y: 400 } });
    await page.clock.runFor(9000);
    expect(await home.currentSlide()).toBe(1);
    // The end sets state 2 (no trailer button any more) and resumes the carousel.
    await video.evaluate((v: HTMLVideoElement) => v.dispatchEvent(new Event('ended')));
    await expect(video).toHaveCount(0);
    await expect(slide.getByRole('button', { name: 'Ver tráiler' })).toHaveCount(0);
    await page.clock.runFor(4100);
    await expect.poll(() => home.currentSlide()).toBe(2);
    // The next trailer starts muted again, though the last one was left with sound.
    const count = await home.slideCount();
    let next = false;
    for (let n = 2; n <= count && !next; n++) {
      await home.carousel.getByRole('button', { name: new RegExp(`^Ir al destacado ${n}: `) }).click();
      const trailer = home.carousel.locator('.carousel__slide--active').getByRole('button', { name: 'Ver tráiler' });
      if ((await trailer.count()) === 0) continue;
      await trailer.click();
      const other = home.carousel.locator('.carousel__slide--active video');
      await expect(other).toHaveCount(1);
      expect(await other.evaluate((v: HTMLVideoElement) => v.muted)).toBe(true);
      next = true;
    }
    expect(next, 'a second featured item with a trailer').toBe(true);
  });

  test('owned items show a label, others their price and Buy', async ({ page }) => {
    const home = new BrowseHomePage(page);
    await home.signIn(BASICO);
    await home.carousel.getByRole('button', { name: 'Pausar' }).click();
    const count = await home.slideCount();
    let sawOwned = false;
    let sawBuy = false;
    for (let n = 1; n <= count; n++) {
      await home.carousel.getByRole('button', { name: new RegExp(`^Ir al destacado ${n}: `) }).click();
      const slide = home.carousel.locator('.carousel__slide--active');
      const buy = slide.getByRole('link', { name: /^Comprar .+ por \d+,\d{2} €( al mes|, pago único)$/ });
      if ((await slide.getByText('Incluido en tu suscripción').count()) > 0) {
        sawOwned = true;
        await expect(buy).toHaveCount(0);
      } else if ((await buy.count()) > 0) {
        sawBuy = true;
        await expect(buy).toHaveAttribute('href', /^\/purchase\/[A-Za-z0-9%]+$/);
        await expect(slide.locator('.carousel__price')).toHaveText(/^\d+,\d{2} €( al mes|, pago único)$/);
      }
    }
    expect(sawOwned && sawBuy).toBe(true);
  });

  test('a row pages with the keyboard and its arrows, and opens its full page', async ({ page }) => {
    const home = new BrowseHomePage(page);
    await home.signIn();
    const row = await home.showRow('Lo más visto');
    const cards = row.locator('.card__button');
    await expect(cards).toHaveCount(10);
    await cards.first().focus();
    await expect(cards.first()).toHaveAttribute('tabindex', '0');
    await page.keyboard.press('ArrowRight');
    await expect(cards.nth(1)).toBeFocused();
    await page.keyboard.press('End');
    await expect(cards.nth(9)).toBeFocused();
    // The last card is on the last page: the track moved and the next arrow is done.
    await expect(row.getByRole('button', { name: 'Siguientes de Lo más visto' })).toBeDisabled();
    await page.keyboard.press('Home');
    await expect(cards.first()).toBeFocused();
    await expect(row.getByRole('button', { name: 'Anteriores de Lo más visto' })).toBeDisabled();
    await row.getByRole('button', { name: 'Siguientes de Lo más visto' }).click();
    await expect(row.getByRole('button', { name: 'Anteriores de Lo más visto' })).toBeEnabled();
    // Mode 3: rank numbers on the first ten.
    await expect(cards.first()).toHaveAccessibleName(/^Número 1, /);

    const channels = await home.showRow('Canales en directo');
    await expect(channels.locator('.card__button')).toHaveCount(14);
    await channels.getByRole('link', { name: 'Ver todo: Canales en directo' }).click();
    await expect(page).toHaveURL('/allincat/');
    await expect(page.getByRole('heading', { level: 1, name: 'Canales en directo' })).toBeVisible();
    await expect.poll(() => page.locator('.all-in-category__grid .card__button').count()).toBeGreaterThan(14);
    await page.getByRole('button', { name: 'Volver' }).click();
    await expect(page).toHaveURL('/');

    // Event rows open /allincat2/ with their section name.
    await (
      await home.showRow('Últimos programas emitidos')
    )
      .getByRole('link', { name: 'Ver todo: Últimos programas emitidos' })
      .click();
    await expect(page).toHaveURL('/allincat2/');
    await expect(page.getByRole('heading', { level: 1, name: 'Últimos programas emitidos' })).toBeVisible();
  });

  for (const width of [1280, 1920]) {
    test(`cards at ${width} px: posters 159 px, series and channels ${width > 1600 ? 350 : 270} px, series apart from films`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      const home = new BrowseHomePage(page);
      await home.signIn();
      const wide = width > 1600 ? 350 : 270;
      const imageWidth = async (row: string) =>
        (await (await home.showRow(row)).locator('.card__image').first().boundingBox())?.width;
      expect(await imageWidth('Lo más visto')).toBeCloseTo(159, 0);
      expect(await imageWidth('Canales en directo')).toBeCloseTo(wide, 0);
      expect(await imageWidth('Series imprescindibles')).toBeCloseTo(wide, 0);
      // A mixed category: its series get a row of their own, on wide cards.
      expect(await imageWidth('AMC a la carta')).toBeCloseTo(159, 0);
      expect(await imageWidth('AMC a la carta · Series')).toBeCloseTo(wide, 0);
      // The row spans 88 % of the window.
      const viewport = await (await home.showRow('Lo más visto')).locator('.row__viewport').boundingBox();
      expect(viewport?.width).toBe(Math.floor(width * 0.88));
    });
  }

  test('the series panel has tabs, seasons and episodes', async ({ page }) => {
    const home = new BrowseHomePage(page);
    await home.signIn();
    const row = await home.showRow('Series imprescindibles');
    const first = row.locator('.card__button').first();
    const title = (await row.locator('.card__title').first().textContent()) ?? '';
    await first.click();
    await expect(first).toHaveAttribute('aria-expanded', 'true');
    const panel = page.getByRole('region', { name: `Detalles de ${title}` });
    await expect(panel).toBeVisible();
    for (const tab of ['Información', 'Episodios', 'Descripción', 'Reparto'])
      await expect(panel.getByRole('tab', { name: tab })).toBeVisible();
    await panel.getByRole('tab', { name: 'Información' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(panel.getByRole('tab', { name: 'Episodios' })).toHaveAttribute('aria-selected', 'true');
    const season = panel.getByLabel('Temporada');
    await expect(season).toBeVisible();
    const episodes = panel.getByRole('list', { name: `Episodios de ${title}` }).getByRole('listitem');
    await expect(episodes.first()).toBeVisible();
    const firstSeasonEpisode = await episodes.first().textContent();
    const options = await season.locator('option').allTextContents();
    expect(options[0]).toBe('Temporada 1');
    if (options.length > 1) {
      await season.selectOption({ label: 'Temporada 2' });
      await expect(episodes.first()).not.toHaveText(firstSeasonEpisode ?? '');
    }
    await expect(panel.getByRole('link', { name: /^Reproducir episodio 1: / })).toHaveAttribute(
      'href',
      /^\/emplayer\//,
    );
    await panel.getByRole('tab', { name: 'Reparto' }).click();
    await expect(panel.getByRole('heading', { name: 'Reparto' })).toBeVisible();
    await panel.getByRole('button', { name: `Cerrar los detalles de ${title}` }).click();
    await expect(panel).toHaveCount(0);
    await expect(first).toBeFocused();
  });

  test('the program detail opens from a panel and closes back; opened directly it closes home', async ({ page }) => {
    const home = new BrowseHomePage(page);
    await home.signIn();
    const row = await home.showRow('Estrenos de cine');
    await row.locator('.card__button').first().click();
    const title = (await row.locator('.card__title').first().textContent()) ?? '';
    await page.getByRole('link', { name: `Más información de ${title}` }).click();
    await expect(page).toHaveURL(/\/detail\/content\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByRole('link', { name: `Reproducir ${title}` })).toHaveAttribute('href', /^\/emplayer\//);
    await expect(page.getByRole('heading', { name: 'Reparto' })).toBeVisible();
    await page.getByRole('button', { name: 'Cerrar', exact: true }).click();
    await expect(page).toHaveURL('/');
    await expect(home.carousel).toBeVisible();

    const detailUrl = '/detail/serie/2014';
    const fresh = await page.context().newPage();
    await fresh.goto(detailUrl);
    await expect(fresh.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 20_000 });
    await expect(fresh.getByRole('tab', { name: 'Información' })).toHaveAttribute('aria-selected', 'true');
    await fresh.getByRole('button', { name: 'Cerrar', exact: true }).click();
    await expect(fresh).toHaveURL('/');
  });

  test('a keep-watching bookmark can be deleted from its row', async ({ page, request }) => {
    const token = await apiToken(DEMO);
    const auth = { authorization: `Bearer ${token}` };
    const film = 1159;
    const marked = await request.put('/api/v1/keep-watching/mark', {
      headers: auth,
      data: { id: film, kind: 'vod', positionInMs: 600_000 },
    });
    expect(marked.ok()).toBe(true);
    const home = new BrowseHomePage(page);
    await home.signIn();
    const row = await home.showRow('Seguir viendo');
    await expect(row).toBeVisible();
    const filmTitle = (
      (await (await request.get(`/api/v1/contents/${film}`, { headers: auth })).json()) as { title: string }
    ).title;
    const remove = row.getByRole('button', { name: `Quitar «${filmTitle}» de Seguir viendo` });
    await expect(remove).toBeVisible();
    await remove.click();
    await expect(remove).toHaveCount(0);
    const list = (await (await request.get('/api/v1/keep-watching', { headers: auth })).json()) as {
      resources: { id: number; kind: string }[];
    };
    expect(list.resources.some((b) => b.id === film && b.kind === 'vod')).toBe(false);
  });

  test('the home opens without moving what is drawn: an empty keep-watching row keeps no place (layout shift)', async ({
    page,
    request,
  }) => {
    // Lighthouse's desktop size; demo@ with nothing to keep watching, as a new subscriber.
    await page.setViewportSize({ width: 1350, height: 940 });
    const auth = { authorization: `Bearer ${await apiToken(DEMO)}` };
    const kept = (await (await request.get('/api/v1/keep-watching', { headers: auth })).json()) as {
      resources: { id: number; kind: string }[];
    };
    for (const b of kept.resources)
      await request.delete(`/api/v1/keep-watching/delete-mark/${b.id}/${b.kind}`, {
        headers: auth,
        data: { source: 'web' },
      });
    await page.addInitScript(() => {
      const w = window as unknown as { layoutShift: number };
      w.layoutShift = 0;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
          if (!e.hadRecentInput) w.layoutShift += e.value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    const home = new BrowseHomePage(page);
    const shiftOpening = async () => {
      await expect(home.carousel).toBeVisible({ timeout: 20_000 });
      await expect(home.row('Lo más visto').locator('img').first()).toBeVisible();
      return page.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift);
    };
    await home.signIn();
    const first = await shiftOpening();
    // The second opening asks for the carousel beside the lineups (the home hint).
    await page.reload();
    const again = await shiftOpening();
    expect(
      { first: first < 0.02, again: again < 0.02 },
      `layout shift ${first.toFixed(3)}, then ${again.toFixed(3)}`,
    ).toEqual({ first: true, again: true });
  });

  test('an adult row stays locked until the parental PIN opens it', async ({ page }) => {
    const home = new BrowseHomePage(page);
    await home.signIn();
    const row = home.row('Solo para adultos');
    await row.scrollIntoViewIfNeeded();
    await expect(row.getByText('Sección bloqueada con PIN parental')).toBeVisible();
    await expect(row.locator('.card__button')).toHaveCount(0);
    await row.getByRole('button', { name: 'Introducir el PIN' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sección bloqueada con PIN parental' });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('PIN parental (4 dígitos)').fill('9999');
    await expect(
      dialog.getByText('El PIN parental que has introducido es incorrecto. Por favor, inténtalo de nuevo'),
    ).toBeVisible();
    await dialog.getByLabel('PIN parental (4 dígitos)').fill(DEMO.pin);
    await expect(dialog).toHaveCount(0);
    // The focus stays with the row, which scrolls into view and loads, not with the page's top.
    await expect(page.getByRole('group', { name: 'Solo para adultos' })).toBeFocused();
    await expect(row.locator('.card__button').first()).toBeVisible();
  });

  test('home and detail have no serious accessibility violations', async ({ page }) => {
    // Four axe runs over long pages: a minute or more on a busy machine.
    test.setTimeout(150_000);
    const home = new BrowseHomePage(page);
    await home.signIn();
    await home.carousel.getByRole('button', { name: 'Pausar' }).click();
    await expectNoSeriousViolations(page);
    await (await home.showRow('Series imprescindibles')).locator('.card__button').first().click();
    await expect(page.getByRole('tab', { name: 'Episodios' })).toBeVisible();
    await expectNoSeriousViolations(page);
    await page.goto('/detail/content/1159');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoSeriousViolations(page);
    await page.goto('/');
    await (
      await home.showRow('Canales en directo')
    )
      .getByRole('link', { name: 'Ver todo: Canales en directo' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Canales en directo' })).toBeVisible();
    await expect(page.locator('.all-in-category__grid .card__button').first()).toBeVisible();
    await expectNoSeriousViolations(page);
  });
});

import { expect, test, type Page } from '@playwright/test';
import { createAccount } from '../fixtures/new-account';
import { CheckoutPage, PurchaseSummaryPage } from '../pages/checkout-page';
import { LoginPage } from '../pages/login-page';
import { emplayer, PlayerPage } from '../pages/player-page';

/*
 * Issue 30, the kids profile on the server: a fresh account creates a kids profile, picks it,
 * and from then on the server lists it only children's content (the home, a category, the
 * catalogue the app reads), refuses it the adult section, and buying asks for the account password.
 */
const SHOTS = '/work/wt/shots/profiles';
const SERIES_MAX = emplayer([16, 'Series Max', 'LIVE', 2, 16, null, 0]);
const KIDS_MAX_RATING = 3;

/** Every item above the kids level, or adult, in an answer read with the app's own headers (its sign-in and profile token). */
async function adultItems(page: Page, url: string, headers: Record<string, string>): Promise<string[]> {
  const response = await page.request.get(url, { headers });
  if (!response.ok()) return [`${url}: ${response.status()}`];
  const found: string[] = [];
  const walk = (x: unknown): void => {
    if (Array.isArray(x)) return x.forEach(walk);
    if (x === null || typeof x !== 'object') return;
    const o = x as Record<string, unknown>;
    if (typeof o.parental === 'number' && o.parental > KIDS_MAX_RATING) found.push(`parental ${o.parental}`);
    if (o.adult === true || o.is_adult === 1) found.push('adult');
    Object.values(o).forEach(walk);
  };
  walk(await response.json());
  return found;
}

for (const width of [390, 1440]) {
  test(`a kids profile sees only children's content, is refused the adult section, and buys with the password at ${width} px`, async ({
    page,
    request,
  }) => {
    test.setTimeout(150_000);
    const account = await createAccount(request, `infantil-${width}`);
    await new PlayerPage(page).signInThroughForm(account);
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });

    await page.goto('/settings/');
    const section = page.getByRole('region', { name: 'Perfiles' });
    await section.getByRole('button', { name: 'Añadir perfil' }).click();
    await section.getByLabel('Nombre').fill('Peques');
    await section.getByLabel('Tipo').selectOption('kids');
    await section.getByRole('button', { name: 'Crear perfil' }).click();
    await expect(section.getByRole('status')).toContainText('Perfil creado.');

    await page.context().clearCookies();
    const login = new LoginPage(page);
    await login.goto();
    await login.login(account.email, account.password);
    const who = page.getByRole('dialog', { name: '¿Quién está viendo?' });
    await who.getByRole('button', { name: /Peques/ }).click();
    await expect(who).toBeHidden();

    // The home: its rows come from the server without the adult row.
    const rows = page.waitForResponse((r) => r.url().includes('/api/v1/screen/lists') && r.ok());
    await page.goto('/');
    const answer = await rows;
    const headers = {
      authorization: answer.request().headers().authorization ?? '',
      'x-pantalla-profile': answer.request().headers()['x-pantalla-profile'] ?? '',
    };
    expect(headers['x-pantalla-profile'].split('.')).toHaveLength(3);
    const lists = (await (await page.request.get(answer.url(), { headers })).json()) as {
      resources: { name: string; is_adult: number }[];
    };
    expect(lists.resources.length).toBeGreaterThan(0);
    expect(lists.resources.filter((r) => r.is_adult === 1)).toEqual([]);
    await expect(page.locator('main')).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/kids-home-${width}.png` });

    // A category: Infantil lists its programmes and films, nothing above the kids level.
    await page.goto('/gid/400');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/kids-category-${width}.png` });
    for (const url of ['/api/v1/contents?limit=1000', '/api/v1/channels', '/api/v1/genres/400', '/api/v1/series'])
      expect(await adultItems(page, url, headers), url).toEqual([]);

    // The adult section: refused on screen, and by the server.
    await page.goto('/gid/162');
    await expect(page.getByRole('alert').filter({ hasText: 'Un perfil infantil' })).toBeVisible();
    expect(await adultItems(page, '/api/v1/genres/162', headers)).toEqual(['/api/v1/genres/162: 403']);

    // Settings: its own profile only.
    await page.goto('/settings/');
    await expect(section.locator('[data-profile]')).toHaveCount(1);
    await expect(page.getByRole('heading', { name: 'Contraseña', exact: true })).toHaveCount(0);

    // Buying: the password comes first; a wrong one is said, the right one opens the card form.
    const player = new PlayerPage(page);
    await player.goto(SERIES_MAX);
    const prompt = page.getByRole('alertdialog', { name: 'No tienes derechos de acceso a este contenido' });
    await prompt.getByRole('button', { name: 'Comprar' }).click();
    const summary = new PurchaseSummaryPage(page);
    await expect(summary.heading).toBeVisible();
    await summary.buyNow.click();
    const checkout = new CheckoutPage(page);
    await expect(checkout.heading).toBeVisible();
    const password = page.getByLabel('Contraseña de la cuenta');
    await expect(password).toBeVisible();
    await expect(checkout.cardFrame).toHaveCount(0);
    await password.fill('incorrecta1');
    await page.getByRole('button', { name: 'Continuar' }).click();
    await expect(page.getByText('La contraseña de la cuenta no es correcta.')).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/kids-password-${width}.png` });
    await password.fill(account.password);
    await page.getByRole('button', { name: 'Continuar' }).click();
    await expect(checkout.holder).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });
}

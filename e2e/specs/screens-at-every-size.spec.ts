import { expect, test, type Page } from '@playwright/test';
import { DEMO } from '../fixtures/accounts';
import { axeViolations } from '../fixtures/axe';
import { LoginPage } from '../pages/login-page';

/**
 * Issue 17: every screen at a phone, a portrait tablet, a laptop and a full-HD size. Each is
 * photographed into the test's output folder (test-results/…/<size>-<screen>.png), checked
 * by axe (no serious or critical finding), for a sideways scroll and for a document title of
 * its own. Settings, diagnostics, the manifest test and purchase are other issues' screens.
 */
const SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'tablet', width: 768, height: 1024 },
  { name: 'laptop', width: 1440, height: 900 },
  { name: 'full-hd', width: 1920, height: 1080 },
] as const;

interface Screen {
  name: string;
  path: string;
  /** The screen's own window title (the part before ' · Pantalla'). */
  title: string | RegExp;
}

const SIGNED_OUT: Screen[] = [
  { name: 'login', path: '/', title: 'Inicia sesión' },
  { name: 'lost-password', path: '/lostpassword/', title: 'Recupera tu contraseña' },
  { name: 'reset-password', path: '/resetpassword/some-token-value', title: 'Elige una contraseña nueva' },
  { name: 'sign-in-link', path: '/signin/some-token-value', title: 'Inicia sesión con el enlace' },
  { name: 'register', path: '/register/', title: /.+/ },
  { name: 'privacy', path: '/privacy/', title: /.+/ },
];

const SIGNED_IN: Screen[] = [
  { name: 'home', path: '/', title: 'Inicio' },
  { name: 'guide', path: '/epg/', title: 'Guía de programación' },
  { name: 'genres', path: '/gid/', title: 'Géneros' },
  { name: 'genre-cine', path: '/gid/100', title: /.+/ },
  { name: 'channels', path: '/gid/5310', title: 'TV Channels' },
  { name: 'genre-missing', path: '/gid/99999', title: 'Este género no existe' },
  { name: 'amc-grid', path: '/gid2/5320', title: /.+/ },
  { name: 'sports', path: '/sports/', title: 'Deportes' },
  { name: 'calendar', path: '/calendar/', title: 'Calendario de eventos' },
  { name: 'search', path: '/search/casa', title: /casa/ },
  { name: 'detail-film', path: '/detail/content/1001', title: /.+/ },
  { name: 'detail-series', path: '/detail/serie/2001', title: /.+/ },
  { name: 'ext-info', path: '/extinfo/', title: /.+/ },
  { name: 'player-bad-link', path: '/emplayer/not-a-player-link', title: /.+/ },
];

async function settle(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeAttached();
  await expect(page.locator('.spinner-wrap, .page-spinner')).toHaveCount(0, { timeout: 20_000 });
}

async function check(
  page: Page,
  size: (typeof SIZES)[number],
  screen: Screen,
  shots: (name: string) => string,
): Promise<string[]> {
  const problems: string[] = [];
  await page.goto(screen.path);
  await settle(page);
  const title = await page.title();
  const own = title.replace(/ · Pantalla$/, '');
  if (own === title || !(typeof screen.title === 'string' ? own === screen.title : screen.title.test(own)))
    problems.push(`${screen.name}: title '${title}'`);
  const sideways = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  if (sideways > 0) problems.push(`${screen.name}: scrolls ${sideways} px sideways`);
  await page.screenshot({ path: shots(`${size.name}-${screen.name}.png`) });
  const serious = (await axeViolations(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical');
  for (const v of serious)
    problems.push(`${screen.name}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  return problems;
}

// One test per size, spread over the workers: axe is the slow part on a busy machine.
test.describe.configure({ mode: 'parallel' });

for (const size of SIZES) {
  test.describe(`every screen at ${size.width}×${size.height}`, () => {
    test.use({ viewport: { width: size.width, height: size.height }, hasTouch: size.width < 1024 });

    test('signed out and signed in: titled, no sideways scroll, no serious axe finding', async ({ page }, testInfo) => {
      test.setTimeout(900_000);
      const shots = (name: string) => testInfo.outputPath(name);
      const problems: string[] = [];
      for (const screen of SIGNED_OUT) problems.push(...(await check(page, size, screen, shots)));
      const login = new LoginPage(page);
      await login.goto();
      await login.login(DEMO.email, DEMO.password);
      await expect(page.getByRole('combobox', { name: 'Buscar' })).toBeVisible();
      for (const screen of SIGNED_IN) problems.push(...(await check(page, size, screen, shots)));
      expect(problems).toEqual([]);
    });
  });
}

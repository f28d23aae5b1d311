import { expect, test, type Route } from '@playwright/test';
import { BASICO, DEMO } from '../fixtures/accounts';
import { signInDirectly } from '../fixtures/api';
import { axeViolations } from '../fixtures/axe';
import { DiagnosticsPage } from '../pages/diagnostics-page';

/*
 * /conndiag/ and /_test1234/ (viewing spec sections 2, 7, 8, 9). The e2e server lists three
 * speed-test servers (DIAG_SERVERS in playwright.config.ts): its own origin, 'lento' and
 * 'caido'. The last two are played here: lento answers 1 MB no sooner than 2.5 s after it is
 * asked (at most 3.2 Mbps, under the 6 Mbps line), caido refuses the connection.
 */
const OWN = 'localhost';
const SLOW = 'lento.diag.test';
const FAILING = 'caido.diag.test';
const SLOW_BYTES = 1_000_000;
const SLOW_AT_LEAST_MS = 2500;

/** Signed in without drawing the login screen; each test opens its screen. */
const signIn = signInDirectly;

/** A gate the spec opens when it has seen what it wanted to see. */
function gate(): { opened: Promise<void>; open: () => void } {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

/** Serves lento's file slowly once `held` opens. */
async function serveSlowly(route: Route, held: Promise<void>): Promise<void> {
  const asked = Date.now();
  await held;
  const left = SLOW_AT_LEAST_MS - (Date.now() - asked);
  if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
  await route
    .fulfill({
      status: 200,
      headers: { 'access-control-allow-origin': '*', 'content-type': 'video/mp2t' },
      body: Buffer.alloc(SLOW_BYTES, 0x47),
    })
    .catch(() => undefined);
}

test('diagnostics go through not started, servers listed, testing, results and terminated', async ({ page }) => {
  test.setTimeout(240_000);
  await signIn(page, BASICO);
  const listing = gate();
  await page.route('**/media/diag.json', async (route) => {
    await listing.opened;
    await route.continue();
  });
  let slow = gate();
  const slowUrls: string[] = [];
  await page.route(`http://${SLOW}/**`, (route) => {
    slowUrls.push(route.request().url());
    return serveSlowly(route, slow.opened);
  });
  await page.route(`http://${FAILING}/**`, (route) => route.abort('connectionrefused'));

  const diag = new DiagnosticsPage(page);
  await page.goto('/conndiag/');
  await expect(diag.heading).toBeVisible();
  await expect(diag.state).toHaveText('Prueba no iniciada');
  await expect(diag.ip).toHaveText(/^[\d.:a-f]+$/);
  listing.open();
  await expect(diag.state).toHaveText('Servidores listados');
  await expect(diag.rows).toHaveCount(3);
  await expect(page.getByRole('rowheader', { name: 'Grupo: Pruebas' })).toBeVisible();
  await diag.expectRow(SLOW, 'Sin medir');

  await diag.start.click();
  await expect(diag.state).toHaveText('Prueba en curso…');
  await diag.expectRow(SLOW, 'Midiendo…');
  await diag.expectRow(OWN, 'Buena');
  expect(slowUrls[0]).toMatch(new RegExp(`^http://${SLOW}/media/speed/media_0\\.ts\\?avoidcache=\\d{13}$`));
  slow.open();
  await expect(diag.state).toHaveText('Resultados', { timeout: 30_000 });
  await diag.expectRow(SLOW, 'Lenta');
  await diag.expectRow(FAILING, 'Sin respuesta');
  await expect(diag.row(FAILING)).toContainText('0.0 Mbps');
  await expect(diag.chart).toBeVisible();
  await expect(diag.chart).toHaveAccessibleDescription(/3 servidores .* 6 Mbps\. 1 por encima\./);

  // Again, stopped while lento is measured: what was not measured becomes 0.
  slow = gate();
  await diag.again.click();
  await diag.expectRow(SLOW, 'Midiendo…');
  await diag.stop.click();
  await expect(diag.state).toHaveText('Prueba detenida: los servidores sin medir cuentan 0 Mbps');
  await diag.expectRow(OWN, 'Buena');
  await diag.expectRow(SLOW, 'Sin respuesta');
  await diag.expectRow(FAILING, 'Sin respuesta');
  await expect(diag.chart).toBeVisible();
  slow.open();

  for (const width of [390, 768, 1440]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    const serious = (await axeViolations(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious, JSON.stringify(serious, null, 1)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.screenshot({ path: test.info().outputPath(`conndiag-${width}.png`), fullPage: true });
  }
});

test('the manifest test counts the tested and failed manifests and lists the broken one with its date', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const login = await request.post('/api/v1/login', {
    data: { flow: 'password', username: DEMO.email, password: DEMO.password },
  });
  const idToken = ((await login.json()) as { idToken: string }).idToken;
  const listed = await request.get('/api/v1/manifest-test/events?hours=3', {
    headers: { authorization: `Bearer ${idToken}` },
  });
  expect(listed.status()).toBe(200);
  const events = ((await listed.json()) as { resources: { id: number; url: string; start: string }[] }).resources;
  expect(events.length).toBeGreaterThan(2);
  const broken = events[1]!;

  // The broken manifest answers only once the spec has seen the test under way.
  const held = gate();
  const asked: string[] = [];
  await page.route(`**/media/catchup/${broken.id}.smil/manifest.mpd*`, async (route) => {
    asked.push(
      `${new URL(route.request().url()).pathname}${new URL(route.request().url()).search}|${route.request().headers().authorization ?? ''}`,
    );
    await held.opened;
    await route.fulfill({ status: 500, contentType: 'text/plain', body: 'broken' });
  });
  await signIn(page, DEMO);
  await page.goto('/_test1234/?hours=3');
  await expect(page.getByRole('heading', { level: 1, name: 'Prueba de manifiestos' })).toBeVisible();
  // The test lists the events afresh when it starts: its count is what the page was given.
  const fetched = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/v1/manifest-test/events');
  // Adult programmes answer only with the PIN grant, the admin's too.
  await page.getByLabel('PIN parental').fill(DEMO.pin);
  await page.getByRole('button', { name: 'Iniciar prueba' }).click();
  const tested = ((await (await fetched).json()) as { resources: unknown[] }).resources.length;
  await expect(page.getByTestId('manifest-state')).toContainText('TEST ONGOING');
  await expect(page.locator('main')).toHaveAttribute('data-state', '1');
  await expect.poll(() => asked.length).toBe(1);
  expect(asked[0]).toMatch(new RegExp(`^/media/catchup/${broken.id}\\.smil/manifest\\.mpd\\?VOD\\|Bearer .+`));
  held.open();
  await expect(page.getByTestId('manifest-state')).toHaveText('TEST FINISHED', { timeout: 150_000 });
  await expect(page.locator('main')).toHaveAttribute('data-state', '2');
  await expect(page.getByTestId('manifest-tested')).toHaveText(String(tested));
  await expect(page.getByTestId('manifest-failed')).toHaveText('1');
  const item = page.getByTestId('manifest-failed-item');
  await expect(item).toHaveCount(1);
  await expect(item).toContainText(String(broken.id));
  await expect(item.locator('time')).toHaveAttribute('datetime', broken.start);

  for (const width of [390, 768, 1440]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    const serious = (await axeViolations(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious, JSON.stringify(serious, null, 1)).toEqual([]);
    await page.screenshot({ path: test.info().outputPath(`manifest-test-${width}.png`), fullPage: true });
  }
});

test('the manifest test is for administrators only', async ({ page }) => {
  await signIn(page, BASICO);
  await page.goto('/_test1234/');
  await expect(page.getByRole('alert')).toHaveText('Solo un administrador puede usar la prueba de manifiestos.');
  await expect(page.getByRole('button', { name: 'Iniciar prueba' })).toHaveCount(0);
});

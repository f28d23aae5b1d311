import { expect, test, type Page } from '@playwright/test';
import { DEMO } from '../fixtures/accounts';
import { ErrorModal } from '../pages/error-modal';
import { HomePage } from '../pages/home-page';
import { LoginPage } from '../pages/login-page';

async function signInAsDemo(page: Page): Promise<HomePage> {
  const login = new LoginPage(page);
  await login.goto();
  await login.login(DEMO.email, DEMO.password);
  const home = new HomePage(page);
  await home.expectSignedInAs(DEMO.email);
  return home;
}

test.describe('routes', () => {
  // One page for all the paths: each goto starts the app afresh, as a new visit would.
  test('guarded paths and unknown ones redirect to / without a session', async ({ page }) => {
    for (const path of ['/epg/', '/settings/', '/gid/5310', '/emplayer/abc', '/search/cine', '/no/such/page']) {
      await page.goto(path);
      await expect(new LoginPage(page).heading, path).toBeVisible();
      await expect(page, path).toHaveURL('/');
    }
  });

  test('the public paths are reachable without a session', async ({ page }) => {
    for (const path of [
      '/lostpassword/',
      '/register/',
      '/register_result/success',
      '/resetpassword/some-token',
      '/signin/some-token',
    ]) {
      await page.goto(path);
      await expect(page, path).toHaveURL(path);
      await expect(page.getByRole('heading', { level: 1 }), path).toBeVisible();
    }
  });

  test('signed in, a guarded screen from the account menu opens and an unknown path goes home', async ({ page }) => {
    const home = await signInAsDemo(page);
    await home.accountButton.click();
    await page.getByRole('link', { name: 'Ajustes' }).click();
    await expect(page).toHaveURL('/settings/');
    await expect(page.getByRole('heading', { level: 1, name: 'Ajustes' })).toBeVisible();
    await page.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link', { name: 'Inicio' }).click();
    await expect(home.greeting).toBeVisible();
    await page.goto('/definitely/not/here');
    await expect(page).toHaveURL('/');
    await expect(home.greeting).toBeVisible();
  });

  test('a screen whose code cannot be downloaded opens the non-recoverable modal', async ({ page }) => {
    await signInAsDemo(page);
    // The network goes: the guide's code was never downloaded.
    await page.route('**/assets/*.js', (route) => route.abort('internetdisconnected'));
    await page.getByRole('link', { name: 'Guía TV' }).first().click();
    const modal = new ErrorModal(page);
    await expect(modal.dialog).toContainText(
      'No se han podido descargar algunos recursos de la aplicación. Comprueba tu conexión a Internet.',
    );
    await expect(modal.retry).toBeVisible();
    await expect(modal.close).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(modal.dialog).toBeVisible();
  });

  test('signed in, the home with a genre id opens that genre, and a malformed one goes home', async ({ page }) => {
    const home = await signInAsDemo(page);
    await page.goto('/5310');
    await expect(page).toHaveURL('/gid/5310');
    await expect(page.getByRole('heading', { level: 1, name: 'TV Channels' })).toBeVisible();
    await page.goto('/5310/abc');
    await expect(page).toHaveURL('/');
    await expect(home.greeting).toBeVisible();
  });
});

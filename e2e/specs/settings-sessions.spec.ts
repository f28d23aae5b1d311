import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { signInDirectly } from '../fixtures/api';
import { createAccount, type NewAccount } from '../fixtures/new-account';
import { emplayer, PlayerPage } from '../pages/player-page';
import { SettingsPage } from '../pages/settings-page';

/*
 * Settings' playback sessions: one browser context plays, another closes its stream from the
 * list or resets every DRM session, and the player stops. The account is new, so its two
 * device slots are its own.
 */
const CHANNEL = emplayer([1, 'Pantalla Uno', 'LIVE', 2, 1, null, 0]);

/** Signed in without drawing the login screen; each device then opens its screen. */
const signIn = (page: Page, account: NewAccount) => signInDirectly(page, account);

async function twoDevices(
  browser: Browser,
  account: NewAccount,
): Promise<{ contexts: BrowserContext[]; settings: SettingsPage; player: PlayerPage }> {
  const contexts = [await browser.newContext(), await browser.newContext()];
  const [settingsPage, playerPage] = await Promise.all(contexts.map((c) => c.newPage()));
  await signIn(playerPage!, account);
  const player = new PlayerPage(playerPage!);
  await player.goto(CHANNEL);
  await player.expectPlayingPast(0);
  await signIn(settingsPage!, account);
  const settings = new SettingsPage(settingsPage!);
  await settings.goto();
  return { contexts, settings, player };
}

/**
 * The player stopped: it says its session was closed, over a picture that no longer moves.
 * How soon is the playback services' business (within one manifest refresh); the wait is a
 * condition with a generous bound.
 */
async function expectStopped(player: PlayerPage): Promise<void> {
  await expect(player.page.getByRole('alertdialog')).toContainText(
    'La sesión de reproducción ha caducado o se ha cerrado.',
    { timeout: 75_000 },
  );
  let previous: number | undefined;
  await expect
    .poll(
      async () => {
        const now = await player.state();
        const still = now.paused || previous === now.currentTime;
        previous = now.currentTime;
        return still;
      },
      { intervals: [1000] },
    )
    .toBe(true);
}

test('the open stream is listed with its device, what it plays and since when; closing it stops that player', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const account = await createAccount(request, 'streams');
  const { contexts, settings, player } = await twoDevices(browser, account);
  try {
    const row = settings.sessions.getByRole('listitem');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Chrome · Linux');
    await expect(row).toContainText('Pantalla Uno');
    await expect(row).toContainText('Directo');
    await expect(row.locator('time')).toHaveText(/^\d{1,2} [a-z]{3} \d{4} - \d{2}:\d{2}h$/);
    await settings.page.screenshot({ path: test.info().outputPath('settings-stream.png'), fullPage: true });
    await row.getByRole('button', { name: /^Cerrar la sesión de Chrome · Linux: Pantalla Uno/ }).click();
    await expect(settings.sessions.getByText('Sesión cerrada.')).toBeVisible();
    await expect(settings.sessions.getByText('No hay ninguna reproducción abierta.')).toBeVisible();
    await expectStopped(player);
  } finally {
    await Promise.all(contexts.map((c) => c.close()));
  }
});

test('Reset DRM sessions closes every stream of the account and the other device’s player stops', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const account = await createAccount(request, 'reset');
  const { contexts, settings, player } = await twoDevices(browser, account);
  try {
    await expect(settings.sessions.getByRole('listitem')).toHaveCount(1);
    await settings.reset.click();
    await expect(
      settings.sessions
        .getByRole('status')
        .filter({ hasText: 'Se han cerrado las sesiones en todos tus dispositivos.' }),
    ).toBeVisible();
    await expect(settings.sessions.getByText('No hay ninguna reproducción abierta.')).toBeVisible();
    await expectStopped(player);
  } finally {
    await Promise.all(contexts.map((c) => c.close()));
  }
});

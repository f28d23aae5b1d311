import { expect, request as newRequest, test, type APIRequestContext } from '@playwright/test';
import { BASICO } from '../fixtures/accounts';
import { BASE_URL, signInDirectly } from '../fixtures/api';
import { apiToken, emplayer, PlayerPage, resetSessions } from '../pages/player-page';
import { SettingsPage } from '../pages/settings-page';

/*
 * Segments need a right that expires (issue item 3): the segment URLs the player fetches
 * carry its stream session's token (/media/a/{token}/s/…). One taken from the page's own
 * requests plays for anyone who holds it while the session is open, is refused once
 * 'Reiniciar sesiones DRM' closes the session, and nothing of a stream answers without a token.
 */
const LIVE_1 = emplayer([1, 'Pantalla Uno', 'LIVE', 2, 1, null, 0]);
const SIGNED_SEGMENT = /\/media\/a\/[\w-]+\.\d+\.[\w-]+\/s\/[^?]+\.m4s$/;

let anonymous: APIRequestContext;
test.beforeAll(async () => {
  // No cookie, no header: what someone who copied the URL out of the page would send.
  anonymous = await newRequest.newContext({ baseURL: BASE_URL });
});
test.afterAll(async () => anonymous.dispose());

test.beforeEach(async ({ request }) => {
  await resetSessions(request, await apiToken(BASICO));
});

test('a segment URL that played is refused after Reiniciar sesiones DRM; a segment without a token is refused at once', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const playing = await browser.newContext();
  const settingsContext = await browser.newContext();
  try {
    const page = await playing.newPage();
    const played: string[] = [];
    page.on('response', (response) => {
      if (SIGNED_SEGMENT.test(new URL(response.url()).pathname) && response.status() === 200)
        played.push(response.url());
    });
    await signInDirectly(page, BASICO);
    const player = new PlayerPage(page);
    await player.goto(LIVE_1);
    await player.expectPlayingPast(0);
    await expect.poll(() => played.length).toBeGreaterThan(0);
    const captured = new URL(played.at(-1) as string);

    // The URL alone opens the segment while its session is open (it is the token that counts, not a cookie).
    expect((await anonymous.get(captured.pathname)).status()).toBe(200);
    // Without its token, or with a forged one: refused before anything is read.
    const file = captured.pathname.replace(/^\/media\/a\/[^/]+/, '');
    const bare = await anonymous.get(`/media${file}`);
    expect(bare.status()).toBe(401);
    expect(bare.headers()['content-type']).toContain('application/json');
    const forged = captured.pathname.replace(/\.([\w-]{22})\/s\//, `.${'A'.repeat(22)}/s/`);
    expect((await anonymous.get(forged)).status()).toBe(403);

    // Another device of the account resets every DRM session.
    const settingsPage = await settingsContext.newPage();
    await signInDirectly(settingsPage, BASICO);
    const settings = new SettingsPage(settingsPage);
    await settings.goto();
    await settings.reset.click();
    await expect(
      settings.sessions
        .getByRole('status')
        .filter({ hasText: 'Se han cerrado las sesiones en todos tus dispositivos.' }),
    ).toBeVisible();

    // The URL that played stops answering (the bound is the token's life, 60 s; here it is at once).
    await expect
      .poll(async () => (await anonymous.get(captured.pathname)).status(), { timeout: 65_000, intervals: [500] })
      .toBe(403);
    const refused = await anonymous.get(captured.pathname);
    expect(((await refused.json()) as { data?: unknown }).data).toBe(116);
  } finally {
    await playing.close();
    await settingsContext.close();
  }
});

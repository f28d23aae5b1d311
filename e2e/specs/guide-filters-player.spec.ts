import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { BASICO } from '../fixtures/accounts';
import { signInDirectly } from '../fixtures/api';
import { GuidePage } from '../pages/guide-page';
import { apiToken, PlayerPage, resetSessions } from '../pages/player-page';

/*
 * Issue 30: the guide filtered by a channel group and by a programme genre, remembered on the
 * server (a reload opens filtered), a channel opened from the filtered guide zaps within the
 * filter, and a channel number typed in the guide brings its row up. As basico@ (its basic
 * package owns the documentary and children's channels); each test puts its filter back, so the
 * other specs' guide of basico@ opens unfiltered. In the playback project (it opens a session).
 */

const SHOTS = '/tmp/h';
/** Group "Documentales": channels 25-28 and 45, all in the basic package, in the guide's order. */
const DOCUMENTARIES = ['Naturaleza Viva', 'Historia TV', 'Ciencia y Descubrimiento', 'Viajeros', 'Misterio TV'];
/** Genre "Infantil" airs on the three children's channels only. */
const CHILDREN = ['Peques', 'Junior', 'Aprende Jugando'];

async function clearFilter(request: APIRequestContext) {
  const token = await apiToken(BASICO);
  const res = await request.put('/api/v1/guide/filter', {
    headers: { authorization: `Bearer ${token}` },
    data: { favourites: false, groupId: null, genreId: null },
  });
  expect(res.status()).toBe(200);
}

/**
 * Where the channel-group list is cut: its box outside the viewport on any side, or its chosen
 * name wider than the room the box leaves it (padding and the arrow), measured in its own font.
 */
async function groupSelectCut(page: Page): Promise<string[]> {
  return page.getByRole('combobox', { name: 'Grupo de canales' }).evaluate((el) => {
    const select = el as HTMLSelectElement;
    const box = select.getBoundingClientRect();
    const style = getComputedStyle(select);
    const cut: string[] = [];
    if (box.left < -0.5 || box.top < -0.5) cut.push(`starts at ${box.left},${box.top}`);
    if (box.right > window.innerWidth + 0.5) cut.push(`ends at ${box.right} of ${window.innerWidth}`);
    if (box.bottom > window.innerHeight + 0.5) cut.push(`ends at ${box.bottom} of ${window.innerHeight} high`);
    const context = document.createElement('canvas').getContext('2d');
    if (!context) return ['no canvas to measure with'];
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const text = select.selectedOptions[0]?.text ?? '';
    const arrow = 20;
    const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - arrow;
    if (context.measureText(text).width > room) cut.push(`"${text}" wider than ${room} px`);
    return cut;
  });
}

/** The lineup's ids of the channels named. */
async function channelIds(request: APIRequestContext, names: readonly string[]): Promise<number[]> {
  const headers = { authorization: `Bearer ${await apiToken(BASICO)}` };
  const lineups = (await (await request.get('/api/v1/lineups', { headers })).json()) as { resources: { id: number }[] };
  const lineupId = lineups.resources[0]?.id;
  const channels = (await (await request.get(`/api/v1/channels?lineupId=${lineupId}`, { headers })).json()) as {
    resources: { id: number; name: string }[];
  };
  return channels.resources.filter((c) => names.includes(c.name)).map((c) => c.id);
}

async function channelNames(page: Page): Promise<string[]> {
  return page.locator('.guide-channel').evaluateAll((els) => els.map((e) => e.getAttribute('title') ?? ''));
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
]) {
  test.describe(`guide filters at ${viewport.width} px`, () => {
    test.use({ viewport });
    test.beforeEach(async ({ request }) => {
      await resetSessions(request, await apiToken(BASICO));
      await clearFilter(request);
    });
    test.afterEach(async ({ request }) => clearFilter(request));

    test('filters by group and by genre, remembers it, and zaps within the filter', async ({ page, request }) => {
      test.setTimeout(120_000);
      const documentaryIds = await channelIds(request, DOCUMENTARIES);
      expect(documentaryIds).toHaveLength(DOCUMENTARIES.length);
      await signInDirectly(page, BASICO);
      const guide = new GuidePage(page);
      await guide.goto();
      const group = page.getByRole('combobox', { name: 'Grupo de canales' });
      const genre = page.getByRole('combobox', { name: 'Género de programa' });

      await group.selectOption({ label: 'Documentales (5)' });
      await expect(page.locator('.guide-channel')).toHaveCount(DOCUMENTARIES.length);
      expect(await channelNames(page)).toEqual(DOCUMENTARIES);
      await guide.expectSettled();
      await page.screenshot({ path: `${SHOTS}/h2-group-${viewport.width}.png` });
      // The chosen group is whole on screen, its name too.
      expect(await groupSelectCut(page)).toEqual([]);

      // Remembered on the server for this profile: a reload opens filtered, and its first page asked
      // is the filter's: no channel outside it is asked for, the start-up fill's page included.
      const epgAsked: number[] = [];
      let epgPending = 0;
      const isEpg = (url: string) => /\/api\/v1\/epg\/\d+\//.test(url);
      page.on('request', (r) => {
        const asked = /\/api\/v1\/epg\/(\d+)\//.exec(r.url());
        if (!asked) return;
        epgAsked.push(Number(asked[1]));
        epgPending += 1;
      });
      const settled = (r: { url(): string }) => {
        if (isEpg(r.url())) epgPending -= 1;
      };
      page.on('requestfinished', settled);
      page.on('requestfailed', settled);
      const fillLoaded = page.waitForResponse((r) => /\/assets\/prefill-[\w-]+\.js$/.test(r.url()));
      await page.reload();
      await guide.expectLoaded();
      await expect(page.getByRole('combobox', { name: 'Grupo de canales' })).toHaveValue(/\d+/);
      expect(await channelNames(page)).toEqual(DOCUMENTARIES);
      // The fill (when the page settles) has asked its page, if any, two frames after its code arrived.
      await fillLoaded;
      for (let frame = 0; frame < 2; frame += 1)
        await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
      await expect.poll(() => epgPending).toBe(0);
      expect(epgAsked.length).toBeGreaterThan(0);
      expect(epgAsked.filter((id) => !documentaryIds.includes(id))).toEqual([]);

      // Open the second channel live and zap: up and down stay within the group, wrapping at its ends.
      await guide.row('Historia TV').locator('.guide-programme--live').click();
      await guide.overlay.getByRole('link', { name: 'Ver en directo' }).click();
      const title = page.getByRole('heading', { level: 1 });
      await expect(title).toContainText('Historia TV');
      // Keys reach the player once its session is open and the picture plays.
      const player = new PlayerPage(page);
      const openedSessions: string[] = [];
      page.on('response', (r) => {
        if (r.url().endsWith('/api/v1/sessions') && r.request().method() === 'POST' && r.ok())
          openedSessions.push(r.url());
      });
      await player.expectPlayingPast(0);
      // Keys wait while a dialog is up: on a busy machine a zap's session can wait for the one it replaced to
      // close, so each zap waits for a session opened after it before the next key.
      const zap = async (key: string, name: string) => {
        const before = openedSessions.length;
        await page.keyboard.press(key);
        await expect(title).toContainText(name);
        await expect.poll(() => openedSessions.length, { timeout: 30_000 }).toBeGreaterThan(before);
        await expect(page.getByRole('dialog')).toHaveCount(0);
      };
      await zap('PageDown', 'Naturaleza Viva');
      await zap('PageDown', 'Misterio TV');
      await zap('PageUp', 'Naturaleza Viva');
      // The last-channel key goes back within it too.
      await page.keyboard.press('Backspace');
      await expect(title).toContainText('Misterio TV');
      await page.screenshot({ path: `${SHOTS}/h2-zap-${viewport.width}.png` });

      // Back in the guide: by genre instead (group off), both by keyboard on the native lists.
      await page.goto('/epg/');
      await guide.expectLoaded();
      await page.getByRole('combobox', { name: 'Grupo de canales' }).selectOption({ label: 'Todos los grupos' });
      // Every channel again (a phone's guide may open a row down: the saved page kept the zapped row above the panel).
      await expect(guide.row('Pantalla Dos')).toBeVisible();
      await genre.selectOption({ label: 'Infantil' });
      await expect(page.locator('.guide-channel')).toHaveCount(CHILDREN.length);
      expect(await channelNames(page)).toEqual(CHILDREN);
      await guide.expectSettled();
      await page.screenshot({ path: `${SHOTS}/h2-genre-${viewport.width}.png` });
      await page.reload();
      await guide.expectLoaded();
      expect(await channelNames(page)).toEqual(CHILDREN);

      // The filters fit a 360 px phone (the days scroll on their own line).
      await page.setViewportSize({ width: 360, height: 740 });
      const outside = await page.evaluate(() =>
        Array.from(document.querySelectorAll('.guide-filters button, .guide-filters select, .guide__close'))
          .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 0.5)
          .map((e) => e.getAttribute('aria-label') ?? e.textContent),
      );
      await page.screenshot({ path: `${SHOTS}/h2-filters-360.png` });
      expect(outside).toEqual([]);
      // The group list whole, its chosen name too, from a 360 px phone to a 1920 px desktop.
      await genre.selectOption({ label: 'Todos los géneros' });
      await page.getByRole('combobox', { name: 'Grupo de canales' }).selectOption({ label: 'Documentales (5)' });
      await expect(page.locator('.guide-channel')).toHaveCount(DOCUMENTARIES.length);
      for (const size of [
        { width: 360, height: 740 },
        { width: 1920, height: 1080 },
      ]) {
        await page.setViewportSize(size);
        await page.screenshot({ path: `${SHOTS}/h2-group-${viewport.width}-as-${size.width}.png` });
        expect(await groupSelectCut(page), `at ${size.width} px`).toEqual([]);
      }
    });

    test('a channel number typed in the guide brings its row up, and Backspace goes back', async ({ page }) => {
      await signInDirectly(page, BASICO);
      const guide = new GuidePage(page);
      await guide.goto();
      const first = page.locator('.guide-channel').first();
      await expect(first).toHaveAttribute('title', 'Pantalla Uno');

      await page.keyboard.press('3');
      await page.keyboard.press('5');
      await expect(page.getByTestId('guide-dial')).toContainText('Telecosta');
      await page.screenshot({ path: `${SHOTS}/h2-dial-${viewport.width}.png` });
      await expect(first).toHaveAttribute('title', 'Telecosta');
      await expect(guide.row('Telecosta')).toBeVisible();

      await page.keyboard.press('Backspace');
      await expect(first).toHaveAttribute('title', 'Pantalla Uno');

      // Enter tunes at once; a number no channel has is said.
      await page.keyboard.press('9');
      await page.keyboard.press('Enter');
      await expect(first).toHaveAttribute('title', 'Parlamento TV');
      await page.keyboard.press('8');
      await page.keyboard.press('8');
      await page.keyboard.press('Enter');
      await expect(page.getByTestId('guide-dial')).toContainText('No hay ningún canal 88');
      await expect(first).toHaveAttribute('title', 'Parlamento TV');
    });
  });
}

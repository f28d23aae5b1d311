import { expect, test, type APIRequestContext } from '@playwright/test';
import { BASICO } from '../fixtures/accounts';
import { signInDirectly } from '../fixtures/api';
import { GuidePage } from '../pages/guide-page';
import { apiToken, PlayerPage, resetSessions } from '../pages/player-page';

/*
 * Issue 29: a series rule set from the guide's overlay ("Grabar la serie") marks the matching
 * programmes of the guide at once; a reminder (the bell) on a programme that starts soon, with a
 * lead time that makes it due now, shows the in-app notice, and "Ver ahora" plays its channel.
 *
 * As basico@, who owns the basic package (a rule records only channels the subscriber owns, and
 * "Ver ahora" opens a stream session): in the playback project, one file at a time. Its rules,
 * reminders and recordings are removed before and after each test, so no notice or mark reaches
 * another spec.
 */

const SHOTS = '/tmp/shots/recordings';
/** Channel 1: basic package, a week of catch-up. */
const CHANNEL = 'Pantalla Uno';
/** The lead times the bell offers (apps/web/src/features/recordings/lib/record-state.ts). */
const LEADS = [2, 5, 10, 15, 30, 60];

/** basico@ without rules, reminders or recordings. */
async function forgetAll(request: APIRequestContext, token: string): Promise<void> {
  const headers = { authorization: `Bearer ${token}` };
  const lists: [string, (id: number) => string][] = [
    ['/api/v1/recordings/rules?limit=100', (id) => `/api/v1/recordings/rules/${id}`],
    ['/api/v1/reminders?limit=100', (id) => `/api/v1/reminders/${id}`],
    ['/api/v1/recordings?state=ready&limit=100', (id) => `/api/v1/recordings/${id}`],
    ['/api/v1/recordings?state=scheduled&limit=100', (id) => `/api/v1/recordings/${id}`],
  ];
  for (const [list, one] of lists) {
    for (;;) {
      const page = await request.get(list, { headers });
      expect(page.status()).toBe(200);
      const items = ((await page.json()) as { items: { id: number }[] }).items;
      if (items.length === 0) break;
      for (const item of items) expect((await request.delete(one(item.id), { headers })).status()).toBe(204);
    }
  }
}

/** The fields of an /emplayer/ link (base64 of URI-encoded ';'-joined fields). */
function emplayerFields(url: string): string[] {
  const encoded = decodeURIComponent(new URL(url).pathname.split('/')[2] ?? '');
  return Buffer.from(encoded, 'base64')
    .toString('utf8')
    .split(';')
    .map((f) => decodeURIComponent(f));
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
]) {
  test.describe(`series rules and reminders at ${viewport.width} px`, () => {
    test.use({ viewport });
    let token = '';

    test.beforeEach(async ({ request }) => {
      token = await apiToken(BASICO);
      await resetSessions(request, token);
      await forgetAll(request, token);
    });
    test.afterEach(async ({ request }) => {
      await forgetAll(request, token);
    });

    test("Grabar la serie marks the series' programmes in the guide and lists the rule", async ({ page }) => {
      test.setTimeout(90_000);
      await signInDirectly(page, BASICO);
      const guide = new GuidePage(page);
      await guide.goto();
      await guide.dates.getByRole('button', { name: 'Mañana' }).click();
      await guide.expectSettled();
      const row = guide.row(CHANNEL);
      await expect(guide.programmes(row).first()).toBeVisible();
      // A title the row shows more than once when there is one (the fewest repeats: the quota holds them all).
      const picked = await row.evaluate((el) => {
        const buttons = Array.from(el.querySelectorAll<HTMLElement>('[data-programme-id]')).map((b) => ({
          id: b.dataset.programmeId ?? '',
          title: b.querySelector('.guide-programme__title')?.textContent?.trim() ?? '',
        }));
        const counts = new Map<string, number>();
        for (const b of buttons) counts.set(b.title, (counts.get(b.title) ?? 0) + 1);
        const repeated = [...counts.entries()].filter(([, n]) => n > 1).sort((a, b) => a[1] - b[1]);
        const title = repeated[0]?.[0] ?? buttons[0]?.title ?? '';
        return { title, ids: buttons.filter((b) => b.title === title).map((b) => b.id) };
      });
      expect(picked.ids.length).toBeGreaterThan(0);
      const others = (await guide
        .programmes(row)
        .evaluateAll((els) =>
          els.map((e) => [
            (e as HTMLElement).dataset.programmeId,
            e.querySelector('.guide-programme__title')?.textContent?.trim(),
          ]),
        )) as [string, string][];
      const first = row.locator(`[data-programme-id="${picked.ids[0]}"]`);
      await first.click();
      await expect(guide.overlay.getByRole('heading', { name: picked.title })).toBeVisible();

      const open = guide.overlay.getByTestId('rec-series-open');
      await open.scrollIntoViewIfNeeded();
      await open.click();
      const form = guide.overlay.getByTestId('rec-series');
      // Every episode, repeats too: the demo guide names few episodes.
      await form.getByLabel('Solo episodios nuevos').uncheck();
      await form.getByTestId('rec-series-save').click();
      await expect(guide.overlay.getByTestId('rec-message')).toContainText(`«${picked.title}»`);

      for (const id of picked.ids)
        await expect(row.locator(`[data-programme-id="${id}"] [data-mark="scheduled"]`)).toHaveCount(1);
      for (const [id] of others.filter(([, t]) => t !== picked.title))
        await expect(row.locator(`[data-programme-id="${id}"] [data-mark="scheduled"]`)).toHaveCount(0);
      await expect(guide.overlay.getByTestId('rec-record')).toHaveAttribute('data-state', 'scheduled');
      await page.screenshot({ path: `${SHOTS}/rule-marks-${viewport.width}.png` });

      await page.goto('/recordings/');
      await page.getByRole('tab', { name: 'Reglas' }).click();
      await expect(page.getByTestId('rule-item').filter({ hasText: picked.title })).toBeVisible();
      await page.getByRole('tab', { name: 'Programadas' }).click();
      await expect(page.getByTestId('recording-item').first()).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/rules-tab-${viewport.width}.png` });
    });

    test('a reminder due now shows the notice, and Ver ahora plays the channel', async ({ page, request }) => {
      test.setTimeout(120_000);
      await signInDirectly(page, BASICO);
      const guide = new GuidePage(page);
      await guide.goto();
      // The programme after a live one that starts soonest (at least a minute and a half away, so the
      // bell is still offered when the overlay opens), of any row the guide shows.
      const soon = await page.evaluate(() => {
        const now = Date.now();
        let best: { id: string; channel: string; start: number } | null = null;
        for (const row of Array.from(document.querySelectorAll<HTMLElement>('.guide-row'))) {
          const live = row.querySelector<HTMLElement>('.guide-programme--live');
          const next = live?.nextElementSibling as HTMLElement | null;
          const clock = /(\d{1,2}):(\d{2})/.exec(next?.querySelector('.guide-programme__time')?.textContent ?? '');
          if (!next?.dataset.programmeId || !clock) continue;
          const at = new Date(now);
          at.setHours(Number(clock[1]), Number(clock[2]), 0, 0);
          let start = at.getTime();
          if (start < now - 12 * 3_600_000) start += 24 * 3_600_000;
          if (start - now < 90_000) continue;
          if (!best || start < best.start)
            best = { id: next.dataset.programmeId, channel: row.getAttribute('aria-label') ?? '', start };
        }
        return best ? { ...best, minutes: (best.start - now) / 60_000 } : null;
      });
      expect(soon, 'a programme starting after a live one').not.toBeNull();
      if (!soon) return;
      const lead = LEADS.find((m) => m >= soon.minutes + 0.5);
      expect(lead, `a lead time for a programme ${soon.minutes.toFixed(1)} min away`).toBeDefined();

      const programme = page.locator(`[data-programme-id="${soon.id}"]`);
      await programme.click();
      await expect(guide.overlay).toBeVisible();
      const choose = guide.overlay.getByTestId('rec-remind-lead');
      await choose.scrollIntoViewIfNeeded();
      await choose.selectOption(String(lead));
      await expect(guide.overlay.getByLabel('También por correo')).not.toBeChecked();
      const bell = guide.overlay.getByTestId('rec-bell');
      await bell.click();
      await expect(bell).toHaveAttribute('aria-pressed', 'true');
      await expect(guide.overlay.getByTestId('rec-message')).toHaveText(`Te avisaremos ${lead} min antes.`);
      await expect(programme.locator('[data-mark="reminder"]')).toHaveCount(1);

      const listed = await request.get('/api/v1/reminders?limit=100', {
        headers: { authorization: `Bearer ${token}` },
      });
      const reminder = (
        (await listed.json()) as { items: { eventId: number; channelId: number; title: string }[] }
      ).items.find((r) => String(r.eventId) === soon.id);
      expect(reminder).toBeDefined();

      // Due now: the notice comes with the next poll of /reminders/due (setting the bell asks again at once).
      const notice = page.getByTestId('reminder-notice');
      await expect(notice).toBeVisible({ timeout: 40_000 });
      await expect(notice).toContainText(`«${reminder?.title ?? ''}»`);
      await page.screenshot({ path: `${SHOTS}/reminder-notice-${viewport.width}.png` });
      await notice.getByRole('button', { name: 'Ver ahora' }).click();
      await expect(page).toHaveURL(/\/emplayer\//);
      expect(emplayerFields(page.url())).toContain(String(reminder?.channelId));

      const player = new PlayerPage(page);
      await expect(player.root).toBeVisible();
      await player.expectAdvancing();
      await page.screenshot({ path: `${SHOTS}/reminder-playing-${viewport.width}.png` });
      // Seen: it does not come back.
      await page.goBack();
      await expect(page.getByTestId('reminder-notice')).toHaveCount(0);
    });
  });
}

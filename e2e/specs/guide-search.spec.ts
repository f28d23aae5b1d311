import { expect, test } from '@playwright/test';
import { DEMO } from '../fixtures/accounts';
import { apiToken, BASE_URL } from '../fixtures/api';
import { GuidePage } from '../pages/guide-page';

const HOUR = 3_600_000;

interface Programme {
  id: number;
  title: string;
  startTime: number;
  channelId: number;
}

/** A programme later in the guide on a channel well down the list, as the API gives it. */
async function laterProgramme(): Promise<{ programme: Programme; channel: string }> {
  const token = await apiToken(DEMO);
  const headers = { authorization: `Bearer ${token}` };
  const channels = (await (await fetch(`${BASE_URL}/api/v1/channels`, { headers })).json()) as {
    resources: { id: number; name: string; number: number }[];
  };
  const channel = channels.resources.find((c) => c.number === 12) ?? channels.resources.at(-1)!;
  const from = Date.now() + 3 * HOUR;
  const url = `${BASE_URL}/api/v1/events?startTime=${from}&endTime=${from + 12 * HOUR}&channelId=${channel.id}`;
  const events = (await (await fetch(url, { headers })).json()) as { resources: Programme[] };
  const programme = events.resources.find((e) => e.startTime >= from && /\p{L}{5,}/u.test(e.title));
  if (!programme) throw new Error(`no programme with a word of 5 letters on ${channel.name} from ${new Date(from)}`);
  return { programme, channel: channel.name };
}

/** The title with one letter of its longest word left out: a slip the search forgives. */
function withSlip(title: string): string {
  const longest = title.split(/\s+/).reduce((a, b) => (b.length > a.length ? b : a), '');
  return title.replace(longest, longest.slice(0, 2) + longest.slice(3));
}

/** hh:mm in Madrid, as the guide writes times. */
const clock = (ms: number) =>
  new Intl.DateTimeFormat('es-ES', { timeZone: 'Europe/Madrid', hour: '2-digit', minute: '2-digit' }).format(ms);

for (const size of [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
]) {
  test(`at ${size.width} px, a programme typed with a slip is found and the guide jumps to its slot`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(size);
    const { programme, channel } = await laterProgramme();
    const guide = new GuidePage(page);
    await guide.signIn();
    await guide.goto();

    await page.getByRole('button', { name: 'Buscar' }).click();
    const search = page.getByRole('search', { name: 'Buscar en la guía' });
    await search.getByRole('searchbox').fill(withSlip(programme.title));
    const later = search.getByRole('region', { name: 'Más tarde' });
    const hit = later
      .getByRole('button')
      .filter({ hasText: programme.title })
      .filter({ hasText: channel })
      .filter({ hasText: `${clock(programme.startTime)}–` });
    await expect(hit).toBeVisible();
    await page.screenshot({ path: `test-results/guide-search-${size.width}.png` });
    await hit.click();

    await expect(search).toBeHidden();
    await expect(guide.overlay).toBeVisible();
    await expect(guide.overlay).toContainText(programme.title);
    await expect(guide.row(channel)).toBeVisible();
    await expect(page.locator(`[data-programme-id="${programme.id}"]`)).toBeVisible();
    // Above the panel, not under it: a phone's panel is taller than the spec's 220 px, and its
    // header wraps taller than the 200 px the spec's rows-per-page rule allows.
    await expect
      .poll(async () => {
        const [row, panel] = [await guide.row(channel).boundingBox(), await guide.overlay.boundingBox()];
        return row && panel ? panel.y - (row.y + row.height) : -999;
      })
      .toBeGreaterThanOrEqual(-1);
    await page.screenshot({ path: `test-results/guide-search-jumped-${size.width}.png` });
  });
}

test('the search says when nothing matches, and Escape closes it back to its button', async ({ page }) => {
  const guide = new GuidePage(page);
  await guide.signIn();
  await guide.goto();
  const toggle = page.getByRole('button', { name: 'Buscar' });
  await toggle.click();
  const search = page.getByRole('search', { name: 'Buscar en la guía' });
  await search.getByRole('searchbox').fill('zzqx wvvk');
  await expect(search).toContainText('Ningún programa de la guía coincide con «zzqx wvvk».');
  await page.keyboard.press('Escape');
  await expect(search).toBeHidden();
  await expect(toggle).toBeFocused();
});

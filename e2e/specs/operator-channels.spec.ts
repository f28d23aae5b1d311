import { expect, test } from '@playwright/test';
import { BASICO, DEMO } from '../fixtures/accounts';
import { apiToken, BASE_URL, signInDirectly } from '../fixtures/api';
import { GuidePage } from '../pages/guide-page';
import { OperatorChannelsPage } from '../pages/operator-channels-page';

/** A basic-package channel basico@ sees in the guide's first page; put back after the spec. */
const CHANNEL = { id: 6, name: 'Canal Sol', number: 6 };
const NEW_NUMBER = 906;
/** Another channel's drawn logo: a path on this server, so the guide loads it. */
const NEW_LOGO = '/api/v1/images/channel/7/logo.svg';

async function api(method: string, path: string, body: unknown): Promise<void> {
  const token = await apiToken(DEMO);
  const response = await fetch(`${BASE_URL}/api/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
}

test.describe('console channels and lineups', () => {
  test.afterAll(async () => {
    await api('PATCH', `/operator/channels/${CHANNEL.id}`, { number: CHANNEL.number, logoUrl: null });
  });

  test('an admin changes a channel number and logo, and the subscriber guide shows them', async ({ page, browser }) => {
    test.setTimeout(180_000);
    await signInDirectly(page, DEMO);
    const console = new OperatorChannelsPage(page);
    await console.gotoTable();
    await console.openChannel(CHANNEL.name);
    await console.number.fill(String(NEW_NUMBER));
    await console.logo.fill(NEW_LOGO);
    await console.save();
    await page.getByRole('link', { name: 'Volver a los canales' }).click();
    await console.search.fill(CHANNEL.name);
    await expect(console.row(CHANNEL.name).getByRole('cell').first()).toHaveText(String(NEW_NUMBER), {
      timeout: 20_000,
    });

    // The subscriber, in a browser of their own.
    const context = await browser.newContext();
    const subscriber = await context.newPage();
    await signInDirectly(subscriber, BASICO);
    const guide = new GuidePage(subscriber);
    await guide.goto();
    const entry = subscriber.locator('.guide-channel', {
      has: subscriber.locator('.visually-hidden', { hasText: CHANNEL.name }),
    });
    await expect(entry.locator('.guide-channel__number')).toHaveText(String(NEW_NUMBER), { timeout: 20_000 });
    await expect(entry.locator('img')).toHaveAttribute('src', NEW_LOGO);
    await context.close();
  });

  test('a lineup is reordered from the keyboard, with an announcement', async ({ page }) => {
    test.setTimeout(120_000);
    await signInDirectly(page, DEMO);
    const console = new OperatorChannelsPage(page);
    await console.gotoLineups();
    const lineupId = Number(await console.lineupPicker.inputValue());
    const second = console.lineupItems().nth(1);
    const name = (await second.locator('.lineup-row__name').textContent()) ?? '';
    const channelId = Number(await second.getAttribute('data-channel-id'));
    await second.focus();
    await page.keyboard.press('Alt+ArrowUp');
    await expect(console.announcement).toHaveText(new RegExp(`^${name} está ahora en la posición 1 de \\d+\\.$`), {
      timeout: 20_000,
    });
    await expect(console.lineupItems().first()).toHaveAttribute('data-channel-id', String(channelId));
    await expect(console.lineupRow(name)).toBeFocused();
    // The server has the new order: a reload shows it.
    await page.reload();
    await expect(console.lineupItems().first()).toHaveAttribute('data-channel-id', String(channelId), {
      timeout: 30_000,
    });
    await api('PUT', `/operator/lineups/${lineupId}/order`, { channelId, toPosition: 1 });
  });
});

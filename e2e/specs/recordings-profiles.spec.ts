import { expect, test, type Page } from '@playwright/test';
import { apiToken } from '../fixtures/api';
import { createAccount } from '../fixtures/new-account';
import { LoginPage } from '../pages/login-page';

/*
 * Issue 30: Mis grabaciones is each profile's own. A fresh account with two profiles sets a
 * reminder as its first profile; signed in, the first profile's Recordatorios list it, the second
 * profile's (after a switch from the header's account menu) is empty, and switching back shows it
 * again. A reminder needs no package, so a fresh account will do (chromium project).
 */

const SHOTS = '/tmp/shots/recordings-profiles';
const HOUR = 3_600_000;

/** Switches profile from the header: the account menu's "Cambiar de perfil", then the picker. */
async function switchTo(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: 'Tu cuenta' }).click();
  await page.getByRole('button', { name: /Cambiar de perfil/ }).click();
  const who = page.getByRole('dialog', { name: '¿Quién está viendo?' });
  await expect(who).toBeVisible();
  await who.getByRole('button', { name: new RegExp(name) }).click();
  await expect(who).toBeHidden();
}

/** Mis grabaciones' Recordatorios tab: its items' titles once listed (or its empty text). */
async function openReminders(page: Page) {
  const screen = page.locator('main.myrec');
  await expect(screen.getByRole('heading', { name: 'Mis grabaciones' })).toBeVisible();
  await screen.getByRole('tab', { name: 'Recordatorios' }).click();
  await expect(screen.getByRole('tab', { name: 'Recordatorios' })).toHaveAttribute('aria-selected', 'true');
  return screen;
}

for (const width of [390, 1440]) {
  test(`Mis grabaciones shows the current profile's reminders, and another profile's after a switch, at ${width} px`, async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    const account = await createAccount(request, `grab-perfiles-${width}`);
    const auth = { authorization: `Bearer ${await apiToken(account)}` };

    // Two profiles: the account's first and one more.
    const listed = await request.get('/api/v1/profiles', { headers: auth });
    expect(listed.status()).toBe(200);
    const first = ((await listed.json()) as { resources: { id: number; name: string }[] }).resources[0]!;
    const created = await request.post('/api/v1/profiles', { headers: auth, data: { name: 'Segundo', kind: 'adult' } });
    expect(created.status(), await created.text()).toBe(201);

    // As the first profile: a reminder of a programme of tomorrow.
    const selected = await request.post(`/api/v1/profiles/${first.id}/select`, { headers: auth, data: {} });
    expect(selected.status()).toBe(200);
    const firstHeaders = {
      ...auth,
      'x-pantalla-profile': ((await selected.json()) as { profileToken: string }).profileToken,
    };
    const tomorrow = new Date(Date.now() + 24 * HOUR).toISOString().slice(0, 10);
    const day = await request.get(`/api/v1/epg/1/${tomorrow}?tz=UTC`, { headers: auth });
    expect(day.status()).toBe(200);
    const programme = (
      (await day.json()) as { events: { id_event: number; title: string; startTime: number }[] }
    ).events.find((e) => e.startTime > Date.now() + 2 * HOUR);
    if (!programme) throw new Error('no programme of tomorrow on channel 1');
    const reminder = await request.post('/api/v1/reminders', {
      headers: firstHeaders,
      data: { eventId: programme.id_event },
    });
    expect(reminder.status(), await reminder.text()).toBe(201);

    // Signed in: two profiles, none chosen on this device, so "¿Quién está viendo?".
    const login = new LoginPage(page);
    await login.goto();
    await login.login(account.email, account.password);
    const who = page.getByRole('dialog', { name: '¿Quién está viendo?' });
    await who.getByRole('button', { name: new RegExp(first.name) }).click();
    await expect(who).toBeHidden();

    await page.goto('/recordings/');
    let screen = await openReminders(page);
    await expect(screen.getByTestId('recordings-profile')).toHaveText(`Perfil: ${first.name}`);
    const item = screen.getByTestId('reminder-item');
    await expect(item).toHaveCount(1);
    await expect(item).toContainText(programme.title);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.screenshot({ path: `${SHOTS}/first-${width}.png` });

    // The second profile: nothing of the first's.
    await switchTo(page, 'Segundo');
    await expect(page).toHaveURL(/\/recordings\/$/);
    screen = await openReminders(page);
    await expect(screen.getByTestId('recordings-profile')).toHaveText('Perfil: Segundo');
    await expect(screen.getByText('No tienes recordatorios.')).toBeVisible();
    await expect(screen.getByTestId('reminder-item')).toHaveCount(0);
    await screen.getByRole('tab', { name: 'Grabadas' }).click();
    await expect(screen.getByText('Aún no tienes grabaciones.')).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/second-${width}.png` });

    // Back to the first: its reminder again.
    await switchTo(page, first.name);
    screen = await openReminders(page);
    await expect(screen.getByTestId('reminder-item')).toContainText(programme.title);
  });
}

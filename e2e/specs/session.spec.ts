import { expect, test, type Page } from '@playwright/test';
import { DEMO, REFRESH_COOKIE, USER_INFO_COOKIE } from '../fixtures/accounts';
import { readScriptStorage } from '../fixtures/script-storage';
import { HomePage } from '../pages/home-page';
import { LoginPage } from '../pages/login-page';

const SIXTY_DAYS_S = 60 * 24 * 60 * 60;

async function signIn(page: Page, rememberMe: boolean) {
  const login = new LoginPage(page);
  await login.goto();
  await login.login(DEMO.email, DEMO.password, { rememberMe });
  await new HomePage(page).expectSignedInAs(DEMO.email);
}

test.describe('session', () => {
  test('without remember-me no cookie persists', async ({ page, context }) => {
    await signIn(page, false);
    const cookies = await context.cookies();
    const refresh = cookies.find((c) => c.name === REFRESH_COOKIE);
    expect(refresh, 'refresh cookie').toBeDefined();
    expect(refresh!.expires).toBe(-1);
    expect(refresh!.httpOnly).toBe(true);
    expect(refresh!.secure).toBe(true);
    expect(refresh!.sameSite).toBe('Strict');
    expect(cookies.filter((c) => c.expires !== -1).map((c) => c.name)).toEqual([]);
  });

  test('with remember-me the refresh cookie lives 60 days', async ({ page, context }) => {
    await signIn(page, true);
    const cookies = await context.cookies();
    const refresh = cookies.find((c) => c.name === REFRESH_COOKIE)!;
    const now = Date.now() / 1000;
    expect(refresh.expires).toBeGreaterThan(now + SIXTY_DAYS_S - 3600);
    expect(refresh.expires).toBeLessThan(now + SIXTY_DAYS_S + 3600);
    expect(refresh.httpOnly).toBe(true);
    const info = cookies.find((c) => c.name === `${USER_INFO_COOKIE}.0`)!;
    expect(info.secure).toBe(true);
    expect(info.sameSite).toBe('Strict');
    expect(info.expires).toBeGreaterThan(now + SIXTY_DAYS_S - 3600);
  });

  test('a reload keeps the session', async ({ page }) => {
    await signIn(page, true);
    await page.reload();
    await new HomePage(page).expectSignedInAs(DEMO.email);
    await page.goto('/settings/');
    await expect(page).toHaveURL('/settings/');
    await expect(page.getByRole('heading', { name: 'Ajustes', level: 1 })).toBeVisible();
  });

  test('a reload keeps the session without remember-me too (same browser session)', async ({ page }) => {
    await signIn(page, false);
    await page.reload();
    await new HomePage(page).expectSignedInAs(DEMO.email);
  });

  test('several tabs opening at once stay signed in (refreshes take turns)', async ({ page, context }) => {
    await signIn(page, true);
    const others = await Promise.all([context.newPage(), context.newPage(), context.newPage()]);
    await Promise.all([...others.map((p) => p.goto('/')), page.reload()]);
    for (const tab of [page, ...others]) await new HomePage(tab).expectSignedInAs(DEMO.email);
    // The family survived: one more reload still restores the session.
    await page.reload();
    await new HomePage(page).expectSignedInAs(DEMO.email);
  });

  test('no password, hash, PIN or token is readable by script', async ({ page, context }) => {
    await signIn(page, true);
    const refreshValue = (await context.cookies()).find((c) => c.name === REFRESH_COOKIE)!.value;
    const storage = await readScriptStorage(page);
    const everything = decodeURIComponent(JSON.stringify(storage));
    expect(storage.cookie).not.toContain(REFRESH_COOKIE);
    expect(everything).not.toContain(refreshValue);
    expect(everything).not.toContain(DEMO.password);
    expect(everything).not.toMatch(/\$(argon2|scrypt)|hashedLoginPassword|pinparental|"pin"|refreshToken|idToken/i);
    // No JWT (the idToken) anywhere: it lives in memory only.
    expect(everything).not.toMatch(/eyJ[\w-]+\.[\w-]+\.[\w-]+/);
    // The PIN 1234 must not appear outside the password-free display info.
    expect(everything.replaceAll(DEMO.email, '')).not.toMatch(/(^|[^\d])1234([^\d]|$)/);
    // The user-info cookie is there, holding display info only.
    expect(storage.cookie).toContain(`${USER_INFO_COOKIE}.0=`);
    expect(everything).toContain(DEMO.email);
  });
});

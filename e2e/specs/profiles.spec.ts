import { expect, test } from '@playwright/test';
import { createAccount } from '../fixtures/new-account';
import { LoginPage } from '../pages/login-page';
import { PlayerPage } from '../pages/player-page';

/*
 * Issue 30, profiles: a fresh account creates a kids profile in /settings/, signs in again and
 * picks it in "¿Quién está viendo?" (keyboard at 1440 px, a tap at 390 px); from then on its
 * requests carry the server-signed profile token, the choice is remembered on the device, and
 * the adult section is refused to it.
 */
for (const width of [390, 1440]) {
  test(`a kids profile created in settings, picked in "¿Quién está viendo?" and refused the adult section at ${width} px`, async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const account = await createAccount(request, `perfiles-${width}`);
    await new PlayerPage(page).signInThroughForm(account);
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });

    // Settings: a kids profile with its own picture.
    await page.goto('/settings/');
    const section = page.getByRole('region', { name: 'Perfiles' });
    await expect(section).toBeVisible();
    await section.getByRole('button', { name: 'Añadir perfil' }).click();
    await section.getByLabel('Nombre').fill('Peques');
    await section.getByRole('radio', { name: 'Gato' }).check({ force: true });
    await section.getByLabel('Tipo').selectOption('kids');
    await section.getByRole('button', { name: 'Crear perfil' }).click();
    await expect(section.getByRole('status')).toContainText('Perfil creado.');
    await expect(section.locator('[data-profile="Peques"]')).toContainText('Infantil');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    // Signed in again: two profiles and none chosen on this device, so "¿Quién está viendo?".
    await page.context().clearCookies();
    const login = new LoginPage(page);
    await login.goto();
    await login.login(account.email, account.password);
    const who = page.getByRole('dialog', { name: '¿Quién está viendo?' });
    await expect(who).toBeVisible();
    const peques = who.getByRole('button', { name: /Peques/ });
    await expect(peques).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    const withToken = page.waitForRequest(
      (r) => r.url().includes('/api/v1/') && (r.headers()['x-pantalla-profile'] ?? '').split('.').length === 3,
    );
    if (width === 1440) {
      // Keyboard: the focus starts on the first profile; the arrow moves to the next.
      await expect(who.getByRole('button').first()).toBeFocused();
      await page.keyboard.press('ArrowRight');
      await expect(peques).toBeFocused();
      await page.keyboard.press('Enter');
    } else {
      await peques.click();
    }
    await expect(who).toBeHidden();
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('pantalla.profile') ?? 'null') as unknown);
    expect(stored).toMatchObject({ name: 'Peques', kind: 'kids', email: account.email });

    // The adult section is refused to it; its requests carry the signed token.
    await page.goto('/gid/162');
    await expect(
      page.getByRole('alert').filter({ hasText: 'Un perfil infantil no puede entrar en la sección de adultos.' }),
    ).toBeVisible();
    await withToken;
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // Remembered on the device: a reload asks nothing and still refuses.
    await page.reload();
    await expect(page.getByRole('alert').filter({ hasText: 'Un perfil infantil' })).toBeVisible();
    await expect(who).toBeHidden();

    // Its settings are its own: only itself, nothing to add.
    await page.goto('/settings/');
    await expect(section.locator('[data-profile="Peques"]')).toBeVisible();
    await expect(section.locator('[data-profile]')).toHaveCount(1);
    await expect(section.getByRole('button', { name: 'Añadir perfil' })).toHaveCount(0);
  });
}

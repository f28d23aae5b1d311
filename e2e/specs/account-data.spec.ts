import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { axeViolations } from '../fixtures/axe';
import { createAccount } from '../fixtures/new-account';
import { LoginPage } from '../pages/login-page';
import { PlayerPage } from '../pages/player-page';

/*
 * Issue 26, the account is theirs: a fresh account downloads its data from /settings/, then
 * deletes itself with its password, and its sign-in is refused afterwards. In Spanish and
 * English, at 390 and 1440 px.
 */
const TEXTS = {
  es: {
    region: 'Tus datos y tu cuenta',
    export: 'Descargar mis datos',
    downloaded: 'Tus datos se han descargado.',
    password: 'Contraseña de la cuenta',
    delete: 'Eliminar mi cuenta',
    forever: 'Sí, eliminar para siempre',
    wrong: 'La contraseña de la cuenta no es correcta.',
    confirm: '¿Seguro? Tu cuenta y tus datos se borrarán para siempre.',
  },
  en: {
    region: 'Your data and your account',
    export: 'Download my data',
    downloaded: 'Your data has been downloaded.',
    password: 'Account password',
    delete: 'Delete my account',
    forever: 'Yes, delete for good',
    wrong: 'The account password is incorrect.',
    confirm: 'Are you sure? Your account and your data will be erased for good.',
  },
} as const;

for (const lang of ['es', 'en'] as const) {
  for (const width of [390, 1440]) {
    test(`${lang}: a fresh account downloads its data and deletes itself at ${width} px`, async ({ page, request }) => {
      test.setTimeout(120_000);
      const x = TEXTS[lang];
      const account = await createAccount(request, `borrar-${lang}-${width}`);
      // Signed in at the default size (the header's sign-out button is its proof), then at the width under test.
      await new PlayerPage(page).signInThroughForm(account);
      await page.evaluate((language) => localStorage.setItem('pantalla.language', language), lang);
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await page.goto('/settings/');
      const section = page.getByRole('region', { name: x.region });
      await expect(section).toBeVisible();
      await section.scrollIntoViewIfNeeded();
      const serious = (await axeViolations(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(serious, JSON.stringify(serious, null, 1)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

      // The download: a JSON file with the account, its sign-ins and every module's part.
      const downloading = page.waitForEvent('download');
      await section.getByRole('button', { name: x.export }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toBe('pantalla-datos.json');
      const data = JSON.parse(await readFile(await download.path(), 'utf8')) as Record<string, unknown>;
      expect(data).toMatchObject({
        account: { email: account.email, name: 'Ana', surname: 'Ajustes' },
        purchases: { purchases: [] },
        viewing: { keepWatching: [] },
        playback: { streamSessions: [] },
      });
      expect((data.signIns as unknown[]).length).toBeGreaterThan(0);
      await expect(section.getByText(x.downloaded)).toBeVisible();

      // The deletion: a wrong password is refused, the right one asks once more, then signs out.
      const password = section.getByLabel(x.password);
      await password.fill('no-es-la-clave');
      await section.getByRole('button', { name: x.delete }).click();
      await section.getByRole('button', { name: x.forever }).click();
      await expect(section.getByText(x.wrong)).toBeVisible();
      await password.fill(account.password);
      await section.getByRole('button', { name: x.delete }).click();
      await expect(section.getByText(x.confirm)).toBeVisible();
      await section.screenshot({ path: test.info().outputPath(`account-data-${lang}-${width}.png`) });
      await page.screenshot({ path: test.info().outputPath(`settings-${lang}-${width}.png`), fullPage: true });
      await section.getByRole('button', { name: x.forever }).click();

      // Signed out; the address and password sign in no more (the sign-in form read in Spanish).
      await page.evaluate(() => localStorage.setItem('pantalla.language', 'es'));
      await page.reload();
      const login = new LoginPage(page);
      await expect(login.heading).toBeVisible();
      await login.login(account.email, account.password);
      await expect(login.alert).toBeVisible();
      await expect(login.heading).toBeVisible();
      const refused = await request.post('/api/v1/login', {
        data: { flow: 'password', username: account.email, password: account.password },
      });
      expect(refused.status()).toBe(400);
    });
  }
}

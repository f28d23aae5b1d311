import { expect, test } from '@playwright/test';
import { signInDirectly } from '../fixtures/api';
import { lastMailId, waitForMail } from '../fixtures/mailbox';
import { createAccount } from '../fixtures/new-account';

/*
 * Issue 26, the account is theirs: a fresh account asks in /settings/ to change its address
 * with its password; the link mailed to the new address confirms it, the old address is told,
 * and sign-in works with the new address only. In Spanish and English, at 390 and 1440 px.
 */
const SHOTS = process.env.E2E_SHOTS ?? '/tmp/f-shots';
const SIZES = [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
] as const;
const TEXTS = {
  es: {
    section: 'Correo electrónico',
    newAddress: 'Nueva dirección de correo electrónico',
    password: 'Contraseña de tu cuenta',
    submit: 'Cambiar correo electrónico',
    wrong: 'La contraseña de la cuenta no es correcta.',
    sent: 'Te hemos enviado un enlace a',
    pending: 'Cambio pendiente',
    confirmSubmit: 'Confirmar el cambio',
    confirmed: 'Listo: tu cuenta usa ahora',
    toSettings: 'Ir a Ajustes',
    used: 'no es válido, ya se ha usado o ha caducado',
    loginEmail: 'Correo electrónico',
    loginPassword: 'Contraseña',
    loginSubmit: 'Iniciar sesión',
    logout: 'Cerrar sesión',
  },
  en: {
    section: 'E-mail address',
    newAddress: 'New e-mail address',
    password: 'Your account password',
    submit: 'Change e-mail address',
    wrong: 'The account password is incorrect.',
    sent: 'We have sent a link to',
    pending: 'Change pending',
    confirmSubmit: 'Confirm the change',
    confirmed: 'Done: your account now uses',
    toSettings: 'Go to Settings',
    used: 'is not valid, has already been used or has expired',
    loginEmail: 'Email',
    loginPassword: 'Password',
    loginSubmit: 'Sign in',
    logout: 'Sign out',
  },
} as const;

for (const lang of ['es', 'en'] as const) {
  for (const size of SIZES) {
    test(`${lang} ${size.width} px: the address changes through the link mailed to the new one`, async ({
      page,
      request,
    }) => {
      test.setTimeout(120_000);
      const x = TEXTS[lang];
      const account = await createAccount(request, `correo-${lang}-${size.width}`);
      const next = `nuevo-${account.email}`;
      await page.setViewportSize(size);
      await page.addInitScript((language) => globalThis.localStorage.setItem('pantalla.language', language), lang);
      await signInDirectly(page, account);
      await page.goto('/settings/');
      const section = page.getByRole('region', { name: x.section, exact: true });
      await expect(section.getByTestId('current-email')).toHaveText(account.email);

      // A wrong password is refused on the section, in the page's language.
      await section.getByLabel(x.newAddress).fill(next);
      await section.getByLabel(x.password).fill('no-es-la-clave');
      await section.getByRole('button', { name: x.submit }).click();
      await expect(section.getByRole('alert')).toHaveText(x.wrong);

      const oldSince = await lastMailId(request, account.email);
      await section.getByLabel(x.password).fill(account.password);
      await section.getByRole('button', { name: x.submit }).click();
      await expect(section.getByRole('status').filter({ hasText: x.sent })).toContainText(next);
      await page.reload();
      await expect(section.getByRole('status').filter({ hasText: x.pending })).toContainText(next);
      await section.scrollIntoViewIfNeeded();
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await section.screenshot({ path: `${SHOTS}/email-section-${lang}-${size.width}.png` });

      // The old address is told; the new one gets the link.
      const told = await waitForMail(request, account.email, oldSince);
      expect(told.subject).toContain('Se ha pedido cambiar el correo electrónico');
      const mail = await waitForMail(request, next);
      const link = /https?:\/\/[^\s"<>]+\/confirm-email\/[^\s"<>]+/.exec(mail.text)?.[0];
      if (!link) throw new Error(`No link in: ${mail.text}`);
      await page.goto(new URL(link).pathname);
      await page.getByRole('button', { name: x.confirmSubmit }).click();
      await expect(page.getByRole('status')).toContainText(`${x.confirmed} ${next}`);
      await page.screenshot({ path: `${SHOTS}/email-confirmed-${lang}-${size.width}.png`, fullPage: true });
      await page.getByRole('link', { name: x.toSettings }).click();
      await expect(section.getByTestId('current-email')).toHaveText(next);
      // The link works once.
      await page.goto(new URL(link).pathname);
      await page.getByRole('button', { name: x.confirmSubmit }).click();
      await expect(page.getByRole('alert')).toContainText(x.used);

      // Signed out, the new address signs in through the form; the old one is refused.
      await page.context().clearCookies();
      await page.goto('/');
      await page.getByLabel(x.loginEmail, { exact: true }).fill(next);
      await page.getByLabel(x.loginPassword, { exact: true }).fill(account.password);
      await page.getByRole('button', { name: x.loginSubmit }).click();
      // Signed in: the form gives way to the home (sign-out sits in the menu on a phone).
      await expect(page.getByLabel(x.loginPassword, { exact: true })).toHaveCount(0);
      if (size.width >= 1024) await expect(page.getByRole('button', { name: x.logout })).toBeVisible();
      const refused = await request.post('/api/v1/login', {
        data: { flow: 'password', username: account.email, password: account.password },
      });
      expect(refused.status()).toBe(400);
      const changed = await waitForMail(request, account.email, told.id);
      expect(changed.subject).toContain('ha cambiado');
    });
  }
}

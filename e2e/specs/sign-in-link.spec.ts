import { expect, test, type APIRequestContext } from '@playwright/test';
import { axeViolations } from '../fixtures/axe';
import { lastMailId, waitForMail } from '../fixtures/mailbox';
import { createAccount, type NewAccount } from '../fixtures/new-account';
import { HomePage } from '../pages/home-page';
import { LoginPage } from '../pages/login-page';
import { SignInLinkPage, signInLinkPath } from '../pages/sign-in-link-page';

/**
 * An account under attack (five wrong passwords from elsewhere): the right password in an
 * unknown browser gets the mailed-link step instead of a session; the link from the outbox
 * signs in once and remembers the browser, whose password alone works from then on.
 */
const SHOTS = '/tmp/shots/sign-in-link';

/** A fresh account of its own with five wrong passwords against it: under attack, not yet waiting. */
async function attackedAccount(request: APIRequestContext): Promise<NewAccount> {
  const account = await createAccount(request, 'enlace');
  for (let i = 0; i < 5; i++) {
    const res = await request.post('/api/v1/login', {
      data: { flow: 'password', username: account.email, password: 'adivina-123' },
    });
    expect(res.status()).toBe(400);
  }
  return account;
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
]) {
  test.describe(`${viewport.width} px`, () => {
    test.use({ viewport, hasTouch: viewport.width < 1024 });

    test('the mailed link completes the sign-in once and remembers this browser', async ({ page, request }) => {
      const account = await attackedAccount(request);
      const since = await lastMailId(request, account.email);
      const login = new LoginPage(page);
      const link = new SignInLinkPage(page);
      await login.goto();
      await login.login(account.email, account.password);
      await expect(link.stepHeading).toBeVisible();
      await expect(link.stepHeading).toBeFocused();
      await expect(link.stepText).toBeVisible();
      await expect(page.getByText(account.email)).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/step-${viewport.width}.png`, fullPage: true });
      expect(await axeViolations(page)).toEqual([]);

      // Back to the form, which keeps the email; no session came without the mail.
      await link.backToForm.click();
      await expect(login.email).toHaveValue(account.email);
      expect((await page.context().cookies()).some((c) => c.name === 'pantalla_rt')).toBe(false);

      const path = signInLinkPath(await waitForMail(request, account.email, since));
      await link.open(path);
      await page.screenshot({ path: `${SHOTS}/link-${viewport.width}.png`, fullPage: true });
      expect(await axeViolations(page)).toEqual([]);
      await link.submit.click();
      const home = new HomePage(page);
      await home.expectSignedInAs(account.email);

      // Single use: the same link again is refused.
      await link.open(path);
      await link.submit.click();
      await expect(link.invalid).toHaveText('El enlace para iniciar sesión no es válido o ha caducado.');
      await page.screenshot({ path: `${SHOTS}/used-${viewport.width}.png`, fullPage: true });
      await link.backToLogin.click();

      // This browser is remembered: the password alone signs in, though the account is still under attack.
      await home.expectSignedInAs(account.email);
      await page.context().clearCookies({ name: 'pantalla_rt' });
      await page.context().clearCookies({ name: /^pantalla_ui/ });
      await login.goto();
      await login.login(account.email, account.password);
      await home.expectSignedInAs(account.email);
    });
  });
}

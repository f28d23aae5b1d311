import { expect, test } from '@playwright/test';
import { BASICO } from '../fixtures/accounts';
import { signInDirectly } from '../fixtures/api';

/*
 * Issue 29: «Avisarme también en este dispositivo» in Mis grabaciones › Recordatorios. Headless
 * Chromium here reaches no real push service (FCM), so the subscription itself may fail: the spec
 * checks the permission flow, the service worker registered at / from /sw.js, and that the
 * screen says what happened. Delivery and decryption are proven by the API tests' local push
 * service (apps/server/src/modules/recordings/push.api.test.ts).
 */

const SHOTS = '/tmp/shots/push-reminders';

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
]) {
  test.describe(`push reminders at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('with notifications allowed, the control registers the service worker and says the outcome', async ({
      page,
      context,
    }) => {
      await context.grantPermissions(['notifications']);
      const sw = await page.request.get('/sw.js');
      expect(sw.status()).toBe(200);
      expect(sw.headers()['cache-control']).toBe('no-cache');
      await signInDirectly(page, BASICO);
      await page.goto('/recordings/');
      await page.getByRole('tab', { name: 'Recordatorios' }).click();
      const control = page.getByTestId('push-device');
      const turnOn = control.getByRole('button', { name: 'Avisarme también en este dispositivo' });
      await expect(turnOn).toBeEnabled();
      await turnOn.click();
      const scope = await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.ready;
        return { scope: registration.scope, script: registration.active?.scriptURL ?? '' };
      });
      expect(new URL(scope.scope).pathname).toBe('/');
      expect(new URL(scope.script).pathname).toBe('/sw.js');
      // Subscribed (a push service answered) or said plainly that the browser could not subscribe.
      await expect(
        control
          .getByRole('status')
          .filter({ hasText: 'Este dispositivo recibirá tus recordatorios' })
          .or(control.getByRole('alert').filter({ hasText: 'El navegador no pudo suscribirse' })),
      ).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/allowed-${viewport.width}.png` });
    });

    test('with notifications refused, the control says so and subscribes nothing', async ({ page, context }) => {
      await context.clearPermissions();
      await signInDirectly(page, BASICO);
      await page.goto('/recordings/');
      await page.getByRole('tab', { name: 'Recordatorios' }).click();
      const control = page.getByTestId('push-device');
      await control.getByRole('button', { name: 'Avisarme también en este dispositivo' }).click();
      await expect(control.getByRole('alert')).toHaveText(/bloqueadas las notificaciones|No has dado permiso/);
      expect(await page.evaluate(async () => Boolean(await navigator.serviceWorker.getRegistration('/')))).toBe(false);
      await page.screenshot({ path: `${SHOTS}/refused-${viewport.width}.png` });
    });
  });
}

import { expect, test } from '@playwright/test';
import { waitForMail } from '../fixtures/mailbox';
import { emplayer, PlayerPage } from '../pages/player-page';
import { newEmail, RegisterPage } from '../pages/register-page';

/*
 * A visitor creates an account in the browser, confirms it from the mail in the outbox and
 * watches what the sign-up packages (basic and welcome) allow. The account is new, so its
 * two device slots are its own: this runs beside the other specs.
 */
const BASIC_CHANNEL = emplayer([1, 'Pantalla Uno', 'LIVE', 2, 1, null, 0]);
/** Cine Estreno: package 2, not among the sign-up packages. */
const PREMIUM_CHANNEL = emplayer([10, 'Cine Estreno', 'LIVE', 2, 10, null, 0]);

function confirmationPath(text: string): string {
  const match = /https?:\/\/[^\s"<>]+\/confirm\/[\w-]+/.exec(text);
  if (!match) throw new Error(`No confirmation link in: ${text}`);
  return new URL(match[0]).pathname;
}

test('a new Latin-American account confirms its address from the mail and watches what its packages allow', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const account = { email: newEmail('nuevo'), password: 'bienvenida1' };
  const form = new RegisterPage(page);
  await form.goto('/register/');
  await form.fill({
    name: 'Mateo',
    secondName: 'Rojas',
    email: account.email,
    password: account.password,
    country: 'MX',
    sport: 'Fútbol',
    birthday: '1988-11-03',
  });
  await form.submit.click();
  await expect(page.getByText('Tu registro se ha completado con éxito.')).toBeVisible();

  const mail = await waitForMail(request, account.email);
  expect(mail.subject).toBe('Confirma tu cuenta de Pantalla');
  const link = confirmationPath(mail.text);

  // Unconfirmed, the account signs in and is reminded.
  const player = new PlayerPage(page);
  await player.signInThroughForm(account);
  await expect(
    page.getByText(`Confirma tu correo electrónico: te hemos enviado un enlace a ${account.email}.`),
  ).toBeVisible();
  const userInfo = (await page.context().cookies()).find((c) => c.name === 'pantalla_ui.0')?.value ?? '';
  expect(decodeURIComponent(userInfo)).toContain('"regionId":3');

  await page.goto(link);
  await expect(page.getByText('Tu correo electrónico está confirmado. ¡Gracias!')).toBeVisible();
  await page.getByRole('link', { name: 'Volver al inicio' }).click();
  await expect(page.getByRole('button', { name: 'Cerrar sesión' })).toBeVisible();
  await expect(page.getByText(/Confirma tu correo electrónico/)).toBeHidden();
  await page.goto(link);
  await expect(page.getByText('El enlace de confirmación no es válido o ha caducado.')).toBeVisible();

  // The basic package plays; a premium channel offers the purchase.
  await player.goto(BASIC_CHANNEL);
  await expect(player.title).toContainText('Pantalla Uno');
  await player.expectPlayingPast(0);
  await player.expectAdvancing();
  await player.goto(PREMIUM_CHANNEL);
  const prompt = page.getByRole('alertdialog', { name: 'No tienes derechos de acceso a este contenido' });
  await expect(prompt).toBeVisible();
  await expect(prompt).toContainText('¿Quieres comprarlo?');
});

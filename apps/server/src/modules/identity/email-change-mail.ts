import { escapeHtml, type MailMessage } from './mail';

/** E-mail change mails (issue 26), in Spanish as every identity mail. */

const when = (at: number) => new Date(at).toISOString().replace('T', ' ').slice(0, 16);

/** Paragraphs to text and HTML; `link` adds a button-like anchor after the first paragraph. */
function build(
  to: string,
  subject: string,
  operatorName: string,
  lines: string[],
  link?: { label: string; href: string },
): MailMessage {
  const text = [
    'Hola:',
    '',
    ...lines.flatMap((line, i) => (i === 0 && link ? [line, '', link.href, ''] : [line, ''])),
    `El equipo de ${operatorName}`,
  ].join('\n');
  const html = [
    '<p>Hola:</p>',
    ...lines.flatMap((line, i) => {
      const p = `<p>${escapeHtml(line)}</p>`;
      return i === 0 && link
        ? [
            p,
            `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>`,
            `<p>Si el enlace no funciona, copia esta dirección en tu navegador:<br>${escapeHtml(link.href)}</p>`,
          ]
        : [p];
    }),
    `<p>El equipo de ${escapeHtml(operatorName)}</p>`,
  ].join('\n');
  return { to, subject, text, html };
}

/** To the new address: the link that confirms it. */
export function emailChangeLinkMail(input: {
  to: string;
  operatorName: string;
  link: string;
  validHours: number;
}): MailMessage {
  const { to, operatorName, link, validHours } = input;
  return build(
    to,
    `Confirma tu nuevo correo electrónico de ${operatorName}`,
    operatorName,
    [
      `Has pedido que esta dirección sea la de tu cuenta de ${operatorName}. Para confirmarlo, abre este enlace (caduca en ${validHours} horas y solo puede usarse una vez):`,
      'Hasta que lo abras, tu cuenta sigue usando la dirección anterior. Si no has sido tú, ignora este mensaje.',
    ],
    { label: 'Confirmar mi nuevo correo electrónico', href: link },
  );
}

/** To the current address: a change was asked for, and how to stop it. */
export function emailChangeRequestedMail(input: {
  to: string;
  operatorName: string;
  newEmail: string;
  at: number;
}): MailMessage {
  const { to, operatorName, newEmail, at } = input;
  return build(to, `Se ha pedido cambiar el correo electrónico de tu cuenta de ${operatorName}`, operatorName, [
    `El ${when(at)} (UTC) se pidió que tu cuenta de ${operatorName} use la dirección ${newEmail} en lugar de esta. El cambio solo se hará si se abre el enlace que hemos enviado a esa dirección.`,
    'Si no has sido tú, cambia tu contraseña cuanto antes (en Ajustes, o con «¿Has olvidado tu contraseña?» en la pantalla de inicio de sesión): al cambiarla, el enlace deja de funcionar y se cierra la sesión en tus otros dispositivos.',
  ]);
}

/** To the former address once the change is done. */
export function emailChangedMail(input: {
  to: string;
  operatorName: string;
  newEmail: string;
  at: number;
}): MailMessage {
  const { to, operatorName, newEmail, at } = input;
  return build(to, `El correo electrónico de tu cuenta de ${operatorName} ha cambiado`, operatorName, [
    `El ${when(at)} (UTC) tu cuenta de ${operatorName} pasó a usar la dirección ${newEmail}. Desde ahora se inicia sesión con ella y los avisos de la cuenta llegan allí.`,
    `Si no has sido tú, responde a este mensaje o contacta con ${operatorName} para recuperar tu cuenta.`,
  ]);
}

/** To an address that already has an account, when another account asked to use it: nothing changes. */
export function emailChangeTakenMail(input: { to: string; operatorName: string; at: number }): MailMessage {
  const { to, operatorName, at } = input;
  return build(to, `Tu dirección ya tiene una cuenta de ${operatorName}`, operatorName, [
    `El ${when(at)} (UTC) alguien pidió usar esta dirección en otra cuenta de ${operatorName}. Como ya tienes una cuenta con ella, no se ha cambiado nada.`,
    'Si fuiste tú, inicia sesión con esta dirección (o recupera la contraseña con «¿Has olvidado tu contraseña?»). Si no, puedes ignorar este mensaje.',
  ]);
}

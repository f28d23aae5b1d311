import { escapeHtml, inertText, type MailMessage } from './mail';

/** The registration mail, in Spanish, as text and HTML: a welcome and the confirmation link. The name is the user's: made inert, never a link. */
export function confirmationMail(input: {
  to: string;
  name: string;
  operatorName: string;
  link: string;
  validDays: number;
}): MailMessage {
  const { to, operatorName, link, validDays } = input;
  const subject = `Confirma tu cuenta de ${operatorName}`;
  const greeting = input.name ? `Hola, ${inertText(input.name)}:` : 'Hola:';
  const text = [
    greeting,
    '',
    `Gracias por registrarte en ${operatorName}. Para confirmar tu correo electrónico, abre este enlace (caduca en ${validDays} días y solo puede usarse una vez):`,
    '',
    link,
    '',
    'Si no has creado tú esta cuenta, ignora este mensaje.',
    '',
    `El equipo de ${operatorName}`,
  ].join('\n');
  const name = escapeHtml(operatorName);
  const href = escapeHtml(link);
  const html = [
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>Gracias por registrarte en ${name}. Para confirmar tu correo electrónico, pulsa el enlace:</p>`,
    `<p><a href="${href}">Confirmar mi correo electrónico</a></p>`,
    `<p>El enlace caduca en ${validDays} días y solo puede usarse una vez. Si no funciona, copia esta dirección en tu navegador:<br>${href}</p>`,
    '<p>Si no has creado tú esta cuenta, ignora este mensaje.</p>',
    `<p>El equipo de ${name}</p>`,
  ].join('\n');
  return { to, subject, text, html };
}

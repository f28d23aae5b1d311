import { escapeHtml, type MailMessage } from './mail';

/** A sign-in link works once, for 15 minutes. */
export const SIGN_IN_LINK_TTL_MS = 15 * 60 * 1000;

/** The web app's address a sign-in link opens (the token is redacted from logs). */
export const signInLinkPath = (token: string) => `/signin/${token}`;

/** The sign-in link mail, in Spanish, as text and HTML. */
export function signInLinkMail(to: string, operatorName: string, link: string): MailMessage {
  const subject = `Tu enlace para iniciar sesión en ${operatorName}`;
  const text = [
    'Hola:',
    '',
    `Alguien ha iniciado sesión en tu cuenta de ${operatorName} desde un dispositivo que no conocemos, con la contraseña correcta.`,
    'Como ha habido muchos intentos fallidos de inicio de sesión, para terminar abre este enlace en ese dispositivo (caduca en 15 minutos y solo puede usarse una vez):',
    '',
    link,
    '',
    'Si no has sido tú, no abras el enlace y cambia tu contraseña: alguien la conoce.',
    '',
    `El equipo de ${operatorName}`,
  ].join('\n');
  const name = escapeHtml(operatorName);
  const href = escapeHtml(link);
  const html = [
    '<p>Hola:</p>',
    `<p>Alguien ha iniciado sesión en tu cuenta de ${name} desde un dispositivo que no conocemos, con la contraseña correcta.</p>`,
    '<p>Como ha habido muchos intentos fallidos de inicio de sesión, para terminar abre este enlace en ese dispositivo:</p>',
    `<p><a href="${href}">Iniciar sesión</a></p>`,
    `<p>El enlace caduca en 15 minutos y solo puede usarse una vez. Si no funciona, copia esta dirección en tu navegador:<br>${href}</p>`,
    '<p>Si no has sido tú, no abras el enlace y cambia tu contraseña: alguien la conoce.</p>',
    `<p>El equipo de ${name}</p>`,
  ].join('\n');
  return { to, subject, text, html };
}

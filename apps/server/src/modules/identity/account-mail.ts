import { escapeHtml, type MailMessage } from './mail';

/** Told to the account's address when its password changed in the settings (issue 26), in Spanish as every mail. */
export function passwordChangedMail(input: { to: string; operatorName: string; at: number }): MailMessage {
  const { to, operatorName } = input;
  const when = new Date(input.at).toISOString().replace('T', ' ').slice(0, 16);
  const subject = `Tu contraseña de ${operatorName} ha cambiado`;
  const lines = [
    `La contraseña de tu cuenta de ${operatorName} se cambió el ${when} (UTC). Hemos cerrado la sesión en tus otros dispositivos.`,
    'Si no has sido tú, recupera tu cuenta con «¿Has olvidado tu contraseña?» en la pantalla de inicio de sesión y cambia la contraseña.',
  ];
  const text = ['Hola:', '', ...lines.flatMap((line) => [line, '']), `El equipo de ${operatorName}`].join('\n');
  const html = [
    '<p>Hola:</p>',
    ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    `<p>El equipo de ${escapeHtml(operatorName)}</p>`,
  ].join('\n');
  return { to, subject, text, html };
}

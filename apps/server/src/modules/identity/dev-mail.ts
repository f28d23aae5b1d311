import type { Mail } from '@pantalla/contracts';
import { escapeHtml } from './mail';
import type { OutboxRepository } from './outbox.repository';
import type { OutboxRow } from './tables';

/** How many messages the development mailbox shows. */
export const MAILBOX_SIZE = 100;

/** The development mailbox: reads the outbox. */
export class DevMailService {
  constructor(private readonly outbox: OutboxRepository) {}
  async latest(to?: string): Promise<Mail[]> {
    return (await this.outbox.latest(MAILBOX_SIZE, to)).map(toMail);
  }
}

function toMail(row: OutboxRow): Mail {
  return {
    id: row.id,
    to: row.to,
    subject: row.subject,
    text: row.text,
    html: row.html,
    createdAt: new Date(Number(row.createdAt)).toISOString(),
  };
}

const URL_PATTERN = /https?:\/\/[^\s<>"']+/g;

/** Escapes text and turns its http(s) addresses into links. */
export function linkify(text: string): string {
  let out = '';
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const url = match[0];
    const at = match.index;
    out += escapeHtml(text.slice(last, at));
    out += `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`;
    last = at + url.length;
  }
  return out + escapeHtml(text.slice(last));
}

/** The mailbox as a page, newest first, every address clickable. */
export function renderMailbox(mails: readonly Mail[]): string {
  const items = mails
    .map(
      (m) => `<article>
  <h2>${escapeHtml(m.subject)}</h2>
  <p class="meta">Para: <strong>${escapeHtml(m.to)}</strong> · <time datetime="${escapeHtml(m.createdAt)}">${escapeHtml(m.createdAt.replace('T', ' ').slice(0, 19))} UTC</time></p>
  <pre>${linkify(m.text)}</pre>
</article>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Correo saliente · Pantalla</title>
<style>
body { background: #141414; color: #eee; font: 16px/1.5 system-ui, sans-serif; margin: 0 auto; max-width: 60rem; padding: 1rem; }
article { background: #262626; border-radius: 6px; margin: 1rem 0; padding: 0.5rem 1rem; }
h2 { font-size: 1.1rem; margin: 0.5rem 0; }
.meta { color: #aaa; margin: 0; }
pre { white-space: pre-wrap; font: inherit; }
a { color: #7db7ff; }
</style>
</head>
<body>
<h1>Correo saliente</h1>
<p>Sin servidor SMTP configurado, los correos se guardan aquí (los más recientes primero). Esta página no existe en producción.</p>
${mails.length === 0 ? '<p>No hay ningún correo.</p>' : items}
</body>
</html>
`;
}

import nodemailer from 'nodemailer';
import type { Clock } from '../../platform/clock';
import type { Config } from '../../platform/config';
import type { OutboxRepository } from './outbox.repository';

/** One message: plain text always, HTML optionally. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** Sends mail; other modules (registration, receipts) get one from createMailer. */
export interface Mailer {
  /** Resolves once the message is accepted for delivery. */
  send(message: MailMessage): Promise<void>;
}

/** Keeps every message in the outbox table, readable at /dev/mail. */
export class OutboxMailer implements Mailer {
  constructor(
    private readonly outbox: OutboxRepository,
    private readonly clock: Clock,
  ) {}
  async send(message: MailMessage): Promise<void> {
    await this.outbox.insert({
      to: message.to.trim().toLowerCase(),
      subject: message.subject,
      text: message.text,
      html: message.html ?? null,
      createdAt: this.clock.now(),
    });
  }
}

/**
 * Delivers through SMTP. The SMTP conversation runs in the background: waiting for it
 * would make requests that send mail measurably slower than those that do not, which
 * tells an observer whether an account exists.
 */
export class SmtpMailer implements Mailer {
  private readonly transport: nodemailer.Transporter;
  constructor(
    smtpUrl: string,
    private readonly from: string,
    private readonly onError: (error: unknown) => void,
  ) {
    this.transport = nodemailer.createTransport(smtpUrl);
  }
  async send(message: MailMessage): Promise<void> {
    this.transport.sendMail({ from: this.from, ...message }).catch(this.onError);
  }
}

/** SMTP when SMTP_URL is set, otherwise the outbox. */
export function createMailer(
  config: Pick<Config, 'smtpUrl' | 'mailFrom'>,
  outbox: OutboxRepository,
  clock: Clock,
  onError: (error: unknown) => void,
): Mailer {
  return config.smtpUrl ? new SmtpMailer(config.smtpUrl, config.mailFrom, onError) : new OutboxMailer(outbox, clock);
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for HTML element content and attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

/** Lookalikes of the characters mail clients build links from: one dot leader, ratio, division slash, fullwidth at. */
const LINK_MARKS: Record<string, string> = { '.': '\u2024', ':': '\u2236', '/': '\u2215', '@': '\uff20' };

/**
 * User-given text (a name) made inert for a mail, text and HTML alike: mail clients turn
 * anything that looks like a URL, a dotted host name or an address into a link, so a name
 * like 'https://evil.example' would arrive as one under our name. Dots, colons, slashes and
 * at signs become lookalikes nobody's linkifier reads; line breaks, other control characters
 * and bidirectional overrides (which could fake lines or reorder text) go. Every mail builder
 * passes user-given text through this; only our own links stay links.
 */
export function inertText(value: string): string {
  return value
    .replace(/[\r\n\t]+/g, ' ')
    .replace(/[\p{Cc}\u202a-\u202e\u2066-\u2069]/gu, '')
    .replace(/[.:/@]/g, (c) => LINK_MARKS[c] ?? c);
}

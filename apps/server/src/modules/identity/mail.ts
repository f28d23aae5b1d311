import nodemailer from 'nodemailer';
import type { Deps } from '../../platform/module';
import { OutboxRepository } from './outbox.repository';

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
  private readonly outbox: OutboxRepository;
  constructor(private readonly deps: Deps) {
    this.outbox = new OutboxRepository(deps.db);
  }
  async send(message: MailMessage): Promise<void> {
    await this.outbox.insert({
      to: message.to.trim().toLowerCase(),
      subject: message.subject,
      text: message.text,
      html: message.html ?? null,
      createdAt: this.deps.clock.now(),
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
export function createMailer(deps: Deps, onError: (error: unknown) => void = (e) => console.error('mail delivery failed', e)): Mailer {
  const { smtpUrl, mailFrom } = deps.config;
  return smtpUrl ? new SmtpMailer(smtpUrl, mailFrom, onError) : new OutboxMailer(deps);
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for HTML element content and attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

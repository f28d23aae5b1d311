import { RESET_LINK_INVALID } from '@pantalla/contracts';
import { badRequest } from '../../platform/errors';
import type { Platform } from '../../platform/module';
import type { AttemptLimiter, Limit } from './attempt-limit';
import type { IdentityRepository } from './identity.repository';
import { escapeHtml, type MailMessage, type Mailer } from './mail';
import { hashChosenPassword } from './password';
import type { RecoveryRepository } from './recovery.repository';
import { hashOpaqueToken, newOpaqueToken } from './secrets';
import { loginAccountPrefix } from './session.service';
import type { SignOutHub } from './sign-outs';

/** A reset link works once, for one hour. */
export const RESET_LINK_TTL_MS = 60 * 60 * 1000;
const ONE_HOUR = 60 * 60 * 1000;
/** Requests per address, and mails per account, beyond which requests are quietly ignored. */
export const RECOVERY_ADDRESS_LIMIT: Limit = { max: 10, windowMs: ONE_HOUR };
export const RECOVERY_ACCOUNT_LIMIT: Limit = { max: 3, windowMs: ONE_HOUR };

export const PASSWORD_CHANGED = 'Tu contraseña se ha cambiado. Ya puedes iniciar sesión con la nueva contraseña.';

/** The languages the recovery mail is written in. */
export type ResetMailLanguage = 'es' | 'en' | 'de';

const RESET_WORDS: Record<
  ResetMailLanguage,
  {
    subject: (operator: string) => string;
    hello: string;
    asked: (operator: string) => string;
    open: string;
    choose: string;
    expires: string;
    notYou: string;
    team: (operator: string) => string;
  }
> = {
  es: {
    subject: (o) => `Restablece tu contraseña de ${o}`,
    hello: 'Hola:',
    asked: (o) => `Hemos recibido una solicitud para restablecer la contraseña de tu cuenta de ${o}.`,
    open: 'Para elegir una contraseña nueva, abre este enlace (caduca en 1 hora y solo puede usarse una vez):',
    choose: 'Elegir una contraseña nueva',
    expires:
      'El enlace caduca en 1 hora y solo puede usarse una vez. Si no funciona, copia esta dirección en tu navegador:',
    notYou: 'Si no has sido tú, ignora este mensaje: tu contraseña no cambiará.',
    team: (o) => `El equipo de ${o}`,
  },
  en: {
    subject: (o) => `Reset your ${o} password`,
    hello: 'Hello,',
    asked: (o) => `We have received a request to reset the password of your ${o} account.`,
    open: 'To choose a new password, open this link (it expires in 1 hour and works only once):',
    choose: 'Choose a new password',
    expires:
      'The link expires in 1 hour and works only once. If it does not work, copy this address into your browser:',
    notYou: 'If this was not you, ignore this message: your password will not change.',
    team: (o) => `The ${o} team`,
  },
  de: {
    subject: (o) => `Setzen Sie Ihr ${o}-Passwort zurück`,
    hello: 'Hallo,',
    asked: (o) => `Wir haben eine Anfrage erhalten, das Passwort Ihres ${o}-Kontos zurückzusetzen.`,
    open: 'Um ein neues Passwort zu wählen, öffnen Sie diesen Link (er läuft nach 1 Stunde ab und funktioniert nur einmal):',
    choose: 'Neues Passwort wählen',
    expires:
      'Der Link läuft nach 1 Stunde ab und funktioniert nur einmal. Falls er nicht funktioniert, kopieren Sie diese Adresse in Ihren Browser:',
    notYou: 'Wenn Sie das nicht waren, ignorieren Sie diese Nachricht: Ihr Passwort ändert sich nicht.',
    team: (o) => `Ihr ${o}-Team`,
  },
};

/** The recovery mail, as text and HTML, in the language the app was in when it was asked for (Spanish by default). */
export function resetMail(
  to: string,
  operatorName: string,
  link: string,
  language: ResetMailLanguage = 'es',
): MailMessage {
  const w = RESET_WORDS[language];
  const text = [w.hello, '', w.asked(operatorName), w.open, '', link, '', w.notYou, '', w.team(operatorName)].join(
    '\n',
  );
  const href = escapeHtml(link);
  const html = [
    `<p>${escapeHtml(w.hello)}</p>`,
    `<p>${escapeHtml(w.asked(operatorName))}</p>`,
    `<p><a href="${href}">${escapeHtml(w.choose)}</a></p>`,
    `<p>${escapeHtml(w.expires)}<br>${href}</p>`,
    `<p>${escapeHtml(w.notYou)}</p>`,
    `<p>${escapeHtml(w.team(operatorName))}</p>`,
  ].join('\n');
  return { to, subject: w.subject(operatorName), text, html };
}

/** Lost password: mails a single-use link, then lets it set a new password. */
export class RecoveryService {
  constructor(
    private readonly deps: Pick<Platform, 'config' | 'clock'>,
    private readonly users: IdentityRepository,
    private readonly resets: RecoveryRepository,
    private readonly limiter: AttemptLimiter,
    private readonly mailer: Mailer,
    private readonly signOuts?: SignOutHub,
  ) {}

  /**
   * Mails a reset link when the account exists. Says nothing either way: the caller
   * answers the same confirmation, and limits are enforced silently.
   */
  async requestReset(email: string, address: string, language: ResetMailLanguage = 'es'): Promise<void> {
    const normalized = email.trim().toLowerCase();
    const addressKey = `recovery-address:${address}`;
    const accountKey = `recovery-account:${normalized}`;
    const attempt = await this.limiter.begin([
      { key: addressKey, limit: RECOVERY_ADDRESS_LIMIT },
      { key: accountKey, limit: RECOVERY_ACCOUNT_LIMIT },
    ]);
    if (attempt.wait > 0) return attempt.forget();
    const user = await this.users.findUserByEmail(normalized);
    if (!user) return;
    const now = this.deps.clock.now();
    const token = newOpaqueToken();
    await this.resets.insert({
      tokenHash: hashOpaqueToken(token),
      userId: user.id,
      expiresAt: now + RESET_LINK_TTL_MS,
      usedAt: null,
      createdAt: now,
    });
    const link = `${this.deps.config.publicUrl}/resetpassword/${token}`;
    await this.mailer.send(resetMail(user.email, this.deps.config.operator.name, link, language));
  }

  /** Sets a new password through a live link and signs the user out everywhere. */
  async resetPassword(token: string, password: string): Promise<void> {
    const tokenHash = hashOpaqueToken(token);
    const now = this.deps.clock.now();
    const link = await this.resets.findByHash(tokenHash);
    // Checked before hashing so dead links cost no scrypt work.
    if (!link || link.usedAt !== null || link.expiresAt <= now) throw badRequest(RESET_LINK_INVALID);
    const passwordHash = await hashChosenPassword(password);
    const done = await this.resets.resetPassword(tokenHash, passwordHash, this.deps.clock.now());
    if (!done) throw badRequest(RESET_LINK_INVALID);
    // Signed out everywhere: the account's streams end too (playback closes them).
    await this.signOuts?.signedOutEverywhere(done.userId);
    // Whoever just proved they own the mailbox should not stay locked out.
    const user = await this.users.findUserById(done.userId);
    if (user) await this.limiter.clearPrefix(loginAccountPrefix(user.email));
  }
}

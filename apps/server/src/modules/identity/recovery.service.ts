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

/** The recovery mail, in Spanish, as text and HTML. */
export function resetMail(to: string, operatorName: string, link: string): MailMessage {
  const subject = `Restablece tu contraseña de ${operatorName}`;
  const text = [
    'Hola:',
    '',
    `Hemos recibido una solicitud para restablecer la contraseña de tu cuenta de ${operatorName}.`,
    'Para elegir una contraseña nueva, abre este enlace (caduca en 1 hora y solo puede usarse una vez):',
    '',
    link,
    '',
    'Si no has sido tú, ignora este mensaje: tu contraseña no cambiará.',
    '',
    `El equipo de ${operatorName}`,
  ].join('\n');
  const name = escapeHtml(operatorName);
  const href = escapeHtml(link);
  const html = [
    '<p>Hola:</p>',
    `<p>Hemos recibido una solicitud para restablecer la contraseña de tu cuenta de ${name}.</p>`,
    `<p><a href="${href}">Elegir una contraseña nueva</a></p>`,
    `<p>El enlace caduca en 1 hora y solo puede usarse una vez. Si no funciona, copia esta dirección en tu navegador:<br>${href}</p>`,
    '<p>Si no has sido tú, ignora este mensaje: tu contraseña no cambiará.</p>',
    `<p>El equipo de ${name}</p>`,
  ].join('\n');
  return { to, subject, text, html };
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
  async requestReset(email: string, address: string): Promise<void> {
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
    await this.resets.insert({ tokenHash: hashOpaqueToken(token), userId: user.id, expiresAt: now + RESET_LINK_TTL_MS, usedAt: null, createdAt: now });
    const link = `${this.deps.config.publicUrl}/resetpassword/${token}`;
    await this.mailer.send(resetMail(user.email, this.deps.config.operator.name, link));
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

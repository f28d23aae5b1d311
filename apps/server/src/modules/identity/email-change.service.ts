import { EMAIL_CHANGE_MESSAGES, type EmailChangeRequest, type EmailChangeStatus } from '@pantalla/contracts';
import { badRequest, unauthorized } from '../../platform/errors';
import type { Platform } from '../../platform/module';
import { describeWait, rateLimited, type AttemptLimiter, type Limit } from './attempt-limit';
import { SESSION_EXPIRED } from './auth.http';
import type { CredentialChecks } from './credential-checks';
import {
  emailChangedMail,
  emailChangeLinkMail,
  emailChangeRequestedMail,
  emailChangeTakenMail,
} from './email-change-mail';
import type { EmailChangeRepository } from './email-change.repository';
import type { IdentityRepository } from './identity.repository';
import type { Mailer } from './mail';
import type { PersonalDataHolder } from './personal-data';
import { hashOpaqueToken, newOpaqueToken } from './secrets';

const HOUR = 60 * 60 * 1000;
/** The link to the new address works once, for 24 hours. */
export const EMAIL_CHANGE_TTL_HOURS = 24;
export const EMAIL_CHANGE_TTL_MS = EMAIL_CHANGE_TTL_HOURS * HOUR;
/** Requests (each mails two addresses) per account, like the other mail-sending routes. */
export const EMAIL_CHANGE_LIMIT: Limit = { max: 3, windowMs: HOUR };
export const emailChangeKey = (userId: number) => `email-change:${userId}`;
/** Where the link leads: the app's confirmation page (docs/decisions.md). */
export const emailChangePath = (token: string) => `/confirm-email/${token}`;

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** Changing the sign-in address (issue 26): asked with the password, done through a link to the new address. */
export class EmailChangeService {
  constructor(
    private readonly deps: Pick<Platform, 'config' | 'clock'>,
    private readonly users: IdentityRepository,
    private readonly repo: EmailChangeRepository,
    private readonly checks: CredentialChecks,
    private readonly limiter: AttemptLimiter,
    private readonly mailer: Mailer,
  ) {}

  async status(userId: number): Promise<EmailChangeStatus> {
    const user = await this.users.findUserById(userId);
    if (!user) throw unauthorized(SESSION_EXPIRED);
    const pending = await this.repo.pending(userId, this.deps.clock.now());
    return {
      email: user.email,
      pending: pending ? { email: pending.newEmail, expiresAt: new Date(pending.expiresAt).toISOString() } : null,
    };
  }

  /**
   * Mails a link to the new address and tells the current one. The answer is the same when
   * another account holds the address (its owner is told instead), so the form cannot be used
   * to learn who has an account.
   */
  async request(userId: number, input: EmailChangeRequest): Promise<void> {
    const user = await this.users.findUserById(userId);
    if (!user) throw unauthorized(SESSION_EXPIRED);
    await this.checks.password(user, input.password);
    const email = input.email.trim().toLowerCase();
    if (email === user.email) throw badRequest(EMAIL_CHANGE_MESSAGES.same);
    const attempt = await this.limiter.begin([{ key: emailChangeKey(userId), limit: EMAIL_CHANGE_LIMIT }]);
    if (attempt.wait > 0) {
      await attempt.forget();
      throw rateLimited(
        `Ya has pedido varios cambios de correo electrónico. Vuelve a intentarlo dentro de ${describeWait(attempt.wait)}.`,
        attempt.wait,
      );
    }
    const { publicUrl, operator } = this.deps.config;
    const now = this.deps.clock.now();
    if (await this.repo.heldByAnother(email, userId)) {
      await this.mailer.send(emailChangeTakenMail({ to: email, operatorName: operator.name, at: now }));
    } else {
      const token = newOpaqueToken();
      await this.repo.insert({
        tokenHash: hashOpaqueToken(token),
        userId,
        newEmail: email,
        tokenVersion: user.tokenVersion,
        expiresAt: now + EMAIL_CHANGE_TTL_MS,
        usedAt: null,
        createdAt: now,
      });
      await this.mailer.send(
        emailChangeLinkMail({
          to: email,
          operatorName: operator.name,
          link: `${publicUrl}${emailChangePath(token)}`,
          validHours: EMAIL_CHANGE_TTL_HOURS,
        }),
      );
    }
    await this.mailer.send(
      emailChangeRequestedMail({ to: user.email, operatorName: operator.name, newEmail: email, at: now }),
    );
  }

  /**
   * Follows the link: the account signs in with the new address from now on and the former one
   * is told. Sessions stay (docs/decisions.md): the password did not change.
   */
  async confirm(token: string): Promise<{ email: string }> {
    const now = this.deps.clock.now();
    const outcome = await this.confirmed(hashOpaqueToken(token), now);
    if (outcome.kind === 'invalid') throw badRequest(EMAIL_CHANGE_MESSAGES.linkInvalid);
    if (outcome.kind === 'taken') throw badRequest(EMAIL_CHANGE_MESSAGES.taken);
    await this.mailer.send(
      emailChangedMail({
        to: outcome.oldEmail,
        operatorName: this.deps.config.operator.name,
        newEmail: outcome.newEmail,
        at: now,
      }),
    );
    return { email: outcome.newEmail };
  }

  /** A sign-up that took the address between the check and the update meets the unique index: taken too. */
  private async confirmed(tokenHash: string, now: number) {
    try {
      return await this.repo.confirm(tokenHash, now);
    } catch (error) {
      const link = await this.repo.byHash(tokenHash);
      if (link && (await this.repo.heldByAnother(link.newEmail, link.userId)))
        return { kind: 'taken' as const, userId: link.userId };
      throw error;
    }
  }

  /** The account's requests in its data export, and their erasure with it. */
  personalData(): PersonalDataHolder {
    return {
      export: async (userId) =>
        (await this.repo.list(userId)).map((c) => ({
          newEmail: c.newEmail,
          requestedAt: iso(c.createdAt),
          expiresAt: iso(c.expiresAt),
          usedAt: iso(c.usedAt),
        })),
      erase: (userId) => this.repo.erase(userId, [emailChangeKey(userId)]),
    };
  }
}

import type { AccountLockResponse, ResetMailResponse } from '@pantalla/contracts';
import type { Actor } from '../../platform/audit.repository';
import { conflict, notFound } from '../../platform/errors';
import type { Platform } from '../../platform/module';
import type { AccountLockRepository } from './account-lock.repository';
import type { IdentityRepository } from './identity.repository';
import type { Mailer } from './mail';
import { RESET_LINK_TTL_MS, resetMail, type ResetMailLanguage } from './recovery.service';
import { hashOpaqueToken, newOpaqueToken } from './secrets';
import type { SignOutHub } from './sign-outs';

const NO_ACCOUNT = 'No existe esa cuenta.';
const MAIL_LANGUAGES: ReadonlySet<string> = new Set(['es', 'en', 'de']);

/** An operator locks, unlocks or mails a password reset to an account (issue 27). */
export class AccountLocks {
  constructor(
    private readonly deps: Pick<Platform, 'config' | 'clock'>,
    private readonly users: IdentityRepository,
    private readonly repo: AccountLockRepository,
    private readonly mailer: Mailer,
    private readonly signOuts: SignOutHub,
  ) {}

  /** Locks the account: no sign-in, no token counts, and its streams close (signed out everywhere). */
  async lock(userId: number, actor: Actor, reason: string): Promise<AccountLockResponse> {
    const user = await this.users.findUserById(userId);
    if (!user) throw notFound(NO_ACCOUNT);
    if (user.lockedAt !== null) throw conflict('Esta cuenta ya está bloqueada.');
    const lockedAt = await this.repo.lock(userId, actor, this.deps.clock.now(), reason);
    if (lockedAt === null) throw conflict('Esta cuenta ya está bloqueada.');
    await this.signOuts.signedOutEverywhere(userId);
    return { userId, lockedAt };
  }

  /** Unlocks the account: it may sign in again (its old sign-ins stay ended). */
  async unlock(userId: number, actor: Actor, reason: string): Promise<AccountLockResponse> {
    const user = await this.users.findUserById(userId);
    if (!user) throw notFound(NO_ACCOUNT);
    if (!(await this.repo.unlock(userId, actor, this.deps.clock.now(), reason)))
      throw conflict('Esta cuenta no está bloqueada.');
    return { userId, lockedAt: null };
  }

  /** Mails a single-use reset link to the account's address, in the account's language. */
  async sendResetMail(userId: number, actor: Actor): Promise<ResetMailResponse> {
    const user = await this.users.findUserById(userId);
    if (!user) throw notFound(NO_ACCOUNT);
    const now = this.deps.clock.now();
    const token = newOpaqueToken();
    await this.repo.insertReset(
      { tokenHash: hashOpaqueToken(token), userId, expiresAt: now + RESET_LINK_TTL_MS, usedAt: null, createdAt: now },
      actor,
      user.email,
    );
    const language =
      user.language !== null && MAIL_LANGUAGES.has(user.language) ? (user.language as ResetMailLanguage) : 'es';
    await this.mailer.send(
      resetMail(
        user.email,
        this.deps.config.operator.name,
        `${this.deps.config.publicUrl}/resetpassword/${token}`,
        language,
      ),
    );
    return { sentTo: user.email };
  }
}

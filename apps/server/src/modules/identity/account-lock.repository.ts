import type { Kysely } from 'kysely';
import { recordAudit, type Actor } from '../../platform/audit.repository';
import type { Db } from '../../platform/database';
import type { IdentityTables, PasswordResetTable } from './tables';

/** The console's account actions (issue 27): each change and its audit row in one transaction. */
export class AccountLockRepository {
  constructor(private readonly db: Db) {}

  private get k(): Kysely<IdentityTables> {
    return this.db.kysely<IdentityTables>();
  }

  /**
   * Locks an open account and signs it out everywhere in the same transaction: the token
   * version bump kills every idToken, every refresh family is revoked. Null when already locked.
   */
  async lock(userId: number, actor: Actor, now: number, reason: string): Promise<number | null> {
    return this.k.transaction().execute(async (trx) => {
      const done = await trx
        .updateTable('users')
        .set((eb) => ({ lockedAt: now, tokenVersion: eb('tokenVersion', '+', 1) }))
        .where('id', '=', userId)
        .where('lockedAt', 'is', null)
        .executeTakeFirst();
      if (Number(done.numUpdatedRows) === 0) return null;
      await trx
        .updateTable('refreshTokens')
        .set({ revokedAt: now })
        .where('userId', '=', userId)
        .where('revokedAt', 'is', null)
        .execute();
      await recordAudit(trx, actor, now, {
        action: 'account.lock',
        subjectType: 'user',
        subjectId: userId,
        before: { lockedAt: null },
        after: { lockedAt: now, reason },
      });
      return now;
    });
  }

  /** Opens a locked account; false when it was open. */
  async unlock(userId: number, actor: Actor, now: number, reason: string): Promise<boolean> {
    return this.k.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('users').select('lockedAt').where('id', '=', userId).executeTakeFirst();
      if (!row || row.lockedAt === null) return false;
      await trx.updateTable('users').set({ lockedAt: null }).where('id', '=', userId).execute();
      await recordAudit(trx, actor, now, {
        action: 'account.unlock',
        subjectType: 'user',
        subjectId: userId,
        before: { lockedAt: row.lockedAt },
        after: { lockedAt: null, reason },
      });
      return true;
    });
  }

  /** A password-reset link an operator sent, with its audit row (the token itself is never written). */
  async insertReset(reset: PasswordResetTable, actor: Actor, to: string): Promise<void> {
    await this.k.transaction().execute(async (trx) => {
      await trx.insertInto('passwordResets').values(reset).execute();
      await recordAudit(trx, actor, reset.createdAt, {
        action: 'account.reset-mail',
        subjectType: 'user',
        subjectId: reset.userId,
        after: { sentTo: to, expiresAt: reset.expiresAt },
      });
    });
  }
}

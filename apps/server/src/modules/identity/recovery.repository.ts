import type { Db } from '../../platform/database';
import type { PasswordResetRow, PasswordResetTable, IdentityTables } from './tables';

/** SQL for password-reset links and the password change they allow. */
export class RecoveryRepository {
  constructor(private readonly db: Db) {}

  private get k() {
    return this.db.kysely<IdentityTables>();
  }

  async insert(reset: PasswordResetTable): Promise<void> {
    await this.k.insertInto('passwordResets').values(reset).execute();
  }

  findByHash(tokenHash: string): Promise<PasswordResetRow | undefined> {
    return this.k.selectFrom('passwordResets').selectAll().where('tokenHash', '=', tokenHash).executeTakeFirst();
  }

  /**
   * Uses the link once and, in the same transaction, sets the password, bumps the
   * token version (old idTokens die), revokes every refresh token and voids the
   * user's other links. False when the link was used or expired meanwhile.
   */
  async resetPassword(tokenHash: string, passwordHash: string, now: number): Promise<{ userId: number } | null> {
    return this.k.transaction().execute(async (trx) => {
      const used = await trx
        .updateTable('passwordResets')
        .set({ usedAt: now })
        .where('tokenHash', '=', tokenHash)
        .where('usedAt', 'is', null)
        .where('expiresAt', '>', now)
        .returning('userId')
        .executeTakeFirst();
      if (!used) return null;
      const { userId } = used;
      await trx
        .updateTable('users')
        // Following the mailed link proves the mailbox too: an unconfirmed address is confirmed.
        .set((eb) => ({
          passwordHash,
          tokenVersion: eb('tokenVersion', '+', 1),
          emailConfirmedAt: eb.fn.coalesce('emailConfirmedAt', eb.val(now)),
        }))
        .where('id', '=', userId)
        .execute();
      await trx
        .updateTable('refreshTokens')
        .set({ revokedAt: now })
        .where('userId', '=', userId)
        .where('revokedAt', 'is', null)
        .execute();
      await trx
        .updateTable('passwordResets')
        .set({ usedAt: now })
        .where('userId', '=', userId)
        .where('usedAt', 'is', null)
        .execute();
      return { userId };
    });
  }
}

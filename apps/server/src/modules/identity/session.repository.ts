import type { Db } from '../../platform/database';
import type { RefreshTokenRow, RefreshTokenTable, IdentityTables } from './tables';

/** SQL for refresh tokens: each row is one token of a family that rotates. */
export class SessionRepository {
  constructor(private readonly db: Db) {}

  private get k() {
    return this.db.kysely<IdentityTables>();
  }

  insert(token: RefreshTokenTable): Promise<unknown> {
    return this.k.insertInto('refreshTokens').values(token).execute();
  }

  findByHash(tokenHash: string): Promise<RefreshTokenRow | undefined> {
    return this.k.selectFrom('refreshTokens').selectAll().where('tokenHash', '=', tokenHash).executeTakeFirst();
  }

  /**
   * Marks `oldHash` rotated and stores `next`, atomically; false when the old token was
   * no longer live (rotated, revoked or expired by a concurrent request).
   */
  async rotate(oldHash: string, next: RefreshTokenTable, now: number): Promise<boolean> {
    return this.k.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable('refreshTokens')
        .set({ rotatedAt: now })
        .where('tokenHash', '=', oldHash)
        .where('rotatedAt', 'is', null)
        .where('revokedAt', 'is', null)
        .where('expiresAt', '>', now)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return false;
      await trx.insertInto('refreshTokens').values(next).execute();
      return true;
    });
  }

  /** Whether a sign-in still stands: its family has tokens and none was revoked. */
  async familyLive(familyId: string): Promise<boolean> {
    const row = await this.k
      .selectFrom('refreshTokens')
      .select((eb) => [
        eb.fn.countAll<number | string>().as('tokens'),
        eb.fn.count<number | string>('revokedAt').as('revoked'),
      ])
      .where('familyId', '=', familyId)
      .executeTakeFirst();
    return row !== undefined && Number(row.tokens) > 0 && Number(row.revoked) === 0;
  }

  async revokeFamily(familyId: string, now: number): Promise<void> {
    await this.k
      .updateTable('refreshTokens')
      .set({ revokedAt: now })
      .where('familyId', '=', familyId)
      .where('revokedAt', 'is', null)
      .execute();
  }

  /**
   * Sets the password and, in the same transaction, bumps the token version (every idToken
   * dies) and revokes every refresh family of the user but `keepFamily` (this device's).
   */
  async changePassword(userId: number, passwordHash: string, keepFamily: string | null, now: number): Promise<void> {
    await this.k.transaction().execute(async (trx) => {
      await trx
        .updateTable('users')
        .set((eb) => ({ passwordHash, tokenVersion: eb('tokenVersion', '+', 1) }))
        .where('id', '=', userId)
        .execute();
      let others = trx
        .updateTable('refreshTokens')
        .set({ revokedAt: now })
        .where('userId', '=', userId)
        .where('revokedAt', 'is', null);
      if (keepFamily !== null) others = others.where('familyId', '!=', keepFamily);
      await others.execute();
    });
  }

  /** Drops a user's tokens that can never be used again, so the table does not grow without end. */
  async deleteDeadForUser(userId: number, now: number): Promise<void> {
    await this.k.deleteFrom('refreshTokens').where('userId', '=', userId).where('expiresAt', '<=', now).execute();
  }
}

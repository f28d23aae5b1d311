import type { Db } from '../../platform/database';
import type { IdentityTables, SignInLinkTable } from './tables';

/** SQL for the mailed sign-in links. */
export class SignInLinkRepository {
  constructor(private readonly db: Db) {}

  private get k() {
    return this.db.kysely<IdentityTables>();
  }

  /** Stores a link and drops the user's links that can no longer be used. */
  async insert(link: SignInLinkTable): Promise<void> {
    await this.k
      .deleteFrom('signInLinks')
      .where('userId', '=', link.userId)
      .where('expiresAt', '<=', link.createdAt)
      .execute();
    await this.k.insertInto('signInLinks').values(link).execute();
  }

  /**
   * Uses a live link once, atomically: the user and remember-me it was made for, or null
   * when it is unknown, used or expired (two tabs opening it at once: one wins).
   */
  async use(tokenHash: string, now: number): Promise<{ userId: number; persistent: boolean } | null> {
    const row = await this.k
      .updateTable('signInLinks')
      .set({ usedAt: now })
      .where('tokenHash', '=', tokenHash)
      .where('usedAt', 'is', null)
      .where('expiresAt', '>', now)
      .returning(['userId', 'persistent'])
      .executeTakeFirst();
    return row ? { userId: row.userId, persistent: row.persistent === 1 } : null;
  }
}

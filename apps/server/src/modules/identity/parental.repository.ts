import type { Db } from '../../platform/database';
import type { IdentityTables } from './tables';

/** SQL for parental grants: proof of a correct PIN, valid for a few minutes. */
export class ParentalRepository {
  constructor(private readonly db: Db) {}

  private get k() {
    return this.db.kysely<IdentityTables>();
  }

  /** Records a grant and forgets the user's expired ones. */
  async grant(userId: number, expiresAt: number, now: number): Promise<void> {
    await this.k.deleteFrom('parentalGrants').where('userId', '=', userId).where('expiresAt', '<=', now).execute();
    await this.k.insertInto('parentalGrants').values({ userId, expiresAt, createdAt: now }).execute();
  }

  async hasGrantAfter(userId: number, now: number): Promise<boolean> {
    const row = await this.k
      .selectFrom('parentalGrants')
      .select('id')
      .where('userId', '=', userId)
      .where('expiresAt', '>', now)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Ends every grant of the user: a changed or removed PIN must be typed again. */
  async revokeAll(userId: number): Promise<void> {
    await this.k.deleteFrom('parentalGrants').where('userId', '=', userId).execute();
  }
}

import type { Kysely } from 'kysely';
import type { Database } from '../../database-schema';
import type { Db } from '../../platform/database';

/** The few account facts a play needs: the user, their profiles, a saved position. */
export class AccountRepository {
  constructor(private readonly db: Db) {}

  private get k(): Kysely<Database> {
    return this.db.kysely;
  }

  /** The user and whether a parental PIN is set; undefined when the account is gone. */
  async user(userId: number): Promise<{ id: number; hasPin: boolean } | undefined> {
    const row = await this.k.selectFrom('users').select(['id', 'pinHash']).where('id', '=', userId).executeTakeFirst();
    return row ? { id: row.id, hasPin: row.pinHash !== null } : undefined;
  }

  async profileIds(userId: number): Promise<number[]> {
    const rows = await this.k.selectFrom('profiles').select('id').where('userId', '=', userId).orderBy('id').execute();
    return rows.map((r) => r.id);
  }

  /** The keep-watching position saved for an item, 0 when none. */
  async savedPosition(userId: number, kind: 'vod' | 'cutv', contentId: number): Promise<number> {
    const row = await this.k
      .selectFrom('bookmarks')
      .select(['positionMs', 'durationMs'])
      .where('userId', '=', userId)
      .where('kind', '=', kind)
      .where('contentId', '=', contentId)
      .executeTakeFirst();
    // A finished item starts again from the beginning.
    return row && row.positionMs < row.durationMs ? row.positionMs : 0;
  }
}

import type { Kysely } from 'kysely';
import type { Db } from '../../platform/database';
import type { BookmarkRow, CatalogueTables, PositionKind } from './tables';

/** A profile of an account: whose positions these are (issue 30). */
export interface ProfileKey {
  userId: number;
  profileId: number;
}

/** SQL of keep-watching bookmarks, per profile. */
export class BookmarksRepository {
  constructor(private readonly db: Db) {}

  private get k(): Kysely<CatalogueTables> {
    return this.db.kysely<CatalogueTables>();
  }

  /** The profile's films, episodes and catch-up programmes, latest first (a recording's position is not listed). */
  list(who: ProfileKey, limit: number): Promise<BookmarkRow[]> {
    return this.k
      .selectFrom('bookmarks')
      .selectAll()
      .where('userId', '=', who.userId)
      .where('profileId', '=', who.profileId)
      .where('kind', 'in', ['vod', 'cutv'])
      .orderBy('updatedAt', 'desc')
      .limit(limit)
      .execute();
  }

  find(who: ProfileKey, kind: PositionKind, contentId: number): Promise<BookmarkRow | undefined> {
    return this.k
      .selectFrom('bookmarks')
      .selectAll()
      .where('userId', '=', who.userId)
      .where('profileId', '=', who.profileId)
      .where('kind', '=', kind)
      .where('contentId', '=', contentId)
      .executeTakeFirst();
  }

  async upsert(row: BookmarkRow): Promise<void> {
    await this.k
      .insertInto('bookmarks')
      .values(row)
      .onConflict((oc) =>
        oc
          .columns(['userId', 'profileId', 'kind', 'contentId'])
          .doUpdateSet({ positionMs: row.positionMs, durationMs: row.durationMs, updatedAt: row.updatedAt }),
      )
      .execute();
  }

  async remove(who: ProfileKey, kind: PositionKind, contentId: number): Promise<number> {
    const result = await this.k
      .deleteFrom('bookmarks')
      .where('userId', '=', who.userId)
      .where('profileId', '=', who.profileId)
      .where('kind', '=', kind)
      .where('contentId', '=', contentId)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** A deleted profile's positions go with it. */
  async removeProfile(who: ProfileKey): Promise<void> {
    await this.k
      .deleteFrom('bookmarks')
      .where('userId', '=', who.userId)
      .where('profileId', '=', who.profileId)
      .execute();
  }
}

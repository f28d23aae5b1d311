import type { Kysely } from 'kysely';
import type { Db } from '../../platform/database';
import type { BookmarkRow, CatalogueTables } from './tables';

/** SQL of keep-watching bookmarks. */
export class BookmarksRepository {
  constructor(private readonly db: Db) {}

  private get k(): Kysely<CatalogueTables> {
    return this.db.kysely<CatalogueTables>();
  }

  list(userId: number, limit: number): Promise<BookmarkRow[]> {
    return this.k
      .selectFrom('bookmarks')
      .selectAll()
      .where('userId', '=', userId)
      .orderBy('updatedAt', 'desc')
      .limit(limit)
      .execute();
  }

  find(userId: number, kind: 'vod' | 'cutv', contentId: number): Promise<BookmarkRow | undefined> {
    return this.k
      .selectFrom('bookmarks')
      .selectAll()
      .where('userId', '=', userId)
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
          .columns(['userId', 'kind', 'contentId'])
          .doUpdateSet({ positionMs: row.positionMs, durationMs: row.durationMs, updatedAt: row.updatedAt }),
      )
      .execute();
  }

  async remove(userId: number, kind: 'vod' | 'cutv', contentId: number): Promise<number> {
    const result = await this.k
      .deleteFrom('bookmarks')
      .where('userId', '=', userId)
      .where('kind', '=', kind)
      .where('contentId', '=', contentId)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}

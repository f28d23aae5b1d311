import type { Kysely } from 'kysely';
import type { Db } from '../../platform/database';
import type { BookmarkRow, CatalogueTables } from './tables';

/** SQL of the user's keep-watching positions for the data export and the account's deletion (issue 26). */
export class CatalogueDataRepository {
  constructor(private readonly db: Db) {}

  private get k(): Kysely<CatalogueTables> {
    return this.db.kysely<CatalogueTables>();
  }

  bookmarks(userId: number): Promise<BookmarkRow[]> {
    return this.k
      .selectFrom('bookmarks')
      .selectAll()
      .where('userId', '=', userId)
      .orderBy('updatedAt', 'desc')
      .execute();
  }

  async erase(userId: number): Promise<void> {
    await this.k.deleteFrom('bookmarks').where('userId', '=', userId).execute();
  }
}

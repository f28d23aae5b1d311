import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../platform/database';
import type { BookmarkTable, CatalogueTables, ChannelTable, EventTable } from './tables';

/**
 * The catalogue's data for other modules' suites (test/builders.ts): programmes and channels
 * changed for a case (rating, package, stream, logo), positions kept. Only tests import it;
 * a schema change is fixed here once. Readers learn of a change through importsChanged().
 */
export function catalogueBuilders(db: Db) {
  const sql = () => db.kysely<CatalogueTables>();
  return {
    /** Changes programmes: these ids, or every programme of these channels. */
    async updateEvents(
      where: { ids: readonly number[] } | { channelIds: readonly number[] },
      values: Updateable<EventTable>,
    ): Promise<void> {
      const query = sql().updateTable('events').set(values);
      await (
        'ids' in where ? query.where('id', 'in', [...where.ids]) : query.where('channelId', 'in', [...where.channelIds])
      ).execute();
    },
    async updateChannel(channelId: number, values: Updateable<ChannelTable>): Promise<void> {
      await sql().updateTable('channels').set(values).where('id', '=', channelId).execute();
    },
    /** A keep-watching position, as a player's close would leave it. */
    async newBookmark(row: Insertable<BookmarkTable>): Promise<void> {
      await sql().insertInto('bookmarks').values(row).execute();
    },
  };
}

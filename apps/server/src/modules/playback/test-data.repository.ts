import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../platform/database';
import type { PlaybackTables, StreamSessionTable } from './tables';

/**
 * Playback's data for other modules' suites (test/builders.ts): stream sessions made, changed
 * or forgotten for a case. Only tests import it; a schema change is fixed here once.
 */
export function playbackBuilders(db: Db) {
  const sql = () => db.kysely<PlaybackTables>();
  return {
    async newStreamSessions(rows: readonly Insertable<StreamSessionTable>[]): Promise<void> {
      await sql()
        .insertInto('streamSessions')
        .values([...rows])
        .execute();
    },
    /** Changes one stream session, or every open one (`'open'`). */
    async updateStreamSessions(which: string | 'open', values: Updateable<StreamSessionTable>): Promise<void> {
      const query = sql().updateTable('streamSessions').set(values);
      await (which === 'open' ? query.where('closedAt', 'is', null) : query.where('id', '=', which)).execute();
    },
    /** Every stream session and its licences gone: each case starts with every device slot free. */
    async forgetStreamSessions(): Promise<void> {
      await sql().deleteFrom('drmSessions').execute();
      await sql().deleteFrom('streamSessions').execute();
    },
  };
}

import { sql, type Kysely } from 'kysely';
import type { Db } from '../../platform/database';
import type { PlaybackTables, SessionKind } from './tables';

/** One group of open streams: a live channel's (contentId the channel), or all of another kind (contentId 0). */
export interface OpenStreamGroup {
  kind: SessionKind;
  contentId: number;
  open: number;
}

/** SQL of the console's Now view: open streams counted by kind and live channel. */
export class OperatorNowRepository {
  constructor(private readonly db: Db) {}

  private get k(): Kysely<PlaybackTables> {
    return this.db.kysely<PlaybackTables>();
  }

  /**
   * One GROUP BY over the open-sessions index (stream_sessions_open_by_content): a row per
   * live channel with open streams, one per other kind. At most channels + 3 rows.
   */
  async openGroups(now: number): Promise<OpenStreamGroup[]> {
    const channelOf = sql<number>`case when ${sql.ref('kind')} = 'LIVE' then ${sql.ref('contentId')} else 0 end`;
    const rows = await this.k
      .selectFrom('streamSessions')
      .select((eb) => ['kind', channelOf.as('contentId'), eb.fn.countAll<number>().as('open')])
      .where('closedAt', 'is', null)
      .where('expiresAt', '>', now)
      .groupBy(['kind', channelOf])
      .execute();
    return rows.map((r) => ({ kind: r.kind, contentId: Number(r.contentId), open: Number(r.open) }));
  }
}

import type { Kysely } from 'kysely';
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
   * Open streams by kind, and per channel for live ones: two GROUP BYs that walk the
   * open-sessions index (stream_sessions_open_by_content: kind, content_id, expires_at) in its
   * order, so each aggregates as it reads, with no sort. At most channels + 4 rows.
   */
  async openGroups(now: number): Promise<OpenStreamGroup[]> {
    const open = this.k.selectFrom('streamSessions').where('closedAt', 'is', null).where('expiresAt', '>', now);
    const [kinds, channels] = await Promise.all([
      open
        .select((eb) => ['kind', eb.fn.countAll<number>().as('open')])
        .where('kind', '!=', 'LIVE')
        .groupBy('kind')
        .execute(),
      open
        .select((eb) => ['contentId', eb.fn.countAll<number>().as('open')])
        .where('kind', '=', 'LIVE')
        .groupBy('contentId')
        .execute(),
    ]);
    return [
      ...kinds.map((r) => ({ kind: r.kind, contentId: 0, open: Number(r.open) })),
      ...channels.map((r) => ({ kind: 'LIVE' as const, contentId: r.contentId, open: Number(r.open) })),
    ];
  }
}

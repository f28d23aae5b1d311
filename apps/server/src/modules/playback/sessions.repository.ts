import type { Insertable, Kysely, Transaction } from 'kysely';
import type { Db } from '../../platform/database';
import { lockKey, lockedTransaction } from '../../platform/dialect';
import type { DrmSessionRow, StreamSessionRow, StreamSessionTable, PlaybackTables } from './tables';

/** How long a dead session is kept (for support questions) before the account's next open removes it. */
export const SESSION_RETENTION_MS = 24 * 3600_000;

/** SQL of stream sessions and DRM sessions. */
export class SessionsRepository {
  constructor(private readonly db: Db) {}

  private get k(): Kysely<PlaybackTables> {
    return this.db.kysely<PlaybackTables>();
  }

  private countOpen(q: Kysely<PlaybackTables> | Transaction<PlaybackTables>, userId: number, now: number): Promise<number> {
    return q
      .selectFrom('streamSessions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('userId', '=', userId)
      .where('closedAt', 'is', null)
      .where('expiresAt', '>', now)
      .executeTakeFirstOrThrow()
      .then((r) => Number(r.n));
  }

  /**
   * Inserts the session unless the account already holds `limit` open ones; the count and the
   * insert run under the account's lock, so concurrent opens cannot both pass the check.
   */
  async openWithinLimit(row: Insertable<StreamSessionTable>, limit: number): Promise<boolean> {
    return lockedTransaction(this.k, this.db.dialect, lockKey('playback.open-sessions', row.userId), async (trx) => {
      // Sessions dead for a day are of no further use (their DRM sessions go with them).
      await trx.deleteFrom('streamSessions').where('userId', '=', row.userId).where('expiresAt', '<', row.createdAt - SESSION_RETENTION_MS).execute();
      if ((await this.countOpen(trx, row.userId, row.createdAt)) >= limit) return false;
      await trx.insertInto('streamSessions').values(row).execute();
      return true;
    });
  }

  openCount(userId: number, now: number): Promise<number> {
    return this.countOpen(this.k, userId, now);
  }

  /** The account's open sessions, oldest first. */
  listOpen(userId: number, now: number): Promise<StreamSessionRow[]> {
    return this.k
      .selectFrom('streamSessions')
      .selectAll()
      .where('userId', '=', userId)
      .where('closedAt', 'is', null)
      .where('expiresAt', '>', now)
      .orderBy('createdAt')
      .orderBy('id')
      .execute();
  }

  byId(id: string): Promise<StreamSessionRow | undefined> {
    return this.k.selectFrom('streamSessions').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The newest open live session of a user for a channel on one device, if any. */
  openLiveSession(userId: number, channelId: number, deviceFingerprint: string, now: number): Promise<StreamSessionRow | undefined> {
    return this.k
      .selectFrom('streamSessions')
      .selectAll()
      .where('userId', '=', userId)
      .where('kind', '=', 'LIVE')
      .where('contentId', '=', channelId)
      .where('deviceFingerprint', '=', deviceFingerprint)
      .where('closedAt', 'is', null)
      .where('expiresAt', '>', now)
      .orderBy('createdAt', 'desc')
      .executeTakeFirst();
  }

  /** Moves an open session's expiry on; false when it is closed, expired or not the user's. */
  async heartbeat(id: string, userId: number, now: number, expiresAt: number): Promise<boolean> {
    const result = await this.k
      .updateTable('streamSessions')
      .set({ lastHeartbeatAt: now, expiresAt })
      .where('id', '=', id)
      .where('userId', '=', userId)
      .where('closedAt', 'is', null)
      .where('expiresAt', '>', now)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Closes one session (and revokes its licences); false when it was not open. */
  async close(id: string, userId: number, now: number): Promise<boolean> {
    return this.k.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable('streamSessions')
        .set({ closedAt: now, closedReason: 'closed' })
        .where('id', '=', id)
        .where('userId', '=', userId)
        .where('closedAt', 'is', null)
        .executeTakeFirst();
      await trx.updateTable('drmSessions').set({ revokedAt: now }).where('streamSessionId', '=', id).where('revokedAt', 'is', null).execute();
      return Number(result.numUpdatedRows) > 0;
    });
  }

  /**
   * Closes every session of the account and revokes its DRM sessions; answers how many were
   * open. `reason`: 'reset' (the user's Reset DRM sessions) or 'signed-out' (password changed, signed out everywhere).
   */
  async reset(userId: number, now: number, reason: 'reset' | 'signed-out' = 'reset'): Promise<number> {
    return this.k.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable('streamSessions')
        .set({ closedAt: now, closedReason: reason })
        .where('userId', '=', userId)
        .where('closedAt', 'is', null)
        .executeTakeFirst();
      await trx.updateTable('drmSessions').set({ revokedAt: now }).where('userId', '=', userId).where('revokedAt', 'is', null).execute();
      return Number(result.numUpdatedRows);
    });
  }

  /** Records a DRM session once: a second licence for the same session and key adds no row. */
  async recordLicence(row: DrmSessionRow): Promise<void> {
    await this.k
      .insertInto('drmSessions')
      .values(row)
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  }

  /** Counts a licence against the session's lifetime cap; false once the cap is reached. */
  async countLicence(id: string, max: number): Promise<boolean> {
    const result = await this.k
      .updateTable('streamSessions')
      .set((eb) => ({ licenceRequests: eb('licenceRequests', '+', 1) }))
      .where('id', '=', id)
      .where('licenceRequests', '<', max)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }
}

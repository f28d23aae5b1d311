import type { Insertable, Kysely, Transaction } from 'kysely';
import { recordAudit, type Actor } from '../../platform/audit.repository';
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

  private countOpen(
    q: Kysely<PlaybackTables> | Transaction<PlaybackTables>,
    userId: number,
    now: number,
  ): Promise<number> {
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
      await trx
        .deleteFrom('streamSessions')
        .where('userId', '=', row.userId)
        .where('expiresAt', '<', row.createdAt - SESSION_RETENTION_MS)
        .execute();
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
  openLiveSession(
    userId: number,
    channelId: number,
    deviceFingerprint: string,
    now: number,
  ): Promise<StreamSessionRow | undefined> {
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
      await trx
        .updateTable('drmSessions')
        .set({ revokedAt: now })
        .where('streamSessionId', '=', id)
        .where('revokedAt', 'is', null)
        .execute();
      return Number(result.numUpdatedRows) > 0;
    });
  }

  /**
   * An operator closes one open session of the account (`sessionId`) or all of them, revoking
   * their licences, with the audit row in the same transaction (issue 27). Answers the ids closed.
   */
  async closeByOperator(userId: number, sessionId: string | null, now: number, actor: Actor): Promise<string[]> {
    return this.k.transaction().execute(async (trx) => {
      let open = trx
        .selectFrom('streamSessions')
        .select('id')
        .where('userId', '=', userId)
        .where('closedAt', 'is', null);
      if (sessionId !== null) open = open.where('id', '=', sessionId);
      const ids = (await open.execute()).map((r) => r.id);
      // Closing all is recorded even when none was open: the operator acted.
      if (ids.length === 0 && sessionId !== null) return ids;
      if (ids.length > 0) {
        await trx
          .updateTable('streamSessions')
          .set({ closedAt: now, closedReason: 'operator' })
          .where('id', 'in', ids)
          .where('closedAt', 'is', null)
          .execute();
        await trx
          .updateTable('drmSessions')
          .set({ revokedAt: now })
          .where('streamSessionId', 'in', ids)
          .where('revokedAt', 'is', null)
          .execute();
      }
      await recordAudit(trx, actor, now, {
        action: sessionId === null ? 'streams.close-all' : 'stream.close',
        subjectType: 'user',
        subjectId: userId,
        before: { open: ids },
        after: { open: [] },
      });
      return ids;
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
      await trx
        .updateTable('drmSessions')
        .set({ revokedAt: now })
        .where('userId', '=', userId)
        .where('revokedAt', 'is', null)
        .execute();
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

import { sql, type Insertable, type Kysely, type Transaction } from 'kysely';
import type { Db } from '../../platform/database';
import type { RecordingRow, RecordingTable, RecordingsTables } from './tables';

type Trx = Kysely<RecordingsTables> | Transaction<RecordingsTables>;
export type NewRecording = Omit<Insertable<RecordingTable>, 'id'>;

/** A profile of an account: whose recordings, rules and reminders these are (issue 30). */
export interface ProfileKey {
  userId: number;
  profileId: number;
}

/** A page position: the last item's sort instant and id. */
export interface Position {
  at: number;
  id: number;
}

const IN_CHUNK = 500;
/** Rows per multi-row insert: 15 columns of each stay under SQLite's 32,766 parameters. */
const INSERT_CHUNK = 500;

/** The SQL of recordings and of the archive media they hold. */
export class RecordingsRepository {
  constructor(private readonly db: Db) {}

  private get k(): Kysely<RecordingsTables> {
    return this.db.kysely<RecordingsTables>();
  }

  /**
   * Files a recording and takes its reference on the media, in one transaction; undefined when
   * the profile already has this programme (the unique index decides, whichever process asks).
   */
  async insert(row: NewRecording): Promise<number | undefined> {
    return this.k.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('recordings')
        .values(row)
        .onConflict((oc) => oc.columns(['userId', 'profileId', 'eventId']).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!inserted) return undefined;
      await this.reference(trx, row);
      return inserted.id;
    });
  }

  /**
   * Files many recordings as insert() does, in one transaction of multi-row statements (a rule
   * evaluation's batch: a few statements instead of two per recording); answers, per row, whether
   * it was filed (false when the profile held the programme already, or for a repeated row).
   */
  async insertMany(rows: readonly NewRecording[]): Promise<boolean[]> {
    if (rows.length === 0) return [];
    return this.k.transaction().execute(async (trx) => {
      const filed = new Set<string>();
      for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
        const inserted = await trx
          .insertInto('recordings')
          .values(rows.slice(i, i + INSERT_CHUNK))
          .onConflict((oc) => oc.columns(['userId', 'profileId', 'eventId']).doNothing())
          .returning(['profileId', 'eventId'])
          .execute();
        for (const r of inserted) filed.add(`${r.profileId}:${r.eventId}`);
      }
      // Each filed pair once: a row repeated in the batch was not filed twice.
      const out = rows.map((row) => filed.delete(`${row.profileId}:${row.eventId}`));
      await this.referenceMany(
        trx,
        rows.filter((_, i) => out[i]),
      );
      return out;
    });
  }

  /** References for many recordings: one row per span with its count, added to what is held. */
  private async referenceMany(trx: Trx, rows: readonly NewRecording[]): Promise<void> {
    const spans = new Map<
      string,
      { mediaKey: string; channelId: number; startTime: number; endTime: number; refs: number }
    >();
    for (const row of rows) {
      const span = spans.get(row.mediaKey);
      if (span) span.refs += 1;
      else
        spans.set(row.mediaKey, {
          mediaKey: row.mediaKey,
          channelId: row.channelId,
          startTime: row.startTime,
          endTime: row.endTime,
          refs: 1,
        });
    }
    const values = [...spans.values()];
    for (let i = 0; i < values.length; i += INSERT_CHUNK)
      await trx
        .insertInto('recordingMedia')
        .values(values.slice(i, i + INSERT_CHUNK))
        .onConflict((oc) => oc.column('mediaKey').doUpdateSet({ refs: sql`recording_media.refs + excluded.refs` }))
        .execute();
  }

  private async reference(trx: Trx, row: Pick<NewRecording, 'mediaKey' | 'channelId' | 'startTime' | 'endTime'>) {
    await trx
      .insertInto('recordingMedia')
      .values({
        mediaKey: row.mediaKey,
        channelId: row.channelId,
        startTime: row.startTime,
        endTime: row.endTime,
        refs: 1,
      })
      .onConflict((oc) => oc.column('mediaKey').doUpdateSet({ refs: sql`recording_media.refs + 1` }))
      .execute();
  }

  private async release(trx: Trx, mediaKey: string) {
    await trx
      .updateTable('recordingMedia')
      .set({ refs: sql`refs - 1` })
      .where('mediaKey', '=', mediaKey)
      .execute();
    await trx.deleteFrom('recordingMedia').where('mediaKey', '=', mediaKey).where('refs', '<=', 0).execute();
  }

  /** Removes recordings (of `owner` only, when given) and releases their media; answers how many went. */
  async remove(where: { owner?: ProfileKey; ids: readonly number[] }): Promise<number> {
    if (where.ids.length === 0) return 0;
    return this.k.transaction().execute(async (trx) => {
      let q = trx.deleteFrom('recordings').where('id', 'in', where.ids);
      if (where.owner) q = q.where('userId', '=', where.owner.userId).where('profileId', '=', where.owner.profileId);
      const gone = await q.returning(['mediaKey']).execute();
      for (const g of gone) await this.release(trx, g.mediaKey);
      return gone.length;
    });
  }

  /** A programme moved in the guide: its recording follows, and the media reference with it. */
  async move(row: RecordingRow, to: { startTime: number; endTime: number; mediaKey: string }): Promise<void> {
    await this.k.transaction().execute(async (trx) => {
      await trx.updateTable('recordings').set(to).where('id', '=', row.id).execute();
      await this.release(trx, row.mediaKey);
      await this.reference(trx, { ...to, channelId: row.channelId });
    });
  }

  /** A recording by id alone (playback and the origin ask; the owner is checked by the caller). */
  byId(id: number): Promise<RecordingRow | undefined> {
    return this.k.selectFrom('recordings').selectAll().where('id', '=', id).executeTakeFirst();
  }

  find(who: ProfileKey, id: number): Promise<RecordingRow | undefined> {
    return this.k
      .selectFrom('recordings')
      .selectAll()
      .where('userId', '=', who.userId)
      .where('profileId', '=', who.profileId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  findByEvent(who: ProfileKey, eventId: number): Promise<RecordingRow | undefined> {
    return this.k
      .selectFrom('recordings')
      .selectAll()
      .where('userId', '=', who.userId)
      .where('profileId', '=', who.profileId)
      .where('eventId', '=', eventId)
      .executeTakeFirst();
  }

  /** `profile:event` of every recording of these programmes (evaluation skips them). */
  async heldPairs(eventIds: readonly number[]): Promise<Set<string>> {
    const held = new Set<string>();
    for (let i = 0; i < eventIds.length; i += IN_CHUNK) {
      const rows = await this.k
        .selectFrom('recordings')
        .select(['profileId', 'eventId'])
        .where('eventId', 'in', eventIds.slice(i, i + IN_CHUNK))
        .execute();
      for (const r of rows) held.add(`${r.profileId}:${r.eventId}`);
    }
    return held;
  }

  async remindedEvents(who: ProfileKey, eventIds: readonly number[]): Promise<number[]> {
    const rows = await this.k
      .selectFrom('recordingReminders')
      .select('eventId')
      .where('userId', '=', who.userId)
      .where('profileId', '=', who.profileId)
      .where('eventId', 'in', eventIds.length > 0 ? eventIds : [0])
      .execute();
    return rows.map((r) => r.eventId);
  }

  async setProtected(who: ProfileKey, id: number, isProtected: boolean, expiresAt: number | null): Promise<void> {
    await this.k
      .updateTable('recordings')
      .set({ protected: isProtected ? 1 : 0, expiresAt })
      .where('userId', '=', who.userId)
      .where('profileId', '=', who.profileId)
      .where('id', '=', id)
      .execute();
  }

  /** A page of the profile's recordings: scheduled soonest-ending first, otherwise newest-ended first. */
  page(
    who: ProfileKey,
    filter: { state?: 'scheduled' | 'ready'; ruleId?: number },
    after: Position | null,
    limit: number,
  ): Promise<RecordingRow[]> {
    const ascending = filter.state === 'scheduled';
    let q = this.k
      .selectFrom('recordings')
      .selectAll()
      .where('userId', '=', who.userId)
      .where('profileId', '=', who.profileId);
    if (filter.state) q = q.where('state', '=', filter.state);
    if (filter.ruleId !== undefined) q = q.where('ruleId', '=', filter.ruleId);
    if (after)
      q = q.where((eb) =>
        eb.or([
          eb('endTime', ascending ? '>' : '<', after.at),
          eb.and([eb('endTime', '=', after.at), eb('id', ascending ? '>' : '<', after.id)]),
        ]),
      );
    const dir = ascending ? 'asc' : 'desc';
    return q.orderBy('endTime', dir).orderBy('id', dir).limit(limit).execute();
  }

  /** Seconds of the account's recordings by state, every profile's: the quota is the account's. */
  async secondsByState(userId: number): Promise<{ ready: number; scheduled: number }> {
    const rows = await this.k
      .selectFrom('recordings')
      .select((eb) => ['state', eb.fn.sum<number>(sql<number>`(end_time - start_time) / 1000`).as('s')])
      .where('userId', '=', userId)
      .groupBy('state')
      .execute();
    const of = (state: string) => Math.round(Number(rows.find((r) => r.state === state)?.s ?? 0));
    return { ready: of('ready'), scheduled: of('scheduled') };
  }

  eventsOf(who: ProfileKey, eventIds: readonly number[]) {
    return this.k
      .selectFrom('recordings')
      .select(['eventId', 'state'])
      .where('userId', '=', who.userId)
      .where('profileId', '=', who.profileId)
      .where('eventId', 'in', eventIds.length > 0 ? eventIds : [0])
      .execute();
  }

  /** Scheduled recordings whose programme has ended become ready, with their retention. */
  async finishEnded(now: number, retentionMs: number): Promise<number> {
    const r = await this.k
      .updateTable('recordings')
      .set({
        state: 'ready',
        expiresAt: sql`case when protected = 1 then null else end_time + ${retentionMs} end`,
      })
      .where('state', '=', 'scheduled')
      .where('endTime', '<=', now)
      .executeTakeFirst();
    return Number(r.numUpdatedRows);
  }

  /** Up to `limit` ids of recordings past their retention. */
  async expiredIds(now: number, limit: number): Promise<number[]> {
    const rows = await this.k
      .selectFrom('recordings')
      .select('id')
      .where('expiresAt', '<=', now)
      .where('protected', '=', 0)
      .limit(limit)
      .execute();
    return rows.map((r) => r.id);
  }

  /** Scheduled recordings after `afterId`, by id: the ones a guide change may move or cancel. */
  scheduledPage(afterId: number, limit: number): Promise<RecordingRow[]> {
    return this.k
      .selectFrom('recordings')
      .selectAll()
      .where('state', '=', 'scheduled')
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  /** The episodes each rule has recorded, as stored labels (new-episodes-only rules compare keys of them). */
  async episodesOfRules(ruleIds: readonly number[]): Promise<{ ruleId: number; episodeNum: string }[]> {
    const out: { ruleId: number; episodeNum: string }[] = [];
    for (let i = 0; i < ruleIds.length; i += IN_CHUNK) {
      const rows = await this.k
        .selectFrom('recordings')
        .select(['ruleId', 'episodeNum'])
        .where('ruleId', 'in', ruleIds.slice(i, i + IN_CHUNK))
        .where('episodeNum', '<>', '')
        .execute();
      for (const r of rows) if (r.ruleId !== null) out.push({ ruleId: r.ruleId, episodeNum: r.episodeNum });
    }
    return out;
  }

  /** The media references held now (tests and the operator's view of what the archive must keep). */
  media() {
    return this.k.selectFrom('recordingMedia').selectAll().orderBy('mediaKey').execute();
  }

  channelRights(channelId: number) {
    return this.k
      .selectFrom('recordingChannelRights')
      .selectAll()
      .where('channelId', '=', channelId)
      .executeTakeFirst();
  }

  /** Sets a channel's rights and writes `audit` in the same transaction. */
  async setChannelRights(
    channelId: number,
    values: { recordable: number; skipAhead: number; updatedAt: number },
    audit: (trx: Transaction<RecordingsTables>) => Promise<void>,
  ): Promise<void> {
    await this.k.transaction().execute(async (trx) => {
      await trx
        .insertInto('recordingChannelRights')
        .values({ channelId, ...values })
        .onConflict((oc) => oc.column('channelId').doUpdateSet(values))
        .execute();
      await audit(trx);
    });
  }

  async scheduledIdsOfRule(who: ProfileKey, ruleId: number): Promise<number[]> {
    const rows = await this.k
      .selectFrom('recordings')
      .select('id')
      .where('userId', '=', who.userId)
      .where('profileId', '=', who.profileId)
      .where('ruleId', '=', ruleId)
      .where('state', '=', 'scheduled')
      .execute();
    return rows.map((r) => r.id);
  }

  /** Everything kept about the user here, for the data export. */
  async exportOf(userId: number) {
    return {
      recordings: await this.k.selectFrom('recordings').selectAll().where('userId', '=', userId).execute(),
      rules: await this.k.selectFrom('recordingRules').selectAll().where('userId', '=', userId).execute(),
      reminders: await this.k.selectFrom('recordingReminders').selectAll().where('userId', '=', userId).execute(),
    };
  }

  async eraseOf(userId: number): Promise<void> {
    await this.eraseWhere(userId, null);
  }

  /** A deleted profile's recordings (their media references released), rules and reminders go with it. */
  async removeProfile(who: ProfileKey): Promise<void> {
    await this.eraseWhere(who.userId, who.profileId);
  }

  private async eraseWhere(userId: number, profileId: number | null): Promise<void> {
    for (;;) {
      let q = this.k.selectFrom('recordings').select('id').where('userId', '=', userId);
      if (profileId !== null) q = q.where('profileId', '=', profileId);
      const ids = await q.limit(IN_CHUNK).execute();
      if (ids.length === 0) break;
      await this.remove({ ids: ids.map((r) => r.id) });
    }
    let rules = this.k.deleteFrom('recordingRules').where('userId', '=', userId);
    let reminders = this.k.deleteFrom('recordingReminders').where('userId', '=', userId);
    if (profileId !== null) {
      rules = rules.where('profileId', '=', profileId);
      reminders = reminders.where('profileId', '=', profileId);
    }
    await rules.execute();
    await reminders.execute();
  }
}

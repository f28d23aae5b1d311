import type { Insertable, Kysely } from 'kysely';
import type { Db } from '../../platform/database';
import type { RecordableGuide } from '../catalogue';
import type { ProfileKey } from './recordings.repository';
import type { RecordingReminderRow, RecordingReminderTable, RecordingsTables } from './tables';
import { remindAt } from './timing';

const PAGE = 2_000;

/** The SQL of reminders. */
export class RemindersRepository {
  constructor(private readonly db: Db) {}

  private get k(): Kysely<RecordingsTables> {
    return this.db.kysely<RecordingsTables>();
  }

  /** Sets (or resets) the profile's reminder of a programme. */
  async upsert(row: Omit<Insertable<RecordingReminderTable>, 'id'>): Promise<RecordingReminderRow> {
    await this.k
      .insertInto('recordingReminders')
      .values(row)
      .onConflict((oc) =>
        oc.columns(['userId', 'profileId', 'eventId']).doUpdateSet({
          minutesBefore: row.minutesBefore,
          remindAt: row.remindAt,
          mail: row.mail,
          seen: 0,
          mailed: 0,
          pushed: 0,
        }),
      )
      .execute();
    return this.k
      .selectFrom('recordingReminders')
      .selectAll()
      .where('userId', '=', row.userId)
      .where('profileId', '=', row.profileId)
      .where('eventId', '=', row.eventId)
      .executeTakeFirstOrThrow();
  }

  /** The profile's reminders of programmes not ended, soonest first, after (remindAt, id). */
  page(who: ProfileKey, now: number, after: { at: number; id: number } | null, limit: number) {
    let q = this.k
      .selectFrom('recordingReminders')
      .selectAll()
      .where('userId', '=', who.userId)
      .where('profileId', '=', who.profileId)
      .where('endTime', '>', now);
    if (after)
      q = q.where((eb) =>
        eb.or([eb('remindAt', '>', after.at), eb.and([eb('remindAt', '=', after.at), eb('id', '>', after.id)])]),
      );
    return q.orderBy('remindAt').orderBy('id').limit(limit).execute();
  }

  due(who: ProfileKey, now: number, limit: number) {
    return this.k
      .selectFrom('recordingReminders')
      .selectAll()
      .where('userId', '=', who.userId)
      .where('profileId', '=', who.profileId)
      .where('seen', '=', 0)
      .where('remindAt', '<=', now)
      .where('endTime', '>', now)
      .orderBy('remindAt')
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  async markSeen(who: ProfileKey, id: number): Promise<boolean> {
    const r = await this.k
      .updateTable('recordingReminders')
      .set({ seen: 1 })
      .where('userId', '=', who.userId)
      .where('profileId', '=', who.profileId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  async remove(who: ProfileKey, id: number): Promise<boolean> {
    const r = await this.k
      .deleteFrom('recordingReminders')
      .where('userId', '=', who.userId)
      .where('profileId', '=', who.profileId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }

  /** Due reminders to mail, not mailed yet (callers hold the cluster's lock). */
  toMail(now: number, limit: number) {
    return this.k
      .selectFrom('recordingReminders')
      .selectAll()
      .where('mailed', '=', 0)
      .where('mail', '=', 1)
      .where('remindAt', '<=', now)
      .where('endTime', '>', now)
      .orderBy('remindAt')
      .limit(limit)
      .execute();
  }

  async markMailed(ids: readonly number[]): Promise<void> {
    if (ids.length > 0)
      await this.k.updateTable('recordingReminders').set({ mailed: 1 }).where('id', 'in', ids).execute();
  }

  /** Reminders of programmes not started follow a move in the guide and go with a cancellation. */
  async followGuide(guide: RecordableGuide): Promise<void> {
    for (let after = 0; ;) {
      const rows = await this.k
        .selectFrom('recordingReminders')
        .selectAll()
        .where('mailed', '=', 0)
        .where('seen', '=', 0)
        .where('id', '>', after)
        .orderBy('id')
        .limit(PAGE)
        .execute();
      if (rows.length === 0) break;
      const found = new Map((await guide.programmes([...new Set(rows.map((r) => r.eventId))])).map((p) => [p.id, p]));
      const gone: number[] = [];
      for (const r of rows) {
        const p = found.get(r.eventId);
        if (!p || p.channelId !== r.channelId) gone.push(r.id);
        else if (p.startTime !== r.startTime || p.endTime !== r.endTime)
          await this.k
            .updateTable('recordingReminders')
            .set({ startTime: p.startTime, endTime: p.endTime, remindAt: remindAt(p.startTime, r.minutesBefore) })
            .where('id', '=', r.id)
            .execute();
      }
      if (gone.length > 0) await this.k.deleteFrom('recordingReminders').where('id', 'in', gone).execute();
      after = rows.at(-1)?.id ?? after;
    }
  }
}

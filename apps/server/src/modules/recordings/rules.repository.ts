import type { Kysely } from 'kysely';
import type { Db } from '../../platform/database';
import type { RecordingRuleRow, RecordingRuleTable, RecordingsTables } from './tables';
import type { Insertable } from 'kysely';

/** The SQL of series rules. */
export class RulesRepository {
  constructor(private readonly db: Db) {}

  private get k(): Kysely<RecordingsTables> {
    return this.db.kysely<RecordingsTables>();
  }

  async insert(row: Omit<Insertable<RecordingRuleTable>, 'id'>): Promise<RecordingRuleRow> {
    return this.k.insertInto('recordingRules').values(row).returningAll().executeTakeFirstOrThrow();
  }

  /** The user's rules, newest first, before `beforeId`. */
  page(userId: number, beforeId: number | null, limit: number): Promise<RecordingRuleRow[]> {
    let q = this.k.selectFrom('recordingRules').selectAll().where('userId', '=', userId);
    if (beforeId !== null) q = q.where('id', '<', beforeId);
    return q.orderBy('id', 'desc').limit(limit).execute();
  }

  find(userId: number, id: number): Promise<RecordingRuleRow | undefined> {
    return this.k
      .selectFrom('recordingRules')
      .selectAll()
      .where('userId', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async remove(userId: number, id: number): Promise<boolean> {
    const r = await this.k
      .deleteFrom('recordingRules')
      .where('userId', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }

  /** Every rule, by id, in pages (evaluation reads them all). */
  all(afterId: number, limit: number): Promise<RecordingRuleRow[]> {
    return this.k
      .selectFrom('recordingRules')
      .selectAll()
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(limit)
      .execute();
  }
}

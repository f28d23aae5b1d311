import type { Kysely } from 'kysely';
import type { Db } from '../../platform/database';
import type { ProfileKey } from './recordings.repository';
import type { RecordingRuleRow, RecordingRuleTable, RecordingsTables } from './tables';
import type { Insertable } from 'kysely';

export type RuleForMatching = Pick<
  RecordingRuleRow,
  'id' | 'userId' | 'profileId' | 'kind' | 'folded' | 'channelId' | 'newOnly'
>;

/** The SQL of series rules. */
export class RulesRepository {
  constructor(private readonly db: Db) {}

  private get k(): Kysely<RecordingsTables> {
    return this.db.kysely<RecordingsTables>();
  }

  async insert(row: Omit<Insertable<RecordingRuleTable>, 'id'>): Promise<RecordingRuleRow> {
    return this.k.insertInto('recordingRules').values(row).returningAll().executeTakeFirstOrThrow();
  }

  /** The profile's rules, newest first, before `beforeId`. */
  page(who: ProfileKey, beforeId: number | null, limit: number): Promise<RecordingRuleRow[]> {
    let q = this.k
      .selectFrom('recordingRules')
      .selectAll()
      .where('userId', '=', who.userId)
      .where('profileId', '=', who.profileId);
    if (beforeId !== null) q = q.where('id', '<', beforeId);
    return q.orderBy('id', 'desc').limit(limit).execute();
  }

  find(who: ProfileKey, id: number): Promise<RecordingRuleRow | undefined> {
    return this.k
      .selectFrom('recordingRules')
      .selectAll()
      .where('userId', '=', who.userId)
      .where('profileId', '=', who.profileId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async remove(who: ProfileKey, id: number): Promise<boolean> {
    const r = await this.k
      .deleteFrom('recordingRules')
      .where('userId', '=', who.userId)
      .where('profileId', '=', who.profileId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }

  /**
   * Every rule, by id, in pages, with what matching needs only (evaluation reads them all): as
   * arrays where the database gives them, an object per row costing more than the query.
   */
  async forMatching(afterId: number, limit: number): Promise<RuleForMatching[]> {
    const q = this.k
      .selectFrom('recordingRules')
      .select(['id', 'userId', 'profileId', 'kind', 'folded', 'channelId', 'newOnly'])
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(limit);
    const { selectArrays } = this.db;
    if (!selectArrays) return q.execute();
    const compiled = q.compile();
    return (await selectArrays(compiled.sql, compiled.parameters)).map((r) => ({
      id: Number(r[0]),
      userId: Number(r[1]),
      profileId: Number(r[2]),
      kind: r[3] === 'keyword' ? 'keyword' : 'title',
      folded: String(r[4]),
      channelId: r[5] === null ? null : Number(r[5]),
      newOnly: Number(r[6]),
    }));
  }
}

import type { Insertable, Kysely } from 'kysely';
import type { Db } from '../../platform/database';
import type { QoeSpeedTestsTable, QoeTables } from './tables';

/** The SQL of the /conndiag/ speed runs. */
export class SpeedTestsRepository {
  private readonly k: Kysely<QoeTables>;
  constructor(db: Db) {
    this.k = db.kysely<QoeTables>();
  }

  async insert(row: Insertable<QoeSpeedTestsTable>): Promise<void> {
    await this.k.insertInto('qoeSpeedTests').values(row).execute();
  }

  /** An account's latest runs, newest first. */
  latestOf(userId: number, limit: number) {
    return this.k
      .selectFrom('qoeSpeedTests')
      .select(['at', 'browser', 'os', 'screen', 'results'])
      .where('userId', '=', userId)
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }

  async forget(before: number): Promise<void> {
    await this.k.deleteFrom('qoeSpeedTests').where('at', '<', before).execute();
  }

  async eraseOf(userId: number): Promise<void> {
    await this.k.deleteFrom('qoeSpeedTests').where('userId', '=', userId).execute();
  }
}

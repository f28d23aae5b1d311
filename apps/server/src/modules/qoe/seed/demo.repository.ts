import type { Insertable, Kysely } from 'kysely';
import type { Db } from '../../../platform/database';
import { INSERT_NEW_VIEW_SQL, viewValues } from '../qoe.repository';
import type { QoeTables, QoeViewsTable } from '../tables';

/** Rows per insert statement: under both databases' parameter limits (27 columns). */
const CHUNK = 200;

/** What the QoE demo asks of the database beyond the module's repository. */
export class QoeDemoRepository {
  private readonly db: Kysely<QoeTables>;
  constructor(private readonly raw: Db) {
    this.db = raw.kysely<QoeTables>();
  }

  /** Whether any per-minute aggregate exists: then a history (real or generated) is there already. */
  async hasHistory(): Promise<boolean> {
    const row = await this.db.selectFrom('qoeMinutes').select('minute').limit(1).executeTakeFirst();
    return row !== undefined;
  }

  /** Writes many views in one transaction (a history at start); a view id already there is left alone. */
  async insertViews(rows: readonly Insertable<QoeViewsTable>[]): Promise<void> {
    const runMany = this.raw.runMany;
    if (runMany) {
      await this.db.transaction().execute(async () => runMany(INSERT_NEW_VIEW_SQL, rows.map(viewValues)));
      return;
    }
    await this.db.transaction().execute(async (trx) => {
      for (let i = 0; i < rows.length; i += CHUNK) {
        await trx
          .insertInto('qoeViews')
          .values(rows.slice(i, i + CHUNK))
          .onConflict((oc) => oc.column('viewId').doNothing())
          .execute();
      }
    });
  }
}

import type { Kysely } from 'kysely';
import { SOURCE_FETCH_HISTORY } from '@pantalla/contracts';
import { recordAudit, type Actor, type AuditChange, type AuditTables } from '../../platform/audit.repository';
import type { Db } from '../../platform/database';
import type { IngestTables, NewSourceFetch, SourceFetchRow } from './tables';

type Tables = IngestTables & AuditTables;
/** What a finished fetch sets on its row. */
export type FetchOutcome = Pick<
  SourceFetchRow,
  | 'finishedAt'
  | 'outcome'
  | 'httpStatus'
  | 'etag'
  | 'lastModified'
  | 'bytes'
  | 'durationMs'
  | 'report'
  | 'warnings'
  | 'error'
>;

/** SQL of the console's fetch history: a row per fetch or upload, the last 30 of each source kept. */
export class FetchHistoryRepository {
  constructor(private readonly db: Db) {}

  private get k(): Kysely<Tables> {
    return this.db.kysely<Tables>();
  }

  /**
   * Adds a fetch as running and trims the source's history to the newest 30, with the
   * operator's audit row in the same transaction when an operator started it.
   */
  start(
    row: NewSourceFetch,
    audit: { actor: Actor; change: Omit<AuditChange, 'after'> } | null,
  ): Promise<SourceFetchRow> {
    return this.k.transaction().execute(async (trx) => {
      const saved = await trx.insertInto('sourceFetches').values(row).returningAll().executeTakeFirstOrThrow();
      const keep = await trx
        .selectFrom('sourceFetches')
        .select('id')
        .where('sourceId', '=', row.sourceId)
        .orderBy('id', 'desc')
        .offset(SOURCE_FETCH_HISTORY - 1)
        .limit(1)
        .executeTakeFirst();
      if (keep)
        await trx.deleteFrom('sourceFetches').where('sourceId', '=', row.sourceId).where('id', '<', keep.id).execute();
      if (audit)
        await recordAudit(trx, audit.actor, row.startedAt, {
          ...audit.change,
          after: { fetchId: saved.id, trigger: row.trigger },
        });
      return saved;
    });
  }

  async finish(id: number, outcome: FetchOutcome): Promise<SourceFetchRow | undefined> {
    await this.k.updateTable('sourceFetches').set(outcome).where('id', '=', id).execute();
    return this.k.selectFrom('sourceFetches').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** A source's history, newest first (at most 30 rows exist). */
  list(sourceId: number): Promise<SourceFetchRow[]> {
    return this.k
      .selectFrom('sourceFetches')
      .selectAll()
      .where('sourceId', '=', sourceId)
      .orderBy('id', 'desc')
      .limit(SOURCE_FETCH_HISTORY)
      .execute();
  }

  /** The newest fetch of each of these sources. */
  async last(sourceIds: readonly number[]): Promise<Map<number, SourceFetchRow>> {
    if (sourceIds.length === 0) return new Map();
    const latest = this.k
      .selectFrom('sourceFetches')
      .select((eb) => eb.fn.max('id').as('id'))
      .where('sourceId', 'in', sourceIds)
      .groupBy('sourceId');
    const rows = await this.k.selectFrom('sourceFetches').selectAll().where('id', 'in', latest).execute();
    return new Map(rows.map((r) => [r.sourceId, r]));
  }

  /**
   * Fetches left 'running' by a process that stopped mid-way: their source's lease has run
   * out (a live run holds it), so they are marked failed.
   */
  async failAbandoned(now: number): Promise<void> {
    await this.k
      .updateTable('sourceFetches')
      .set({ outcome: 'failed', finishedAt: now, error: 'El proceso que hacía la descarga se detuvo.' })
      .where('outcome', '=', 'running')
      .where('sourceId', 'in', this.k.selectFrom('ingestSources').select('id').where('leaseUntil', '<=', now))
      .execute();
  }
}

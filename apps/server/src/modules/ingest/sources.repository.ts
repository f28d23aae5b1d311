import type { Kysely } from 'kysely';
import { recordAudit, type Actor, type AuditTables } from '../../platform/audit.repository';
import type { Db } from '../../platform/database';
import type { IngestRunRow, IngestSourceRow, IngestTables, NewIngestRun } from './tables';

/** A source's fields an operator edits. */
export type SourceFields = Pick<IngestSourceRow, 'kind' | 'url' | 'intervalMinutes' | 'guideShiftMinutes'>;
const fieldsOf = (s: IngestSourceRow): SourceFields => ({
  kind: s.kind,
  url: s.url,
  intervalMinutes: s.intervalMinutes,
  guideShiftMinutes: s.guideShiftMinutes,
});

/** SQL of the scheduled sources and their runs. */
export class SourcesRepository {
  constructor(private readonly db: Db) {}

  private get k(): Kysely<IngestTables & AuditTables> {
    return this.db.kysely<IngestTables & AuditTables>();
  }

  /** A page of sources by id, after `afterId`. */
  page(afterId: number, limit: number): Promise<IngestSourceRow[]> {
    return this.k
      .selectFrom('ingestSources')
      .selectAll()
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  /** An operator adds a source: the row and its audit row in one transaction. */
  addAudited(source: SourceFields & { nextRunAt: number; createdAt: number }, actor: Actor): Promise<IngestSourceRow> {
    return this.k.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('ingestSources')
        .values({ ...source, etag: null, lastModified: null, leaseUntil: 0 })
        .returningAll()
        .executeTakeFirstOrThrow();
      await recordAudit(trx, actor, source.createdAt, {
        action: 'source.create',
        subjectType: 'source',
        subjectId: row.id,
        after: fieldsOf(row),
      });
      return row;
    });
  }

  /**
   * An operator edits a source; a new URL or interval makes it due at once (its validators,
   * another file's, are forgotten). Undefined when it does not exist.
   */
  updateAudited(
    id: number,
    changes: Partial<SourceFields>,
    actor: Actor,
    at: number,
  ): Promise<IngestSourceRow | undefined> {
    return this.k.transaction().execute(async (trx) => {
      const before = await trx.selectFrom('ingestSources').selectAll().where('id', '=', id).executeTakeFirst();
      if (!before) return undefined;
      const changed = Object.fromEntries(
        Object.entries(changes).filter(([key, value]) => before[key as keyof SourceFields] !== value),
      ) as Partial<SourceFields>;
      if (Object.keys(changed).length === 0) return before;
      const refetch = changed.url !== undefined || changed.kind !== undefined;
      await trx
        .updateTable('ingestSources')
        .set({ ...changed, ...(refetch ? { etag: null, lastModified: null, nextRunAt: at } : {}) })
        .where('id', '=', id)
        .execute();
      const pick = (s: Partial<SourceFields>) =>
        Object.fromEntries(Object.keys(changed).map((key) => [key, s[key as keyof SourceFields]]));
      await recordAudit(trx, actor, at, {
        action: 'source.update',
        subjectType: 'source',
        subjectId: id,
        before: pick(before),
        after: pick(changed),
      });
      return trx.selectFrom('ingestSources').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    });
  }

  /** An operator removes a source (its runs, fetches and staged programmes go with it). */
  removeAudited(id: number, actor: Actor, at: number): Promise<boolean> {
    return this.k.transaction().execute(async (trx) => {
      const before = await trx.selectFrom('ingestSources').selectAll().where('id', '=', id).executeTakeFirst();
      if (!before) return false;
      await trx.deleteFrom('ingestSources').where('id', '=', id).execute();
      await recordAudit(trx, actor, at, {
        action: 'source.delete',
        subjectType: 'source',
        subjectId: id,
        before: fieldsOf(before),
      });
      return true;
    });
  }

  async add(source: {
    kind: 'xmltv' | 'm3u';
    url: string;
    intervalMinutes: number;
    guideShiftMinutes: number;
    nextRunAt: number;
    createdAt: number;
  }): Promise<IngestSourceRow> {
    return this.k
      .insertInto('ingestSources')
      .values({ ...source, etag: null, lastModified: null, leaseUntil: 0 })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  list(): Promise<IngestSourceRow[]> {
    return this.k.selectFrom('ingestSources').selectAll().orderBy('id').execute();
  }

  find(id: number): Promise<IngestSourceRow | undefined> {
    return this.k.selectFrom('ingestSources').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The command line's `sources shift`: undefined when the source does not exist. */
  async setGuideShift(id: number, minutes: number): Promise<IngestSourceRow | undefined> {
    await this.k.updateTable('ingestSources').set({ guideShiftMinutes: minutes }).where('id', '=', id).execute();
    return this.find(id);
  }

  async remove(id: number): Promise<boolean> {
    const r = await this.k.deleteFrom('ingestSources').where('id', '=', id).executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }

  /** Ids of the sources due at `now` and not held by a process. */
  async due(now: number): Promise<number[]> {
    const rows = await this.k
      .selectFrom('ingestSources')
      .select('id')
      .where('nextRunAt', '<=', now)
      .where('leaseUntil', '<=', now)
      // Lists before guides: a guide then finds the channels its list brings.
      .orderBy('kind')
      .orderBy('nextRunAt')
      .execute();
    return rows.map((r) => r.id);
  }

  /**
   * Takes the source for one run: a compare-and-set on its lease, so of several processes
   * asking at once exactly one gets it. `whenDue` only takes it if its time has come.
   */
  async claim(id: number, now: number, leaseUntil: number, whenDue: boolean): Promise<IngestSourceRow | undefined> {
    let q = this.k.updateTable('ingestSources').set({ leaseUntil }).where('id', '=', id).where('leaseUntil', '<=', now);
    if (whenDue) q = q.where('nextRunAt', '<=', now);
    const r = await q.executeTakeFirst();
    return Number(r.numUpdatedRows) === 1 ? this.find(id) : undefined;
  }

  /** Frees the source after a run, with its next time and the validators of the answer. */
  async release(
    id: number,
    set: { nextRunAt: number; etag?: string | null; lastModified?: string | null },
  ): Promise<void> {
    await this.k
      .updateTable('ingestSources')
      .set({ ...set, leaseUntil: 0 })
      .where('id', '=', id)
      .execute();
  }

  async addRun(run: NewIngestRun): Promise<IngestRunRow> {
    return this.k.insertInto('ingestRuns').values(run).returningAll().executeTakeFirstOrThrow();
  }

  runs(sourceId: number, limit: number): Promise<IngestRunRow[]> {
    return this.k
      .selectFrom('ingestRuns')
      .selectAll()
      .where('sourceId', '=', sourceId)
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }

  /** The last run of each source. */
  async lastRuns(): Promise<Map<number, IngestRunRow>> {
    const latest = this.k
      .selectFrom('ingestRuns')
      .select((eb) => eb.fn.max('id').as('id'))
      .groupBy('sourceId');
    const rows = await this.k.selectFrom('ingestRuns').selectAll().where('id', 'in', latest).execute();
    return new Map(rows.map((r) => [r.sourceId, r]));
  }
}

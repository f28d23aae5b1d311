import type { Kysely } from 'kysely';
import { recordAudit, type Actor, type AuditChange, type AuditTables } from '../../platform/audit.repository';
import type { Db } from '../../platform/database';
import { feedBase } from './channel-plan';
import type { ChannelLookupTables, GuideMappingRow, IngestTables, NewGuideStaged } from './tables';

type Tables = IngestTables & AuditTables & ChannelLookupTables;

/** Rows per insert: under both databases' bound-parameter limits. */
const STAGE_CHUNK = 500;

/** SQL of the guide ids no channel carries: their staged programmes, the operator's mappings, the picker's channels. */
export class GuideMappingRepository {
  constructor(private readonly db: Db) {}

  private get k(): Kysely<Tables> {
    return this.db.kysely<Tables>();
  }

  /** Replaces what the source's previous import staged with this import's unmatched programmes. */
  async replaceStaged(sourceId: number, rows: readonly NewGuideStaged[]): Promise<void> {
    await this.k.transaction().execute(async (trx) => {
      await trx.deleteFrom('guideStaged').where('sourceId', '=', sourceId).execute();
      for (let i = 0; i < rows.length; i += STAGE_CHUNK)
        await trx
          .insertInto('guideStaged')
          .values(rows.slice(i, i + STAGE_CHUNK))
          .execute();
    });
  }

  /** Every staged programme of a guide id (from any source), by start. */
  staged(guideId: string): Promise<{ startTime: number; programme: string }[]> {
    return this.k
      .selectFrom('guideStaged')
      .select(['startTime', 'programme'])
      .where('guideId', '=', guideId)
      .orderBy('startTime')
      .orderBy('id')
      .execute();
  }

  /** A page of the source's staged guide ids without a mapping, by id. */
  async unmatched(
    sourceId: number,
    after: string | null,
    limit: number,
  ): Promise<{ guideId: string; programmes: number; firstLine: number | null }[]> {
    let q = this.k
      .selectFrom('guideStaged')
      .select((eb) => ['guideId', eb.fn.countAll<number>().as('programmes'), eb.fn.min('line').as('firstLine')])
      .where('sourceId', '=', sourceId)
      .where('guideId', 'not in', this.k.selectFrom('guideMappings').select('guideId'))
      .groupBy('guideId')
      .orderBy('guideId')
      .limit(limit);
    if (after !== null) q = q.where('guideId', '>', after);
    const rows = await q.execute();
    return rows.map((r) => ({
      guideId: r.guideId,
      programmes: Number(r.programmes),
      firstLine: r.firstLine === null ? null : Number(r.firstLine),
    }));
  }

  /** How many unmapped guide ids each source's last import staged. */
  async unmatchedCounts(sourceIds: readonly number[]): Promise<Map<number, number>> {
    if (sourceIds.length === 0) return new Map();
    const rows = await this.k
      .selectFrom('guideStaged')
      .select((eb) => ['sourceId', eb.fn.count<number>('guideId').distinct().as('n')])
      .where('sourceId', 'in', sourceIds)
      .where('guideId', 'not in', this.k.selectFrom('guideMappings').select('guideId'))
      .groupBy('sourceId')
      .execute();
    return new Map(rows.map((r) => [r.sourceId, Number(r.n)]));
  }

  mapping(guideId: string): Promise<GuideMappingRow | undefined> {
    return this.k.selectFrom('guideMappings').selectAll().where('guideId', '=', guideId).executeTakeFirst();
  }

  /** The mappings of these guide ids. */
  async mappings(guideIds: readonly string[]): Promise<GuideMappingRow[]> {
    const out: GuideMappingRow[] = [];
    for (let i = 0; i < guideIds.length; i += STAGE_CHUNK)
      out.push(
        ...(await this.k
          .selectFrom('guideMappings')
          .selectAll()
          .where('guideId', 'in', guideIds.slice(i, i + STAGE_CHUNK))
          .execute()),
      );
    return out;
  }

  /** Saves the operator's decision and its audit row in one transaction. */
  async saveMapping(
    row: GuideMappingRow,
    actor: Actor,
    change: Omit<AuditChange, 'before' | 'after' | 'subjectType' | 'subjectId'>,
  ): Promise<void> {
    await this.k.transaction().execute(async (trx) => {
      const before = await trx
        .selectFrom('guideMappings')
        .selectAll()
        .where('guideId', '=', row.guideId)
        .executeTakeFirst();
      await trx
        .insertInto('guideMappings')
        .values(row)
        .onConflict((oc) =>
          oc.column('guideId').doUpdateSet({ action: row.action, channelId: row.channelId, updatedAt: row.updatedAt }),
        )
        .execute();
      await recordAudit(trx, actor, row.updatedAt, {
        ...change,
        subjectType: 'guide-id',
        subjectId: row.guideId,
        before: before ? { action: before.action, channelId: before.channelId } : null,
        after: { action: row.action, channelId: row.channelId },
      });
    });
  }

  channel(id: number): Promise<{ id: number; name: string } | undefined> {
    return this.k.selectFrom('channels').select(['id', 'name']).where('id', '=', id).executeTakeFirst();
  }

  /** Every guide id a channel carries: what an import matches programmes by. */
  async carriedGuideIds(): Promise<Set<string>> {
    const rows = await this.k.selectFrom('channels').select('tvgId').where('tvgId', 'is not', null).execute();
    // A guide's 'France2.fr' is carried by the list's feeds 'France2.fr@SD', 'France2.fr@HD'.
    const ids = new Set<string>();
    for (const { tvgId } of rows) {
      ids.add(tvgId as string);
      const base = feedBase(tvgId as string);
      if (base !== null) ids.add(base);
    }
    return ids;
  }

  /** Channels for the mapping picker: by number, or a name containing the (normalised) text. */
  channelOptions(normalized: string, number: number | null, limit: number) {
    let q = this.k.selectFrom('channels').select(['id', 'number', 'name', 'tvgId']).orderBy('number').limit(limit);
    if (normalized !== '')
      q = q.where((eb) =>
        eb.or([
          eb('searchTitle', 'like', `%${normalized.replace(/[%_\\]/g, '')}%`),
          ...(number !== null ? [eb('number', '=', number)] : []),
        ]),
      );
    return q.execute();
  }
}

import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool, type Transaction } from 'kysely';
import type { ChannelHealth, OperatorChannelSort } from '@pantalla/contracts';
import { recordAudit, type Actor } from '../../platform/audit.repository';
import type { Db } from '../../platform/database';
import type { CatalogueTables, ChannelRow, ChannelUpdate } from './tables';

/** Commerce's packages, read only to refuse a package that does not exist (as a foreign key would). */
interface PackageRef {
  packages: { id: number };
}
type Tables = CatalogueTables & PackageRef;
type ChannelsEb = ExpressionBuilder<Tables, 'channels'>;

/** A channel row with its health, as the console's lists read it. */
export type ConsoleChannelRow = ChannelRow & { health: ChannelHealth };

/** Filters and order of the console's channel table. */
export interface ChannelListQuery {
  /** Normalised search text (name), and the number when the search is all digits. */
  text?: string;
  number?: number;
  packageId?: number;
  genreId?: number;
  source?: 'origin' | 'external';
  guide?: 'seed' | 'import';
  health?: ChannelHealth;
  sort: OperatorChannelSort;
  dir: 'asc' | 'desc';
  offset: number;
  limit: number;
}

/**
 * Health from the channel's own streams (decisions: "Channel health"): nothing to play is
 * an error, one external URL without alternates a warning. One CASE over the row: the
 * table filters and sorts 10,000 channels by it without a join.
 */
const HEALTH = sql<ChannelHealth>`case when channels.stream_source = 'external' and (channels.stream_url is null or channels.stream_url = '') then 'error' when channels.stream_source = 'external' and (channels.alternate_streams is null or channels.alternate_streams = '[]' or channels.alternate_streams = '') then 'warning' else 'ok' end`;
const HEALTH_RANK = sql<number>`case when channels.stream_source = 'external' and (channels.stream_url is null or channels.stream_url = '') then 0 when channels.stream_source = 'external' and (channels.alternate_streams is null or channels.alternate_streams = '[]' or channels.alternate_streams = '') then 1 else 2 end`;

/** What a change found: the channel written (with its audit row), or why nothing was. */
export type ChannelWrite =
  | { kind: 'saved'; before: ChannelRow; after: ChannelRow }
  | { kind: 'missing' }
  | { kind: 'clash'; other: { id: number; name: string; lineup: string | null } }
  | { kind: 'no-package' }
  | { kind: 'no-genre' };

/** Builds the columns to write and the audit values from the row as the transaction read it; null: nothing changes. */
export type ChannelChangeBuilder = (
  row: ChannelRow,
) => { set: ChannelUpdate; before: Record<string, unknown>; after: Record<string, unknown> } | null;

/** SQL of the console's channels and lineups: pages by index, every change with its audit row in one transaction. */
export class OperatorChannelsRepository {
  constructor(private readonly db: Db) {}

  private get k(): Kysely<Tables> {
    return this.db.kysely<Tables>();
  }

  /** An operator had the server ask for a channel's streams: the trail says who made it reach out. */
  async auditStreamCheck(id: number, urls: readonly string[], actor: Actor, at: number): Promise<void> {
    await recordAudit(this.k, actor, at, {
      action: 'channel.stream-check',
      subjectType: 'channel',
      subjectId: id,
      after: { urls },
    });
  }

  private where(q: ChannelListQuery) {
    return (eb: ChannelsEb) => {
      const and: Expression<SqlBool>[] = [];
      if (q.text !== undefined || q.number !== undefined) {
        const or: Expression<SqlBool>[] = [];
        if (q.text) or.push(eb('channels.searchTitle', 'like', `%${q.text}%`));
        if (q.number !== undefined) or.push(eb('channels.number', '=', q.number));
        and.push(eb.or(or));
      }
      if (q.packageId !== undefined) and.push(eb('channels.packageId', '=', q.packageId));
      if (q.genreId !== undefined) and.push(eb('channels.channelGenreId', '=', q.genreId));
      if (q.source !== undefined) and.push(eb('channels.streamSource', '=', q.source));
      if (q.guide !== undefined) and.push(eb('channels.guideSource', '=', q.guide));
      if (q.health !== undefined) and.push(eb(HEALTH, '=', q.health));
      return eb.and(and);
    };
  }

  /** One page of channels in the asked order, and how many match. */
  async listChannels(q: ChannelListQuery): Promise<{ rows: ConsoleChannelRow[]; total: number }> {
    const where = this.where(q);
    let page = this.k.selectFrom('channels').selectAll('channels').select(HEALTH.as('health')).where(where);
    const dir = q.dir;
    if (q.sort === 'name') page = page.orderBy('channels.searchTitle', dir);
    else if (q.sort === 'health') page = page.orderBy(HEALTH_RANK, dir);
    else if (q.sort === 'package') page = page.orderBy('channels.packageId', dir);
    else if (q.sort === 'genre') page = page.orderBy('channels.channelGenreId', dir);
    else if (q.sort === 'updated') page = page.orderBy('channels.updatedAt', dir);
    // Ties by number then id: pages never repeat or skip a channel.
    page = page.orderBy('channels.number', q.sort === 'number' ? dir : 'asc').orderBy('channels.id', 'asc');
    const [rows, count] = await Promise.all([
      page.limit(q.limit).offset(q.offset).execute(),
      this.k
        .selectFrom('channels')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where(where)
        .executeTakeFirst(),
    ]);
    return { rows, total: Number(count?.n ?? 0) };
  }

  async channel(id: number): Promise<{ row: ConsoleChannelRow; lineupIds: number[] } | undefined> {
    const row = await this.k
      .selectFrom('channels')
      .selectAll('channels')
      .select(HEALTH.as('health'))
      .where('channels.id', '=', id)
      .executeTakeFirst();
    if (!row) return undefined;
    const lineups = await this.k
      .selectFrom('lineupItems')
      .select('lineupId')
      .where('channelId', '=', id)
      .orderBy('lineupId')
      .execute();
    return { row, lineupIds: lineups.map((l) => l.lineupId) };
  }

  /**
   * Applies `build`'s change to a channel with its audit row, in one transaction: refuses a
   * number another channel of one of its lineups has (of every channel when it is in none),
   * and a package or genre that does not exist.
   */
  updateChannel(
    id: number,
    build: ChannelChangeBuilder,
    actor: Actor,
    at: number,
  ): Promise<ChannelWrite | { kind: 'unchanged'; row: ChannelRow }> {
    return this.k.transaction().execute(async (trx) => {
      const before = await trx.selectFrom('channels').selectAll().where('id', '=', id).executeTakeFirst();
      if (!before) return { kind: 'missing' as const };
      const change = build(before);
      if (!change) return { kind: 'unchanged' as const, row: before };
      const { set } = change;
      if (set.number !== undefined && set.number !== before.number) {
        const other = await this.numberTaken(trx, id, set.number);
        if (other) return { kind: 'clash' as const, other };
      }
      if (
        set.packageId !== undefined &&
        !(await trx.selectFrom('packages').select('id').where('id', '=', set.packageId).executeTakeFirst())
      )
        return { kind: 'no-package' as const };
      if (
        set.channelGenreId !== undefined &&
        !(await trx.selectFrom('channelGenres').select('id').where('id', '=', set.channelGenreId).executeTakeFirst())
      )
        return { kind: 'no-genre' as const };
      await trx
        .updateTable('channels')
        .set({ ...set, updatedAt: await this.nextStamp(trx, at) })
        .where('id', '=', id)
        .execute();
      await recordAudit(trx, actor, at, {
        action: 'channel.update',
        subjectType: 'channel',
        subjectId: id,
        before: change.before,
        after: change.after,
      });
      const after = await trx.selectFrom('channels').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      return { kind: 'saved' as const, before, after };
    });
  }

  /**
   * A channel's updated_at after a change: past every other one, so that the readers'
   * stamp (max updated_at) moves and every process merges the change even when a clock
   * trails an import's.
   */
  private async nextStamp(trx: Transaction<Tables>, at: number): Promise<number> {
    const top = await trx
      .selectFrom('channels')
      .select((eb) => eb.fn.max('updatedAt').as('u'))
      .executeTakeFirst();
    return Math.max(at, Number(top?.u ?? 0) + 1);
  }

  private async numberTaken(
    trx: Transaction<Tables>,
    id: number,
    number: number,
  ): Promise<{ id: number; name: string; lineup: string | null } | undefined> {
    const inLineup = await trx
      .selectFrom('lineupItems as mine')
      .innerJoin('lineupItems as theirs', 'theirs.lineupId', 'mine.lineupId')
      .innerJoin('channels', 'channels.id', 'theirs.channelId')
      .innerJoin('lineups', 'lineups.id', 'mine.lineupId')
      .select(['channels.id', 'channels.name', 'lineups.name as lineup'])
      .where('mine.channelId', '=', id)
      .where('channels.number', '=', number)
      .where('channels.id', '<>', id)
      .executeTakeFirst();
    if (inLineup) return inLineup;
    const listed = await trx
      .selectFrom('lineupItems')
      .select('lineupId')
      .where('channelId', '=', id)
      .executeTakeFirst();
    if (listed) return undefined;
    const any = await trx
      .selectFrom('channels')
      .select(['id', 'name'])
      .where('number', '=', number)
      .where('id', '<>', id)
      .executeTakeFirst();
    return any ? { ...any, lineup: null } : undefined;
  }

  /** Every lineup with its region and channel count. */
  lineups() {
    return this.k
      .selectFrom('lineups')
      .innerJoin('regions', 'regions.id', 'lineups.regionId')
      .leftJoin('lineupItems', 'lineupItems.lineupId', 'lineups.id')
      .select([
        'lineups.id',
        'lineups.name',
        'lineups.regionId',
        'regions.name as regionName',
        (eb) => eb.fn.count<number>('lineupItems.channelId').as('channels'),
      ])
      .groupBy(['lineups.id', 'lineups.name', 'lineups.regionId', 'regions.name'])
      .orderBy('regions.name')
      .orderBy('lineups.name')
      .execute();
  }

  lineupExists(id: number) {
    return this.k.selectFrom('lineups').select('id').where('id', '=', id).executeTakeFirst();
  }

  /** A page of a lineup in its order (by the lineup_items_order index). */
  async lineupPage(
    lineupId: number,
    offset: number,
    limit: number,
  ): Promise<{ rows: ConsoleChannelRow[]; total: number }> {
    const [rows, count] = await Promise.all([
      this.k
        .selectFrom('lineupItems')
        .innerJoin('channels', 'channels.id', 'lineupItems.channelId')
        .selectAll('channels')
        .select(HEALTH.as('health'))
        .where('lineupItems.lineupId', '=', lineupId)
        .orderBy('lineupItems.position')
        .orderBy('lineupItems.channelId')
        .limit(limit)
        .offset(offset)
        .execute(),
      this.k
        .selectFrom('lineupItems')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('lineupId', '=', lineupId)
        .executeTakeFirst(),
    ]);
    return { rows, total: Number(count?.n ?? 0) };
  }

  /**
   * Moves a channel to the place `toIndex` (0 first) of a lineup: the channels between shift
   * by one in a single UPDATE, the channel's updated_at moves (readers' caches key on it),
   * and the audit row is written, in one transaction. null: the channel is not in the lineup.
   */
  moveInLineup(
    lineupId: number,
    channelId: number,
    toIndex: number,
    actor: Actor,
    at: number,
  ): Promise<{ from: number; to: number } | null> {
    return this.k.transaction().execute(async (trx) => {
      const item = await trx
        .selectFrom('lineupItems')
        .select('position')
        .where('lineupId', '=', lineupId)
        .where('channelId', '=', channelId)
        .executeTakeFirst();
      if (!item) return null;
      const p = item.position;
      const [ahead, count] = await Promise.all([
        trx
          .selectFrom('lineupItems')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('lineupId', '=', lineupId)
          .where((eb) =>
            eb.or([eb('position', '<', p), eb.and([eb('position', '=', p), eb('channelId', '<', channelId)])]),
          )
          .executeTakeFirst(),
        trx
          .selectFrom('lineupItems')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('lineupId', '=', lineupId)
          .executeTakeFirst(),
      ]);
      const from = Number(ahead?.n ?? 0);
      const to = Math.min(toIndex, Number(count?.n ?? 1) - 1);
      if (to !== from) {
        const target = await trx
          .selectFrom('lineupItems')
          .select('position')
          .where('lineupId', '=', lineupId)
          .orderBy('position')
          .orderBy('channelId')
          .limit(1)
          .offset(to)
          .executeTakeFirstOrThrow();
        const t = target.position;
        const shift = trx.updateTable('lineupItems').where('lineupId', '=', lineupId);
        if (t < p)
          await shift
            .set((eb) => ({ position: eb('position', '+', 1) }))
            .where('position', '>=', t)
            .where('position', '<', p)
            .execute();
        else
          await shift
            .set((eb) => ({ position: eb('position', '-', 1) }))
            .where('position', '>', p)
            .where('position', '<=', t)
            .execute();
        await trx
          .updateTable('lineupItems')
          .set({ position: t })
          .where('lineupId', '=', lineupId)
          .where('channelId', '=', channelId)
          .execute();
        await trx
          .updateTable('channels')
          .set({ updatedAt: await this.nextStamp(trx, at) })
          .where('id', '=', channelId)
          .execute();
      }
      await recordAudit(trx, actor, at, {
        action: 'lineup.reorder',
        subjectType: 'lineup',
        subjectId: lineupId,
        before: { channelId, position: from },
        after: { channelId, position: to },
      });
      return { from, to };
    });
  }
}

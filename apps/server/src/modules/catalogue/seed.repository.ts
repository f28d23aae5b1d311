import type { Insertable, Kysely, Transaction } from 'kysely';
import type { Db } from '../../platform/database';
import type {
  CatalogueTables,
  ChannelRow,
  ContentGenreTable,
  EpisodeTable,
  FilmTable,
  GenreTable,
  LineupItemTable,
  ListItemTable,
  ListTable,
  NewEvent,
  ScreenTable,
  SeasonTable,
  SeriesTable,
} from './tables';

type Trx = Transaction<CatalogueTables> | Kysely<CatalogueTables>;

async function chunked<T>(rows: readonly T[], size: number, insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

/** SQL of the catalogue's seeds: the reference data every start makes sure of, and the demo catalogue. */
export class SeedRepository {
  constructor(private readonly db: Db) {}

  private get k(): Kysely<CatalogueTables> {
    return this.db.kysely<CatalogueTables>();
  }

  transaction<T>(fn: (trx: Transaction<CatalogueTables>) => Promise<T>): Promise<T> {
    return this.k.transaction().execute(fn);
  }

  async meta(key: string, trx: Trx = this.k): Promise<string | undefined> {
    return (await trx.selectFrom('catalogueMeta').select('value').where('key', '=', key).executeTakeFirst())?.value;
  }

  /** Sets a meta value (insert or update, the same SQL on both databases). */
  async setMeta(key: string, value: string, trx: Trx = this.k): Promise<void> {
    await trx
      .insertInto('catalogueMeta')
      .values({ key, value })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
      .execute();
  }

  /** Inserts the reference rows that are missing; rows already there (perhaps edited by an operator) stay. */
  async ensureReference(data: {
    regions: readonly { id: number; name: string }[];
    lineups: readonly { id: number; regionId: number; name: string }[];
    channelGenres: readonly { id: number; name: string; position: number }[];
    genres: readonly GenreTable[];
    screens: readonly ScreenTable[];
    lists: readonly ListTable[];
  }): Promise<void> {
    await this.transaction(async (trx) => {
      await trx
        .insertInto('regions')
        .values([...data.regions])
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
      await trx
        .insertInto('lineups')
        .values([...data.lineups])
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
      await trx
        .insertInto('channelGenres')
        .values([...data.channelGenres])
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
      await trx
        .insertInto('genres')
        .values([...data.genres])
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
      await trx
        .insertInto('screens')
        .values([...data.screens])
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
      await trx
        .insertInto('lists')
        .values([...data.lists])
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
    });
  }

  /** The demo's titles and channels, in the caller's transaction. */
  async insertCatalogue(
    trx: Trx,
    rows: {
      channels: ChannelRow[];
      lineupItems: LineupItemTable[];
      films: Insertable<FilmTable>[];
      series: Insertable<SeriesTable>[];
      seasons: SeasonTable[];
      episodes: EpisodeTable[];
      contentGenres: ContentGenreTable[];
      listItems: ListItemTable[];
    },
  ): Promise<void> {
    await trx.insertInto('channels').values(rows.channels).execute();
    await trx.insertInto('lineupItems').values(rows.lineupItems).execute();
    await chunked(rows.films, 200, (chunk) => trx.insertInto('films').values(chunk).execute());
    await chunked(rows.series, 200, (chunk) => trx.insertInto('series').values(chunk).execute());
    await chunked(rows.seasons, 300, (chunk) => trx.insertInto('seasons').values(chunk).execute());
    await chunked(rows.episodes, 300, (chunk) => trx.insertInto('episodes').values(chunk).execute());
    await chunked(rows.contentGenres, 500, (chunk) => trx.insertInto('contentGenres').values(chunk).execute());
    await chunked(rows.listItems, 500, (chunk) => trx.insertInto('listItems').values(chunk).execute());
  }

  /** Lineups holding no channel yet (one added to the reference data after the demo was seeded). */
  async emptyLineupIds(): Promise<number[]> {
    const rows = await this.k
      .selectFrom('lineups')
      .select('id')
      .where((eb) =>
        eb.not(
          eb.exists(
            eb.selectFrom('lineupItems').select('lineupId').whereRef('lineupItems.lineupId', '=', 'lineups.id'),
          ),
        ),
      )
      .execute();
    return rows.map((r) => r.id);
  }

  async insertLineupItems(items: LineupItemTable[]): Promise<void> {
    if (items.length > 0) await this.k.insertInto('lineupItems').values(items).execute();
  }

  /** Ids of the channels whose guide the demo seed makes. */
  async seededChannelIds(): Promise<number[]> {
    return (await this.k.selectFrom('channels').select('id').where('guideSource', '=', 'seed').execute()).map(
      (r) => r.id,
    );
  }

  /** Each channel's last programme end. */
  async lastEnds(): Promise<Map<number, number>> {
    const ends = await this.k
      .selectFrom('events')
      .select(['channelId', (eb) => eb.fn.max('endTime').as('lastEnd')])
      .groupBy('channelId')
      .execute();
    return new Map(ends.map((e) => [e.channelId, Number(e.lastEnd)]));
  }

  async maxEventId(): Promise<number> {
    return Number(
      (
        await this.k
          .selectFrom('events')
          .select((eb) => eb.fn.max('id').as('m'))
          .executeTakeFirst()
      )?.m ?? 0,
    );
  }

  /** Drops seeded programmes that ended before `before`, in the caller's transaction. */
  async deleteSeededEventsBefore(trx: Trx, before: number): Promise<void> {
    await trx.deleteFrom('events').where('source', '=', 'seed').where('endTime', '<', before).execute();
  }

  /** Inserts programmes in batches (one statement per 400 rows keeps both databases under their parameter limits). */
  async insertEvents(trx: Trx, rows: NewEvent[]): Promise<void> {
    await chunked(rows, 400, (chunk) => trx.insertInto('events').values(chunk).execute());
  }

  /** Pay-per-view programmes not yet on sale (no package of their own). */
  pendingPpvEvents() {
    return this.k
      .selectFrom('events')
      .select(['id', 'channelId', 'title', 'subtitle', 'startTime', 'endTime', 'ppvPriceCents'])
      .where('ppvPriceCents', 'is not', null)
      .where('packageId', 'is', null)
      .execute();
  }

  async setEventPackage(eventId: number, packageId: number): Promise<void> {
    await this.k.updateTable('events').set({ packageId }).where('id', '=', eventId).execute();
  }
}

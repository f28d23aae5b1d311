import { CompiledQuery, type Kysely, type Transaction } from 'kysely';
import type { Db } from '../../platform/database';
import { writeTransaction } from '../../platform/dialect';
import { META } from './meta-keys';
import type { CatalogueTables, ChannelRow, ChannelUpdate, EventRow, EventTable, EventUpdate, NewEvent } from './tables';

/** A transaction (or the connection) of the catalogue's tables. */
export type CatalogueTrx = Transaction<CatalogueTables> | Kysely<CatalogueTables>;

/** Statements per chunk: keeps both databases under their bound-parameter limits. */
const INSERT_CHUNK = 400;
const DELETE_CHUNK = 500;

/** Every column of a programme, in the order an imported row is written. */
const EVENT_COLUMNS: readonly (keyof EventTable)[] = [
  'id',
  'channelId',
  'startTime',
  'endTime',
  'title',
  'subtitle',
  'description',
  'parental',
  'rating',
  'ageRating',
  'country',
  'year',
  'genreId',
  'sectionId',
  'categories',
  'director',
  'actors',
  'languages',
  'imageUrl',
  'posterUrl',
  'episodeNum',
  'previouslyShown',
  'endUnknown',
  'packageId',
  'ppvPriceCents',
  'featured',
  'source',
  'searchTitle',
  'searchText',
];
const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** SQL of the catalogue's write side: channels and programmes arriving in batches (imports and the demo seed). */
export class CatalogueImportRepository {
  constructor(private readonly db: Db) {}

  /** Runs fn in one transaction holding the write lock (writeTransaction): a batch lands whole or not at all. */
  transaction<T>(fn: (trx: Transaction<CatalogueTables>) => Promise<T>): Promise<T> {
    return writeTransaction(this.db.kysely<CatalogueTables>(), this.db.dialect, fn);
  }

  channels(trx: CatalogueTrx = this.db.kysely<CatalogueTables>()): Promise<ChannelRow[]> {
    return trx.selectFrom('channels').selectAll().orderBy('id').execute();
  }

  channelGenres(trx: CatalogueTrx = this.db.kysely<CatalogueTables>()) {
    return trx.selectFrom('channelGenres').select(['id', 'name']).orderBy('id').execute();
  }

  async insertChannelGenre(trx: CatalogueTrx, id: number, name: string): Promise<void> {
    await trx.insertInto('channelGenres').values({ id, name, position: id }).execute();
  }

  genres(trx: CatalogueTrx = this.db.kysely<CatalogueTables>()) {
    return trx.selectFrom('genres').select(['id', 'name', 'parentId']).orderBy('position').execute();
  }

  /** The highest channel id and number so far (0 without channels). */
  async channelBounds(trx: CatalogueTrx): Promise<{ id: number; number: number }> {
    const r = await trx
      .selectFrom('channels')
      .select((eb) => [eb.fn.max('id').as('id'), eb.fn.max('number').as('number')])
      .executeTakeFirst();
    return { id: Number(r?.id ?? 0), number: Number(r?.number ?? 0) };
  }

  /** Inserts channels and puts them last in every lineup, in order: a few statements per batch, not per channel. */
  async insertChannels(trx: CatalogueTrx, rows: ChannelRow[]): Promise<void> {
    if (rows.length === 0) return;
    const columns = Object.keys(rows[0] as ChannelRow).length;
    const chunk = Math.max(1, Math.floor((INSERT_CHUNK * 28) / columns));
    for (let i = 0; i < rows.length; i += chunk)
      await trx
        .insertInto('channels')
        .values(rows.slice(i, i + chunk))
        .execute();
    const lasts = await trx
      .selectFrom('lineups')
      .leftJoin('lineupItems', 'lineupItems.lineupId', 'lineups.id')
      .select((eb) => ['lineups.id as id', eb.fn.max('lineupItems.position').as('p')])
      .groupBy('lineups.id')
      .execute();
    const items = lasts.flatMap((l) =>
      rows.map((row, n) => ({ lineupId: l.id, channelId: row.id, position: Number(l.p ?? -1) + 1 + n })),
    );
    for (let i = 0; i < items.length; i += INSERT_CHUNK * 4)
      await trx
        .insertInto('lineupItems')
        .values(items.slice(i, i + INSERT_CHUNK * 4))
        .execute();
  }

  async updateChannel(trx: CatalogueTrx, id: number, set: ChannelUpdate): Promise<void> {
    await trx.updateTable('channels').set(set).where('id', '=', id).execute();
  }

  channelById(trx: CatalogueTrx, id: number): Promise<ChannelRow | undefined> {
    return trx.selectFrom('channels').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** A channel's programmes overlapping [from, to). */
  eventsOverlapping(trx: CatalogueTrx, channelId: number, from: number, to: number): Promise<EventRow[]> {
    return trx
      .selectFrom('events')
      .selectAll()
      .where('channelId', '=', channelId)
      .where('startTime', '<', to)
      .where('endTime', '>', from)
      .execute();
  }

  async deleteEvents(trx: CatalogueTrx, ids: number[]): Promise<void> {
    for (let i = 0; i < ids.length; i += DELETE_CHUNK)
      await trx
        .deleteFrom('events')
        .where('id', 'in', ids.slice(i, i + DELETE_CHUNK))
        .execute();
  }

  /**
   * Writes programmes given with every column (an import writes a million rows): on SQLite
   * one prepared one-row statement run per row, elsewhere many-row statements whose text
   * depends only on their number of rows. Neither builds a query row by row.
   */
  async insertEvents(trx: CatalogueTrx, rows: readonly NewEvent[]): Promise<void> {
    const values = (row: NewEvent) =>
      EVENT_COLUMNS.map((column) => row[column] ?? (column === 'endUnknown' ? 0 : null));
    if (this.db.runMany) return this.db.runMany(this.insertText(1), rows.map(values));
    for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
      const chunk = rows.slice(i, i + INSERT_CHUNK);
      await trx.executeQuery(CompiledQuery.raw(this.insertText(chunk.length), chunk.flatMap(values)));
    }
  }

  /** The text of a full chunk, built once (a shorter last chunk is built when it comes). */
  private fullChunkText: string | null = null;

  private insertText(rows: number): string {
    if (rows === INSERT_CHUNK && this.fullChunkText) return this.fullChunkText;
    const width = EVENT_COLUMNS.length;
    const placeholder = this.db.dialect === 'postgres' ? (n: number) => `$${n + 1}` : () => '?';
    const tuples = Array.from(
      { length: rows },
      (_, r) => `(${Array.from({ length: width }, (_, c) => placeholder(r * width + c)).join(', ')})`,
    );
    const text = `insert into "events" (${EVENT_COLUMNS.map((c) => `"${snake(c)}"`).join(', ')}) values ${tuples.join(', ')}`;
    if (rows === INSERT_CHUNK) this.fullChunkText = text;
    return text;
  }

  async updateEvent(trx: CatalogueTrx, id: number, set: EventUpdate): Promise<void> {
    await trx.updateTable('events').set(set).where('id', '=', id).execute();
  }

  async maxEventId(trx: CatalogueTrx): Promise<number> {
    const r = await trx
      .selectFrom('events')
      .select((eb) => eb.fn.max('id').as('m'))
      .executeTakeFirst();
    return Number(r?.m ?? 0);
  }

  async meta(trx: CatalogueTrx, key: string): Promise<string | undefined> {
    return (await trx.selectFrom('catalogueMeta').select('value').where('key', '=', key).executeTakeFirst())?.value;
  }

  async setMeta(trx: CatalogueTrx, key: string, value: string): Promise<void> {
    await trx
      .insertInto('catalogueMeta')
      .values({ key, value })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
      .execute();
  }

  /** Widens the window query's bound if needed and, when told to announce it, marks the guide changed so cached days and blocks are rebuilt. */
  async guideChanged(trx: CatalogueTrx, longestMs: number, announce = true): Promise<void> {
    if (announce) await this.bumpGuideVersion(trx);
    const current = Number((await this.meta(trx, META.maxEventMs)) ?? 0);
    if (longestMs > current) await this.setMeta(trx, META.maxEventMs, String(longestMs));
  }

  /** Marks the guide changed: readers rebuild what they built on it. */
  async bumpGuideVersion(trx: CatalogueTrx): Promise<void> {
    const version = Number((await this.meta(trx, META.guideVersion)) ?? 0);
    await this.setMeta(trx, META.guideVersion, String(version + 1));
  }
}

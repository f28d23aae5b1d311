import type { Insertable, Kysely, Transaction, Updateable } from 'kysely';
import type { Database } from '../../database-schema';
import type { Db } from '../../platform/database';
import type { ChannelRow, ChannelTable, EventRow, EventTable } from '../catalogue/tables';
import { META } from '../catalogue/meta-keys';

type Trx = Transaction<Database> | Kysely<Database>;

/** SQL of imports; everything runs inside the caller's transaction. */
export class IngestRepository {
  constructor(private readonly db: Db) {}

  /** Runs fn in one transaction: an import either lands whole or not at all. */
  transaction<T>(fn: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    return this.db.kysely.transaction().execute(fn);
  }

  channels(trx: Trx): Promise<ChannelRow[]> {
    return trx.selectFrom('channels').selectAll().orderBy('id').execute();
  }

  channelGenres(trx: Trx) {
    return trx.selectFrom('channelGenres').selectAll().orderBy('id').execute();
  }

  async insertChannelGenre(trx: Trx, id: number, name: string): Promise<void> {
    await trx.insertInto('channelGenres').values({ id, name, position: id }).execute();
  }

  genres(trx: Trx) {
    return trx.selectFrom('genres').selectAll().orderBy('position').execute();
  }

  async insertChannel(trx: Trx, row: Insertable<ChannelTable>): Promise<void> {
    await trx.insertInto('channels').values(row).execute();
    const lineups = await trx.selectFrom('lineups').select('id').execute();
    for (const l of lineups) {
      const last = await trx.selectFrom('lineupItems').select((eb) => eb.fn.max('position').as('p')).where('lineupId', '=', l.id).executeTakeFirst();
      await trx.insertInto('lineupItems').values({ lineupId: l.id, channelId: row.id, position: Number(last?.p ?? -1) + 1 }).execute();
    }
  }

  async updateChannel(trx: Trx, id: number, set: Updateable<ChannelTable>): Promise<void> {
    await trx.updateTable('channels').set(set).where('id', '=', id).execute();
  }

  eventsOverlapping(trx: Trx, channelId: number, from: number, to: number): Promise<EventRow[]> {
    return trx.selectFrom('events').selectAll().where('channelId', '=', channelId).where('startTime', '<', to).where('endTime', '>', from).orderBy('startTime').execute();
  }

  async deleteEvents(trx: Trx, ids: number[]): Promise<void> {
    for (let i = 0; i < ids.length; i += 500) await trx.deleteFrom('events').where('id', 'in', ids.slice(i, i + 500)).execute();
  }

  async insertEvents(trx: Trx, rows: Insertable<EventTable>[]): Promise<void> {
    for (let i = 0; i < rows.length; i += 400) await trx.insertInto('events').values(rows.slice(i, i + 400)).execute();
  }

  async updateEvent(trx: Trx, id: number, set: Updateable<EventTable>): Promise<void> {
    await trx.updateTable('events').set(set).where('id', '=', id).execute();
  }

  async maxEventId(trx: Trx): Promise<number> {
    const r = await trx.selectFrom('events').select((eb) => eb.fn.max('id').as('m')).executeTakeFirst();
    return Number(r?.m ?? 0);
  }

  async meta(trx: Trx, key: string): Promise<string | undefined> {
    return (await trx.selectFrom('catalogueMeta').select('value').where('key', '=', key).executeTakeFirst())?.value;
  }

  async setMeta(trx: Trx, key: string, value: string): Promise<void> {
    await trx.insertInto('catalogueMeta').values({ key, value }).onConflict((oc) => oc.column('key').doUpdateSet({ value })).execute();
  }

  /** Marks the guide changed so cached days are rebuilt, and widens the window query's bound if needed. */
  async guideChanged(trx: Trx, longestMs: number): Promise<void> {
    const version = Number((await this.meta(trx, META.guideVersion)) ?? 0);
    await this.setMeta(trx, META.guideVersion, String(version + 1));
    const current = Number((await this.meta(trx, META.maxEventMs)) ?? 0);
    if (longestMs > current) await this.setMeta(trx, META.maxEventMs, String(longestMs));
  }
}

import type { Kysely } from 'kysely';
import type { Db } from '../../platform/database';
import type { GuideFilter } from '@pantalla/contracts';
import type { FavouritesTables, GuideFilterRow, MyListItemRow, MyListItemTable } from './tables';

/** A page's position in "Mi lista": after this item (newest first). */
export interface ListPosition {
  at: number;
  id: number;
}

/** One profile of one account: every statement is scoped by both. */
export interface Owner {
  userId: number;
  profileId: number;
}

/** SQL for favourite channels and "Mi lista" (issue 30). */
export class FavouritesRepository {
  constructor(private readonly db: Db) {}

  private get k(): Kysely<FavouritesTables> {
    return this.db.kysely<FavouritesTables>();
  }

  async channelIds(owner: Owner): Promise<number[]> {
    const rows = await this.k
      .selectFrom('favouriteChannels')
      .select('channelId')
      .where('userId', '=', owner.userId)
      .where('profileId', '=', owner.profileId)
      .orderBy('position')
      .orderBy('id')
      .execute();
    return rows.map((r) => r.channelId);
  }

  async channelCount(owner: Owner): Promise<number> {
    const row = await this.k
      .selectFrom('favouriteChannels')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('userId', '=', owner.userId)
      .where('profileId', '=', owner.profileId)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** Adds a channel at the end of the profile's order; a second add of the same channel does nothing. */
  async addChannel(owner: Owner, channelId: number, now: number): Promise<void> {
    const last = await this.k
      .selectFrom('favouriteChannels')
      .select((eb) => eb.fn.max<number | null>('position').as('p'))
      .where('userId', '=', owner.userId)
      .where('profileId', '=', owner.profileId)
      .executeTakeFirst();
    await this.k
      .insertInto('favouriteChannels')
      .values({ ...owner, channelId, position: Number(last?.p ?? -1) + 1, createdAt: now })
      .onConflict((oc) => oc.columns(['userId', 'profileId', 'channelId']).doNothing())
      .execute();
  }

  async removeChannel(owner: Owner, channelId: number): Promise<void> {
    await this.k
      .deleteFrom('favouriteChannels')
      .where('userId', '=', owner.userId)
      .where('profileId', '=', owner.profileId)
      .where('channelId', '=', channelId)
      .execute();
  }

  /** Replaces the profile's favourite channels with `channelIds`, in that order. */
  async replaceChannels(owner: Owner, channelIds: readonly number[], now: number): Promise<void> {
    await this.k.transaction().execute(async (k) => {
      await k
        .deleteFrom('favouriteChannels')
        .where('userId', '=', owner.userId)
        .where('profileId', '=', owner.profileId)
        .execute();
      for (let i = 0; i < channelIds.length; i += 200) {
        await k
          .insertInto('favouriteChannels')
          .values(
            channelIds
              .slice(i, i + 200)
              .map((channelId, j) => ({ ...owner, channelId, position: i + j, createdAt: now })),
          )
          .onConflict((oc) => oc.columns(['userId', 'profileId', 'channelId']).doNothing())
          .execute();
      }
    });
  }

  async listCount(owner: Owner): Promise<number> {
    const row = await this.k
      .selectFrom('myListItems')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('userId', '=', owner.userId)
      .where('profileId', '=', owner.profileId)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  findItem(owner: Owner, kind: MyListItemTable['kind'], itemId: number): Promise<MyListItemRow | undefined> {
    return this.k
      .selectFrom('myListItems')
      .selectAll()
      .where('userId', '=', owner.userId)
      .where('profileId', '=', owner.profileId)
      .where('kind', '=', kind)
      .where('itemId', '=', itemId)
      .executeTakeFirst();
  }

  /** Adds an item; false when the profile already had it (the row is left as it was). */
  async addItem(
    owner: Owner,
    item: { kind: MyListItemTable['kind']; itemId: number; title: string },
    now: number,
  ): Promise<boolean> {
    const r = await this.k
      .insertInto('myListItems')
      .values({ ...owner, ...item, addedAt: now })
      .onConflict((oc) => oc.columns(['userId', 'profileId', 'kind', 'itemId']).doNothing())
      .executeTakeFirst();
    return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  async removeItem(owner: Owner, kind: MyListItemTable['kind'], itemId: number): Promise<void> {
    await this.k
      .deleteFrom('myListItems')
      .where('userId', '=', owner.userId)
      .where('profileId', '=', owner.profileId)
      .where('kind', '=', kind)
      .where('itemId', '=', itemId)
      .execute();
  }

  /** A page of the profile's list, newest first. */
  page(
    owner: Owner,
    kind: MyListItemTable['kind'] | undefined,
    after: ListPosition | null,
    limit: number,
  ): Promise<MyListItemRow[]> {
    let q = this.k
      .selectFrom('myListItems')
      .selectAll()
      .where('userId', '=', owner.userId)
      .where('profileId', '=', owner.profileId);
    if (kind) q = q.where('kind', '=', kind);
    if (after)
      q = q.where((eb) =>
        eb.or([eb('addedAt', '<', after.at), eb.and([eb('addedAt', '=', after.at), eb('id', '<', after.id)])]),
      );
    return q.orderBy('addedAt', 'desc').orderBy('id', 'desc').limit(limit).execute();
  }

  /** A deleted profile's favourites go with it. */
  async guideFilter(owner: Owner): Promise<GuideFilterRow | undefined> {
    return this.k
      .selectFrom('guideFilters')
      .selectAll()
      .where('userId', '=', owner.userId)
      .where('profileId', '=', owner.profileId)
      .executeTakeFirst();
  }

  async saveGuideFilter(owner: Owner, filter: GuideFilter, now: number): Promise<void> {
    const values = {
      favourites: filter.favourites ? 1 : 0,
      groupId: filter.groupId,
      genreId: filter.genreId,
      updatedAt: now,
    };
    await this.k
      .insertInto('guideFilters')
      .values({ ...owner, ...values })
      .onConflict((oc) => oc.columns(['userId', 'profileId']).doUpdateSet(values))
      .execute();
  }

  async eraseProfile(owner: Owner): Promise<void> {
    for (const table of ['favouriteChannels', 'myListItems', 'guideFilters'] as const)
      await this.k
        .deleteFrom(table)
        .where('userId', '=', owner.userId)
        .where('profileId', '=', owner.profileId)
        .execute();
  }

  async exportOf(userId: number) {
    return {
      channels: await this.k
        .selectFrom('favouriteChannels')
        .select(['profileId', 'channelId', 'position', 'createdAt'])
        .where('userId', '=', userId)
        .orderBy('profileId')
        .orderBy('position')
        .execute(),
      myList: await this.k
        .selectFrom('myListItems')
        .select(['profileId', 'kind', 'itemId', 'title', 'addedAt'])
        .where('userId', '=', userId)
        .orderBy('profileId')
        .orderBy('addedAt')
        .execute(),
      guideFilters: await this.k
        .selectFrom('guideFilters')
        .select(['profileId', 'favourites', 'groupId', 'genreId', 'updatedAt'])
        .where('userId', '=', userId)
        .orderBy('profileId')
        .execute(),
    };
  }

  async eraseOf(userId: number): Promise<void> {
    await this.k.deleteFrom('favouriteChannels').where('userId', '=', userId).execute();
    await this.k.deleteFrom('myListItems').where('userId', '=', userId).execute();
    await this.k.deleteFrom('guideFilters').where('userId', '=', userId).execute();
  }
}

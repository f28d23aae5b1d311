import {
  FAVOURITE_CHANNELS_FULL,
  FAVOURITE_CHANNELS_MAX,
  FAVOURITE_CHANNEL_NOT_FOUND,
  MY_LIST_FULL,
  MY_LIST_ITEM_NOT_FOUND,
  MY_LIST_MAX,
  MY_LIST_NOT_FOR_KIDS,
  NO_GUIDE_FILTER,
  type GuideFilter,
  type MyListItem,
  type MyListKind,
  type MyListPage,
  type MyListQuery,
} from '@pantalla/contracts';
import type { Clock } from '../../platform/clock';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors';
import type { Playables } from '../catalogue';
import type { ProfileContext } from '../identity';
import type { FavouritesRepository, ListPosition, Owner } from './favourites.repository';
import type { MyListItemRow } from './tables';

/** The catalogue's side: what exists and how it is rated. */
export type FavouriteSources = Pick<Playables, 'channel' | 'channelLabels' | 'film' | 'series' | 'event'>;

/** Rating 7 (adult) never reaches a kids profile; nor anything above its level. */
const ADULT_RATING = 7;

const ownerOf = (profile: ProfileContext): Owner => ({ userId: profile.userId, profileId: profile.id });

export function encodePosition(row: Pick<MyListItemRow, 'addedAt' | 'id'>): string {
  return `${row.addedAt}.${row.id}`;
}

export function decodePosition(cursor: string | undefined): ListPosition | null {
  if (cursor === undefined) return null;
  const m = /^(\d{1,15})\.(\d{1,10})$/.exec(cursor);
  if (!m) throw badRequest('El cursor no es válido.');
  return { at: Number(m[1]), id: Number(m[2]) };
}

const toItem = (row: MyListItemRow): MyListItem => ({
  kind: row.kind,
  id: row.itemId,
  title: row.title,
  addedAt: row.addedAt,
});

/** Favourite channels and "Mi lista" of a profile (issue 30). */
export class FavouritesService {
  constructor(
    private readonly clock: Clock,
    private readonly repo: FavouritesRepository,
    private readonly sources: FavouriteSources,
  ) {}

  channels(profile: ProfileContext): Promise<number[]> {
    return this.repo.channelIds(ownerOf(profile));
  }

  /** Stars a channel (idempotent: a second star leaves it where it was). */
  async addChannel(profile: ProfileContext, channelId: number): Promise<number[]> {
    const owner = ownerOf(profile);
    if (!(await this.sources.channel(channelId))) throw notFound(FAVOURITE_CHANNEL_NOT_FOUND);
    const current = await this.repo.channelIds(owner);
    if (!current.includes(channelId)) {
      if (current.length >= FAVOURITE_CHANNELS_MAX) throw conflict(FAVOURITE_CHANNELS_FULL);
      await this.repo.addChannel(owner, channelId, this.clock.now());
    }
    return this.repo.channelIds(owner);
  }

  async removeChannel(profile: ProfileContext, channelId: number): Promise<void> {
    await this.repo.removeChannel(ownerOf(profile), channelId);
  }

  /** The whole list in a new order (or set); every channel must exist. */
  async replaceChannels(profile: ProfileContext, channelIds: readonly number[]): Promise<number[]> {
    // One query for the whole list (up to FAVOURITE_CHANNELS_MAX ids, no repeats).
    const found = channelIds.length === 0 ? [] : await this.sources.channelLabels(channelIds);
    if (found.length !== channelIds.length) throw notFound(FAVOURITE_CHANNEL_NOT_FOUND);
    const owner = ownerOf(profile);
    await this.repo.replaceChannels(owner, channelIds, this.clock.now());
    return this.repo.channelIds(owner);
  }

  /** The guide filter the profile opens with; none saved: no filter. */
  async guideFilter(profile: ProfileContext): Promise<GuideFilter> {
    const row = await this.repo.guideFilter(ownerOf(profile));
    if (!row) return NO_GUIDE_FILTER;
    return { favourites: row.favourites === 1, groupId: row.groupId, genreId: row.genreId };
  }

  /**
   * Remembers the guide filter as given: a group or genre that later goes away filters to no
   * channel, and the guide offers every channel again.
   */
  async saveGuideFilter(profile: ProfileContext, filter: GuideFilter): Promise<GuideFilter> {
    await this.repo.saveGuideFilter(ownerOf(profile), filter, this.clock.now());
    return this.guideFilter(profile);
  }

  async page(profile: ProfileContext, query: MyListQuery): Promise<MyListPage> {
    const rows = await this.repo.page(ownerOf(profile), query.kind, decodePosition(query.cursor), query.limit + 1);
    const items = rows.slice(0, query.limit);
    const last = items.at(-1);
    return { items: items.map(toItem), nextCursor: rows.length > query.limit && last ? encodePosition(last) : null };
  }

  async has(profile: ProfileContext, kind: MyListKind, id: number): Promise<boolean> {
    return (await this.repo.findItem(ownerOf(profile), kind, id)) !== undefined;
  }

  /** Adds to "Mi lista": created says whether it is new (a second add answers the same item). */
  async add(profile: ProfileContext, kind: MyListKind, id: number): Promise<{ item: MyListItem; created: boolean }> {
    const owner = ownerOf(profile);
    const existing = await this.repo.findItem(owner, kind, id);
    if (existing) return { item: toItem(existing), created: false };
    const found = await this.lookUp(kind, id);
    if (!found) throw notFound(MY_LIST_ITEM_NOT_FOUND);
    if (profile.kind === 'kids' && (found.parental >= ADULT_RATING || found.parental > profile.kidsMaxRating))
      throw forbidden(MY_LIST_NOT_FOR_KIDS);
    if ((await this.repo.listCount(owner)) >= MY_LIST_MAX) throw conflict(MY_LIST_FULL);
    const created = await this.repo.addItem(owner, { kind, itemId: id, title: found.title }, this.clock.now());
    const row = await this.repo.findItem(owner, kind, id);
    if (!row) throw notFound(MY_LIST_ITEM_NOT_FOUND);
    return { item: toItem(row), created };
  }

  async remove(profile: ProfileContext, kind: MyListKind, id: number): Promise<void> {
    await this.repo.removeItem(ownerOf(profile), kind, id);
  }

  private async lookUp(kind: MyListKind, id: number): Promise<{ title: string; parental: number } | undefined> {
    if (kind === 'film') return this.sources.film(id);
    if (kind === 'series') return this.sources.series(id);
    return this.sources.event(id);
  }
}

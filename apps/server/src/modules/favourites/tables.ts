import type { Generated, Selectable } from 'kysely';

/*
 * Favourites tables (issue 30). Keyed by account and profile; no foreign keys: a profile's rows go
 * with its deletion (ProfileResolver.onDeleted) and an account's with its personal data.
 */

export interface FavouriteChannelTable {
  id: Generated<number>;
  userId: number;
  profileId: number;
  channelId: number;
  /** The profile's order: lowest first. */
  position: number;
  createdAt: number;
}
export type FavouriteChannelRow = Selectable<FavouriteChannelTable>;

export interface MyListItemTable {
  id: Generated<number>;
  userId: number;
  profileId: number;
  kind: 'film' | 'series' | 'programme';
  itemId: number;
  /** The title when it was added: a programme leaves the guide, the list keeps its name. */
  title: string;
  addedAt: number;
}
export type MyListItemRow = Selectable<MyListItemTable>;

/** The guide filter a profile opens with (issue 30); no row: none. */
export interface GuideFilterTable {
  userId: number;
  profileId: number;
  /** 1: only the profile's favourite channels. */
  favourites: number;
  /** A channel group (channel genre) and a programme genre; null: any. */
  groupId: number | null;
  genreId: number | null;
  updatedAt: number;
}
export type GuideFilterRow = Selectable<GuideFilterTable>;

export interface FavouritesTables {
  favouriteChannels: FavouriteChannelTable;
  myListItems: MyListItemTable;
  guideFilters: GuideFilterTable;
}

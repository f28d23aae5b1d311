import { queryOptions } from '@tanstack/react-query';
import {
  favouriteChannelsSchema,
  myListPageSchema,
  type Channel,
  type Film,
  type MyListItem,
  type Series,
} from '@pantalla/contracts';
import { api } from '../../../lib/api-client';
import type { RowEntry } from './get-row-items';

/** How many of "Mi lista" the home shows, newest first. */
const MY_LIST_SHOWN = 30;

/**
 * The profile's "Mi lista" and favourite channels for the home's rows (issue 30). Under
 * ['favourites']: a change made anywhere (a detail page, the guide's star) refreshes them; the
 * profile in the key keeps one profile's rows from showing in another's for a moment.
 */
export const myListRowQueryOptions = (profileId: number | null) =>
  queryOptions({
    queryKey: ['favourites', 'home', 'my-list', profileId],
    queryFn: ({ signal }) => api.get('/my-list', { schema: myListPageSchema, signal, query: { limit: MY_LIST_SHOWN } }),
    staleTime: 60_000,
  });

export const favouriteChannelsRowQueryOptions = (profileId: number | null) =>
  queryOptions({
    queryKey: ['favourites', 'home', 'channels', profileId],
    queryFn: ({ signal }) => api.get('/favourites/channels', { schema: favouriteChannelsSchema, signal }),
    staleTime: 60_000,
  });

/**
 * "Mi lista" as cards, from the films and series the start-up load holds. A programme is left
 * out: the guide shows it, and reading each one's airing would cost the home a request per card.
 */
export function myListEntries(
  items: readonly MyListItem[],
  films: readonly Film[],
  series: readonly Series[],
): RowEntry[] {
  const filmById = new Map(films.map((f) => [f.id, f]));
  const seriesById = new Map(series.map((s) => [s.id, s]));
  return items.flatMap((i) => {
    const item = i.kind === 'film' ? filmById.get(i.id) : i.kind === 'series' ? seriesById.get(i.id) : undefined;
    return item ? [{ item }] : [];
  });
}

/** Favourite channels as cards, in the profile's order; a channel no longer in the lineup is left out. */
export function favouriteChannelEntries(ids: readonly number[], channels: readonly Channel[]): RowEntry[] {
  const byId = new Map(channels.map((c) => [c.id, c]));
  return ids.flatMap((id) => {
    const item = byId.get(id);
    return item ? [{ item }] : [];
  });
}

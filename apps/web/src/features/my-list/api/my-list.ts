import {
  infiniteQueryOptions,
  queryOptions,
  useMutation,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import {
  eventDetailSchema,
  myListPageSchema,
  type MyListItem,
  type MyListKind,
  type MyListPage,
} from '@pantalla/contracts';
import { api } from '../../../lib/api-client';

/** Items a request asks for: a screenful on a large window, never the whole list. */
export const MY_LIST_PAGE = 30;

/**
 * The "Mi lista" screen's queries (issue 30). Under ['favourites'] with the profile in the key:
 * a press of "Mi lista" anywhere refreshes them, and one profile's list never shows in another's.
 */
export const myListKeys = {
  screen: (profileId: number | null) => ['favourites', 'my-list', 'screen', profileId] as const,
  pages: (profileId: number | null, kind: MyListKind | null) =>
    [...myListKeys.screen(profileId), kind ?? 'all'] as const,
};

export const myListPagesQueryOptions = (profileId: number | null, kind: MyListKind | null) =>
  infiniteQueryOptions({
    queryKey: myListKeys.pages(profileId, kind),
    queryFn: ({ pageParam, signal }) =>
      api.get('/my-list', {
        schema: myListPageSchema,
        signal,
        query: { limit: MY_LIST_PAGE, kind: kind ?? undefined, cursor: pageParam || undefined },
      }),
    initialPageParam: '',
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });

const REMOVE_KEY = ['favourites', 'my-list', 'remove'] as const;

/**
 * A programme's airing and channel, under the detail page's key (one answer for both). Its own
 * options rather than the catalogue's: importing those would split them out of the home's chunks.
 * A 404 (left the guide) is final: not asked again.
 */
export const programmeQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['browse', 'event', id],
    queryFn: ({ signal }) => api.get(`/events/${id}`, { schema: eventDetailSchema, signal }),
    staleTime: 60_000,
    retry: false,
  });

type Pages = InfiniteData<MyListPage, string>;

/** The pages without one item; the cursors stay as the server gave them. */
export function withoutItem(data: Pages, kind: MyListKind, id: number): Pages {
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      items: page.items.filter((item) => item.kind !== kind || item.id !== id),
    })),
  };
}

/** Takes an item out of every filter's pages of the profile's screen; answers what was there, to put back. */
function removeEverywhere(client: QueryClient, profileId: number | null, item: MyListItem) {
  const before = client.getQueriesData<Pages>({ queryKey: myListKeys.screen(profileId) });
  for (const [key, data] of before) if (data) client.setQueryData<Pages>(key, withoutItem(data, item.kind, item.id));
  return before;
}

/**
 * Removes an item from the profile's list at once; a refusal puts it back where it was. Settled
 * either way, every favourites query (the home's row, a detail page's button) asks again.
 */
export function useRemoveFromMyList(profileId: number | null) {
  const client = useQueryClient();
  return useMutation({
    mutationKey: REMOVE_KEY,
    mutationFn: (item: MyListItem) => api.request(`/my-list/${item.kind}/${item.id}`, { method: 'DELETE' }),
    onMutate: async (item) => {
      await client.cancelQueries({ queryKey: myListKeys.screen(profileId) });
      return { before: removeEverywhere(client, profileId, item) };
    },
    onError: (_error, _item, context) => {
      for (const [key, data] of context?.before ?? []) client.setQueryData(key, data);
    },
    // The last of several quick removals asks again: an earlier one's answer could bring back a later one's item.
    onSettled: () =>
      client.isMutating({ mutationKey: REMOVE_KEY }) === 1
        ? client.invalidateQueries({ queryKey: ['favourites'] })
        : undefined,
  });
}

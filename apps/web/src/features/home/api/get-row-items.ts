import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  keepWatchingResponseSchema,
  listResourcesResponseSchema,
  type Bookmark,
  type Category,
  type CatalogueItem,
} from '@pantalla/contracts';
import { api } from '../../../lib/api-client';
import { CATEGORY_REFRESH_MS } from '../../../lib/catalogue';
import { ROW_ITEMS_SHOWN } from '../lib/row-links';

/** A row's entry: the item, and for keep-watching the bookmark that can be deleted. */
export interface RowEntry {
  item: CatalogueItem;
  bookmark?: Pick<Bookmark, 'id' | 'kind' | 'positionInMs' | 'durationInMs'>;
}

export interface RowItems {
  total: number;
  entries: RowEntry[];
}

/** GET /keep-watching: personalised, so fetched without resolveReferences. */
export async function getKeepWatching({ signal }: { signal?: AbortSignal } = {}): Promise<RowItems> {
  const { resources } = await api.get('/keep-watching', { schema: keepWatchingResponseSchema, signal });
  return {
    total: resources.length,
    entries: resources.map(({ resource, ...bookmark }) => ({ item: resource, bookmark })),
  };
}

/** GET /lists/{id}/resources?resolveReferences=true: the first items of a row. */
export async function getListItems({
  listId,
  limit,
  signal,
}: {
  listId: number;
  limit: number;
  signal?: AbortSignal;
}): Promise<RowItems> {
  const page = await api.get(`/lists/${listId}/resources`, {
    schema: listResourcesResponseSchema,
    signal,
    query: { resolveReferences: true, limit },
  });
  return { total: page.total, entries: page.resources.map(({ resource }) => ({ item: resource })) };
}

export const keepWatchingQueryKey: readonly (string | number)[] = ['browse', 'keep-watching'];

/** A row's items; refreshed every 300000 ms like the category data. */
export function getRowItemsQueryOptions(category: Pick<Category, 'id' | 'kind' | 'personalised'>) {
  const keepWatching = category.kind === 'keep-watching';
  return queryOptions({
    queryKey: keepWatching ? keepWatchingQueryKey : ['browse', 'row', category.id, ROW_ITEMS_SHOWN],
    queryFn: ({ signal }) =>
      keepWatching
        ? getKeepWatching({ signal })
        : getListItems({ listId: category.id, limit: ROW_ITEMS_SHOWN, signal }),
    refetchInterval: CATEGORY_REFRESH_MS,
  });
}

export function useRowItems(category: Pick<Category, 'id' | 'kind' | 'personalised'>) {
  return useQuery(getRowItemsQueryOptions(category));
}

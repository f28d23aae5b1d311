import { queryOptions, useQuery } from '@tanstack/react-query';
import { screenListsResponseSchema, type Category } from '@pantalla/contracts';
import { api } from '../api-client';

/** Spec: category data is refreshed every 300000 ms. */
export const CATEGORY_REFRESH_MS = 300_000;

/** A screen's rows (categories) by pos; for the home screen, the home categories. */
export function getScreenLists({
  listGroupId,
  lineupId,
  signal,
}: {
  listGroupId: number;
  lineupId?: number;
  signal?: AbortSignal;
}): Promise<{ resources: Category[] }> {
  return api.get('/screen/lists', { schema: screenListsResponseSchema, signal, query: { listGroupId, lineupId } });
}

export const getScreenListsQueryOptions = (listGroupId: number, lineupId?: number) =>
  queryOptions({
    queryKey: ['catalogue', 'screen-lists', listGroupId, lineupId ?? null],
    queryFn: ({ signal }) => getScreenLists({ listGroupId, lineupId, signal }),
    refetchInterval: CATEGORY_REFRESH_MS,
  });

export function useScreenLists(listGroupId: number | undefined, lineupId?: number, enabled = true) {
  return useQuery({
    ...getScreenListsQueryOptions(listGroupId ?? 0, lineupId),
    enabled: enabled && listGroupId !== undefined,
  });
}

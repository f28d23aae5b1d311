import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { operatorLineupPageSchema, type OperatorLineupPage } from '@pantalla/contracts';
import { api } from '../../../../lib/api-client';

const PAGE = 100;

export const lineupChannelsKey = (lineupId: number) => ['operator', 'lineups', lineupId, 'channels'] as const;

/** GET /operator/lineups/{id}/channels: one page in the lineup's order. */
export function getLineupChannels(lineupId: number, cursor: string | null, signal?: AbortSignal) {
  return api.get(`/operator/lineups/${lineupId}/channels`, {
    schema: operatorLineupPageSchema,
    signal,
    query: { cursor: cursor ?? undefined, limit: PAGE },
  });
}

export const lineupChannelsQueryOptions = (lineupId: number) =>
  infiniteQueryOptions({
    queryKey: lineupChannelsKey(lineupId),
    queryFn: ({ pageParam, signal }) => getLineupChannels(lineupId, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export function useLineupChannels(lineupId: number) {
  return useInfiniteQuery({ ...lineupChannelsQueryOptions(lineupId), enabled: lineupId > 0 });
}

/**
 * Pure: the loaded pages with the row at `from` moved to `to` (both among the loaded rows),
 * the pages keeping their sizes and every row its new position.
 */
export function movedPages(
  data: InfiniteData<OperatorLineupPage, string | null>,
  from: number,
  to: number,
): InfiniteData<OperatorLineupPage, string | null> {
  const items = data.pages.flatMap((p) => p.items);
  if (from < 0 || from >= items.length || to < 0 || to >= items.length) return data;
  const [moving] = items.splice(from, 1);
  if (moving) items.splice(to, 0, moving);
  let start = 0;
  const pages = data.pages.map((page) => {
    const slice = items.slice(start, start + page.items.length).map((item, i) => ({ ...item, position: start + i }));
    start += page.items.length;
    return { ...page, items: slice };
  });
  return { ...data, pages };
}

import { useInfiniteQuery } from '@tanstack/react-query';
import { operatorSourcePageSchema } from '@pantalla/contracts';
import { api } from '../../../../lib/api-client';

export const sourcesKey = ['operator', 'sources'] as const;

/** GET /operator/sources: a page of sources with their last fetch. */
export function getSources(cursor: string | null, signal?: AbortSignal) {
  return api.get('/operator/sources', {
    schema: operatorSourcePageSchema,
    signal,
    query: { cursor: cursor ?? undefined, limit: 50 },
  });
}

export function useSources() {
  return useInfiniteQuery({
    queryKey: [...sourcesKey, 'list'],
    queryFn: ({ pageParam, signal }) => getSources(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    // A fetch runs in the background: its row changes without us.
    refetchInterval: (query) =>
      query.state.data?.pages.some((p) => p.items.some((s) => s.lastFetch?.outcome === 'running')) ? 2000 : false,
  });
}

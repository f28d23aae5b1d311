import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { subscriberSearchPageSchema } from '@pantalla/contracts';
import { api } from '../../../../lib/api-client';

/** Accounts per page ("load more" asks for the next). */
export const SEARCH_PAGE = 50;

/** GET /operator/subscribers: one page of accounts whose e-mail, name or surname starts with `q`, or whose number is `q`. */
export function searchSubscribers(q: string, cursor: string | null, signal?: AbortSignal) {
  return api.get('/operator/subscribers', {
    schema: subscriberSearchPageSchema,
    signal,
    query: { q, limit: SEARCH_PAGE, cursor: cursor ?? undefined },
  });
}

/** The search for a (debounced) term; nothing is asked for an empty one. A newer term aborts the older request. */
export function useSubscriberSearch(q: string) {
  return useInfiniteQuery({
    ...infiniteQueryOptions({
      queryKey: ['operator', 'subscribers', q],
      queryFn: ({ pageParam, signal }) => searchSubscribers(q, pageParam, signal),
      initialPageParam: null as string | null,
      getNextPageParam: (last) => last.nextCursor,
    }),
    enabled: q.trim() !== '',
    // The last answer stays while the next term is on its way, so the table does not flash empty.
    placeholderData: keepPreviousData,
  });
}

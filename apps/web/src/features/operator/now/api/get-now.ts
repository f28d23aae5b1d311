import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { OPERATOR_NOW_POLL_MS, operatorNowSchema } from '@pantalla/contracts';
import { api } from '../../../../lib/api-client';

/** Channels per page: more than a screen; the server answers at most 200. */
export const NOW_PAGE = 50;

export const nowKey = ['operator', 'streams', 'now'] as const;

/** GET /operator/streams/now: totals and one page of channels after `cursor`, heaviest first. */
export function getNow(cursor: string | null, signal?: AbortSignal) {
  return api.get('/operator/streams/now', {
    schema: operatorNowSchema,
    signal,
    query: { limit: NOW_PAGE, cursor: cursor ?? undefined },
  });
}

export const nowQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: nowKey,
    queryFn: ({ pageParam, signal }) => getNow(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    // Polled, not pushed (docs/decisions.md): every page loaded is asked again; a hidden tab waits.
    refetchInterval: OPERATOR_NOW_POLL_MS,
    refetchIntervalInBackground: false,
    staleTime: 0,
  });

/** The Now view's figures, asked again every OPERATOR_NOW_POLL_MS while the tab is visible. */
export function useNow() {
  return useInfiniteQuery(nowQueryOptions());
}

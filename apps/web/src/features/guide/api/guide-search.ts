import { useInfiniteQuery } from '@tanstack/react-query';
import { GUIDE_SEARCH_MIN_LENGTH, guideSearchResponseSchema, type GuideSearchResponse } from '@pantalla/contracts';
import { api } from '../../../lib/api-client';

/** A page of programmes matching `q` across the whole guide (issue 30). */
export function searchGuide(q: string, cursor: number, signal?: AbortSignal): Promise<GuideSearchResponse> {
  return api.get('/guide/search', {
    query: { q, cursor: cursor || undefined },
    schema: guideSearchResponseSchema,
    signal,
  });
}

/** The guide search for what is typed (already settled), page by page; idle below the minimum length. */
export function useGuideSearch(q: string, profileKey: string) {
  const term = q.trim();
  return useInfiniteQuery({
    queryKey: ['guide-search', profileKey, term],
    queryFn: ({ pageParam, signal }) => searchGuide(term, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: term.length >= GUIDE_SEARCH_MIN_LENGTH,
    staleTime: 60_000,
  });
}

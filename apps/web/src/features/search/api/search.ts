import { queryOptions, useQuery } from '@tanstack/react-query';
import { searchResponseSchema, type SearchResponse } from '@pantalla/contracts';
import { api } from '../../../lib/api-client';
import { SEARCH_TIMEOUT_MS, withTimeout } from '../lib/search-term';

/** GET /search?term&resolveReferences=true. */
export function search({ term, signal }: { term: string; signal?: AbortSignal }): Promise<SearchResponse> {
  return api.get('/search', { schema: searchResponseSchema, signal, query: { term, resolveReferences: true } });
}

/** The search page: no time limit. */
export const searchQueryOptions = (term: string) =>
  queryOptions({
    queryKey: ['browse', 'search', term],
    queryFn: ({ signal }) => search({ term, signal }),
    staleTime: 60_000,
  });

export function useSearch(term: string, enabled: boolean) {
  return useQuery({ ...searchQueryOptions(term), enabled });
}

/** The header box: gives up after 3000 ms (viewing spec 7), and is not retried. */
export function useSearchSuggestions(term: string, enabled: boolean) {
  return useQuery({
    queryKey: ['browse', 'search-suggestions', term],
    queryFn: ({ signal }) => search({ term, signal: withTimeout(signal, SEARCH_TIMEOUT_MS) }),
    enabled,
    retry: false,
    staleTime: 60_000,
  });
}

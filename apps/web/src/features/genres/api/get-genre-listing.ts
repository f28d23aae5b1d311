import { queryOptions, useQuery } from '@tanstack/react-query';
import { genreListingResponseSchema, type GenreListingResponse } from '@pantalla/contracts';
import { api } from '../../../lib/api-client';
import { CATEGORY_REFRESH_MS } from '../../../lib/catalogue';

/** GET /genres/{id}[?subgenreId]: the genre package (events, films, series, channels) and its filters. */
export function getGenreListing({
  genreId,
  subgenreId,
  signal,
}: {
  genreId: number;
  subgenreId: number | null;
  signal?: AbortSignal;
}): Promise<GenreListingResponse> {
  return api.get(`/genres/${genreId}`, {
    schema: genreListingResponseSchema,
    signal,
    query: { subgenreId: subgenreId ?? undefined },
  });
}

export const getGenreListingQueryOptions = (genreId: number, subgenreId: number | null) =>
  queryOptions({
    queryKey: ['browse', 'genre', genreId, subgenreId],
    queryFn: ({ signal }) => getGenreListing({ genreId, subgenreId, signal }),
    // Category data is refreshed every 300000 ms (viewing spec 9).
    staleTime: CATEGORY_REFRESH_MS,
    refetchInterval: CATEGORY_REFRESH_MS,
  });

export function useGenreListing(genreId: number, subgenreId: number | null, enabled = true) {
  return useQuery({ ...getGenreListingQueryOptions(genreId, subgenreId), enabled });
}

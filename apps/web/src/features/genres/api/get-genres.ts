import { queryOptions, useQuery } from '@tanstack/react-query';
import { genresResponseSchema, type Genre } from '@pantalla/contracts';
import { api } from '../../../lib/api-client';

/** GET /genres[?kind]: genres with their item counts. */
export function getGenres({
  kind,
  signal,
}: {
  kind?: Genre['kind'];
  signal?: AbortSignal;
}): Promise<{ resources: Genre[] }> {
  return api.get('/genres', { schema: genresResponseSchema, signal, query: { kind } });
}

export const getGenresQueryOptions = (kind?: Genre['kind']) =>
  queryOptions({
    queryKey: ['browse', 'genres', kind ?? null],
    queryFn: ({ signal }) => getGenres({ kind, signal }),
    staleTime: 5 * 60_000,
  });

export function useGenres(kind?: Genre['kind']) {
  return useQuery(getGenresQueryOptions(kind));
}

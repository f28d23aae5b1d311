import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import {
  NO_GUIDE_FILTER,
  genresResponseSchema,
  guideFilterSchema,
  guideGenreChannelsResponseSchema,
  type GuideFilter,
} from '@pantalla/contracts';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { genreWindow } from '../lib/guide-filter';

/** The guide's filters (issue 30): remembered per profile on the server, applied without every channel's programmes. */

export const guideFilterKeys = {
  filter: (profileKey: string) => ['guide-filter', profileKey] as const,
};

export function getGuideFilter(signal?: AbortSignal): Promise<GuideFilter> {
  return api.get('/guide/filter', { schema: guideFilterSchema, signal });
}

/** The profile's remembered filter: the guide's and the start-up fill's one query. */
export const guideFilterQueryOptions = (profileKey: string) =>
  queryOptions({
    queryKey: guideFilterKeys.filter(profileKey),
    queryFn: ({ signal }) => getGuideFilter(signal),
    staleTime: 30_000,
  });

export function putGuideFilter(filter: GuideFilter): Promise<GuideFilter> {
  return api.request('/guide/filter', { method: 'PUT', body: filter, schema: guideFilterSchema });
}

/**
 * The profile's remembered filter and a setter that applies at once (the server is told after; a
 * refusal puts the previous filter back). A filter that cannot be read is no filter.
 */
export function useGuideFilter(profileKey: string) {
  const client = useQueryClient();
  const key = guideFilterKeys.filter(profileKey);
  const query = useQuery(guideFilterQueryOptions(profileKey));
  const { mutate } = useMutation({
    mutationFn: putGuideFilter,
    onMutate: async (next): Promise<{ before: GuideFilter | undefined }> => {
      await client.cancelQueries({ queryKey: key });
      const before = client.getQueryData<GuideFilter>(key);
      client.setQueryData(key, next);
      return { before };
    },
    onError: (_error, _next, context) => {
      if (context?.before) client.setQueryData(key, context.before);
    },
  });
  const filter = query.data ?? NO_GUIDE_FILTER;
  const change = useCallback((patch: Partial<GuideFilter>) => mutate({ ...filter, ...patch }), [mutate, filter]);
  return { filter, settled: query.isSuccess || query.isError, change };
}

/** The programme genres a guide filters by: the catalogue's sections. */
export function useProgrammeGenres() {
  return useQuery({
    queryKey: ['browse', 'genres', 'section'],
    queryFn: ({ signal }) => api.get('/genres', { query: { kind: 'section' }, schema: genresResponseSchema, signal }),
    staleTime: 5 * 60_000,
  });
}

/**
 * The genre's channels for the window the guide shows: the 24 hours from the hour at its left
 * edge, from where it opens (`openingTime`) and then wherever a day picked, a search or a scroll
 * takes it (`onShownTime`). Moving keeps the last answer until the new window's arrives.
 */
export function useShownGenreChannels(genreId: number | null, openingTime: number) {
  const [hour, setHour] = useState(() => genreWindow(openingTime).from);
  const { from, to } = genreWindow(hour);
  const query = useGenreChannels(genreId, from, to);
  const onShownTime = useCallback((time: number) => setHour(genreWindow(time).from), []);
  return { query, onShownTime };
}

type GenreChannels = z.infer<typeof guideGenreChannelsResponseSchema>;

/** Channels airing a programme of the genre in [from, to) (the ids alone). */
export function useGenreChannels(genreId: number | null, from: number, to: number) {
  return useQuery<GenreChannels>({
    queryKey: ['guide-genre-channels', genreId, from, to],
    // Another window of the same genre keeps the rows it had meanwhile, not a spinner (nor another genre's).
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[1] === genreId ? previous : undefined),
    queryFn: ({ signal }): Promise<GenreChannels> =>
      api.get('/guide/genre-channels', {
        query: { genreId: genreId ?? 0, from, to },
        schema: guideGenreChannelsResponseSchema,
        signal,
      }),
    enabled: genreId !== null,
    staleTime: 5 * 60_000,
  });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { seriesListResponseSchema, type Series } from '@pantalla/contracts';
import { api } from '../api-client';

export function getSeriesList({
  lineupId,
  signal,
}: {
  lineupId?: number;
  signal?: AbortSignal;
}): Promise<{ resources: Series[] }> {
  return api.get('/series', { schema: seriesListResponseSchema, signal, query: { lineupId } });
}

export const getSeriesListQueryOptions = (lineupId?: number) =>
  queryOptions({
    queryKey: ['catalogue', 'series', lineupId ?? null],
    queryFn: ({ signal }) => getSeriesList({ lineupId, signal }),
    staleTime: 10 * 60_000,
  });

export function useSeriesList(lineupId?: number, enabled = true) {
  return useQuery({ ...getSeriesListQueryOptions(lineupId), enabled });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { contentsResponseSchema, type Film } from '@pantalla/contracts';
import { api } from '../api-client';

/** Films of the lineup (spec "contents"). */
export function getContents({
  lineupId,
  signal,
}: {
  lineupId?: number;
  signal?: AbortSignal;
}): Promise<{ total: number; resources: Film[] }> {
  return api.get('/contents', { schema: contentsResponseSchema, signal, query: { lineupId } });
}

export const getContentsQueryOptions = (lineupId?: number) =>
  queryOptions({
    queryKey: ['catalogue', 'contents', lineupId ?? null],
    queryFn: ({ signal }) => getContents({ lineupId, signal }),
    staleTime: 10 * 60_000,
  });

export function useContents(lineupId?: number, enabled = true) {
  return useQuery({ ...getContentsQueryOptions(lineupId), enabled });
}

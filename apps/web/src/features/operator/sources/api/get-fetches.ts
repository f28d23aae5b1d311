import { useQuery } from '@tanstack/react-query';
import { sourceFetchListSchema } from '@pantalla/contracts';
import { api } from '../../../../lib/api-client';
import { sourceKey } from './get-source';

/** GET /operator/sources/{id}/fetches: the last 30 fetches, newest first. */
export function getFetches(id: number, signal?: AbortSignal) {
  return api.get(`/operator/sources/${id}/fetches`, { schema: sourceFetchListSchema, signal });
}

export function useFetches(id: number) {
  return useQuery({
    queryKey: [...sourceKey(id), 'fetches'],
    queryFn: ({ signal }) => getFetches(id, signal),
    refetchInterval: (query) => (query.state.data?.items[0]?.outcome === 'running' ? 1500 : false),
  });
}

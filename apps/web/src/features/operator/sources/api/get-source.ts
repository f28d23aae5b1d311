import { useQuery } from '@tanstack/react-query';
import { operatorSourceSchema } from '@pantalla/contracts';
import { api } from '../../../../lib/api-client';
import { sourcesKey } from './get-sources';

export const sourceKey = (id: number) => [...sourcesKey, id] as const;

/** GET /operator/sources/{id}: one source with its last fetch. */
export function getSource(id: number, signal?: AbortSignal) {
  return api.get(`/operator/sources/${id}`, { schema: operatorSourceSchema, signal });
}

export function useSource(id: number) {
  return useQuery({
    queryKey: sourceKey(id),
    queryFn: ({ signal }) => getSource(id, signal),
    refetchInterval: (query) => (query.state.data?.lastFetch?.outcome === 'running' ? 1500 : false),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sourceFetchSchema } from '@pantalla/contracts';
import { api } from '../../../../lib/api-client';
import { sourcesKey } from './get-sources';

/** POST /operator/sources/{id}/fetch: answers at once; the fetch runs on the server. */
export function fetchNow(id: number) {
  return api.post(`/operator/sources/${id}/fetch`, undefined, { schema: sourceFetchSchema });
}

export function useFetchNow(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => fetchNow(id),
    onSuccess: () => client.invalidateQueries({ queryKey: sourcesKey }),
  });
}

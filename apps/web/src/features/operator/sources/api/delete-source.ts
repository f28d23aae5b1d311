import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import { sourcesKey } from './get-sources';

/** DELETE /operator/sources/{id}. */
export function deleteSource(id: number) {
  return api.request<void>(`/operator/sources/${id}`, { method: 'DELETE' });
}

export function useDeleteSource(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => deleteSource(id),
    onSuccess: () => client.invalidateQueries({ queryKey: sourcesKey }),
  });
}

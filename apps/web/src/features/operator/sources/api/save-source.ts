import { useMutation, useQueryClient } from '@tanstack/react-query';
import { operatorSourceSchema, type OperatorSourceChange } from '@pantalla/contracts';
import { api } from '../../../../lib/api-client';
import { sourcesKey } from './get-sources';

/** POST /operator/sources (no id) or PATCH /operator/sources/{id}. */
export function saveSource(id: number | null, body: OperatorSourceChange) {
  return id === null
    ? api.post('/operator/sources', body, { schema: operatorSourceSchema })
    : api.request(`/operator/sources/${id}`, { method: 'PATCH', body, schema: operatorSourceSchema });
}

export function useSaveSource(id: number | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: OperatorSourceChange) => saveSource(id, body),
    onSuccess: () => client.invalidateQueries({ queryKey: sourcesKey }),
  });
}

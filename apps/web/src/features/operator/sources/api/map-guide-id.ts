import { useMutation, useQueryClient } from '@tanstack/react-query';
import { guideMappingSchema, type GuideMappingRequest } from '@pantalla/contracts';
import { api } from '../../../../lib/api-client';
import { sourcesKey } from './get-sources';

/** POST /operator/guide-mappings: map, create or ignore; the server applies it at once. */
export function mapGuideId(body: GuideMappingRequest) {
  return api.post('/operator/guide-mappings', body, { schema: guideMappingSchema });
}

export function useMapGuideId() {
  const client = useQueryClient();
  return useMutation({ mutationFn: mapGuideId, onSuccess: () => client.invalidateQueries({ queryKey: sourcesKey }) });
}

import { useMutation } from '@tanstack/react-query';
import { streamCheckListSchema } from '@pantalla/contracts';
import { api } from '../../../../lib/api-client';

/** POST /operator/channels/{id}/stream-check: the server asks each stream for itself, with its list's headers. */
export function useCheckStreams(id: number) {
  return useMutation({
    mutationFn: () =>
      api.request(`/operator/channels/${id}/stream-check`, { method: 'POST', schema: streamCheckListSchema }),
  });
}

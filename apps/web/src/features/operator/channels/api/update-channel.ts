import { useMutation, useQueryClient } from '@tanstack/react-query';
import { operatorChannelSchema, type OperatorChannelPatch } from '@pantalla/contracts';
import { api } from '../../../../lib/api-client';
import { channelsKey } from './get-channels';

/** PATCH /operator/channels/{id}: only the fields that changed. */
export function updateChannel(id: number, patch: OperatorChannelPatch) {
  return api.request(`/operator/channels/${id}`, { method: 'PATCH', body: patch, schema: operatorChannelSchema });
}

/** Saves a channel; the table and the form read it again. */
export function useUpdateChannel(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (patch: OperatorChannelPatch) => updateChannel(id, patch),
    onSuccess: (saved) => {
      client.setQueryData([...channelsKey, 'one', id], saved);
      void client.invalidateQueries({ queryKey: [...channelsKey, 'list'] });
    },
  });
}

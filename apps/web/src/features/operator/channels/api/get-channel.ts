import { queryOptions, useQuery } from '@tanstack/react-query';
import { operatorChannelSchema } from '@pantalla/contracts';
import { api } from '../../../../lib/api-client';
import { channelsKey } from './get-channels';

/** GET /operator/channels/{id}: everything the edit form shows. */
export function getChannel(id: number, signal?: AbortSignal) {
  return api.get(`/operator/channels/${id}`, { schema: operatorChannelSchema, signal });
}

export const channelQueryOptions = (id: number) =>
  queryOptions({ queryKey: [...channelsKey, 'one', id], queryFn: ({ signal }) => getChannel(id, signal) });

export function useChannel(id: number) {
  return useQuery(channelQueryOptions(id));
}

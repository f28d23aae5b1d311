import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { channelOptionListSchema } from '@pantalla/contracts';
import { api } from '../../../../lib/api-client';

/** GET /operator/sources/channel-options: channels for the mapping picker (typing cancels the previous request). */
export function getChannelOptions(q: string, signal?: AbortSignal) {
  return api.get('/operator/sources/channel-options', {
    schema: channelOptionListSchema,
    signal,
    query: { q, limit: 20 },
  });
}

export function useChannelOptions(q: string, enabled: boolean) {
  return useQuery({
    queryKey: ['operator', 'sources', 'channel-options', q],
    queryFn: ({ signal }) => getChannelOptions(q, signal),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

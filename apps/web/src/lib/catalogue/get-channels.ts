import { queryOptions, useQuery } from '@tanstack/react-query';
import { channelsResponseSchema, type Channel } from '@pantalla/contracts';
import { api } from '../api-client';

/** Channels in lineup order, with the user's access. */
export function getChannels({
  lineupId,
  signal,
}: {
  lineupId?: number;
  signal?: AbortSignal;
}): Promise<{ resources: Channel[] }> {
  return api.get('/channels', { schema: channelsResponseSchema, signal, query: { lineupId } });
}

export const getChannelsQueryOptions = (lineupId?: number) =>
  queryOptions({
    queryKey: ['catalogue', 'channels', lineupId ?? null],
    queryFn: ({ signal }) => getChannels({ lineupId, signal }),
    staleTime: 10 * 60_000,
  });

export function useChannels(lineupId?: number, enabled = true) {
  return useQuery({ ...getChannelsQueryOptions(lineupId), enabled });
}

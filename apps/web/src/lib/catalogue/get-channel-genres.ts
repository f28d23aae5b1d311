import { queryOptions, useQuery } from '@tanstack/react-query';
import { channelGenresResponseSchema, type ChannelGenre } from '@pantalla/contracts';
import { api } from '../api-client';

export function getChannelGenres({ signal }: { signal?: AbortSignal } = {}): Promise<{ resources: ChannelGenre[] }> {
  return api.get('/channel-genres', { schema: channelGenresResponseSchema, signal });
}

export const getChannelGenresQueryOptions = () =>
  queryOptions({
    queryKey: ['catalogue', 'channel-genres'],
    queryFn: ({ signal }) => getChannelGenres({ signal }),
    staleTime: 30 * 60_000,
  });

export function useChannelGenres(enabled = true) {
  return useQuery({ ...getChannelGenresQueryOptions(), enabled });
}

import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { favouriteChannelsSchema, type FavouriteChannels } from '@pantalla/contracts';
import { api } from '../../../lib/api-client';

/** Favourite channels of the current profile (issue 30): the guide's stars and its "Favoritos" filter. */

/** Every favourites query lives under ['favourites']; the profile key keeps profiles apart in the cache. */
export const favouriteKeys = {
  channels: (profileKey: string) => ['favourites', 'channels', profileKey] as const,
};

export function getFavouriteChannels(signal?: AbortSignal): Promise<FavouriteChannels> {
  return api.get('/favourites/channels', { schema: favouriteChannelsSchema, signal });
}

/** The profile's favourite channels: the guide's and the start-up fill's one query. */
export const favouriteChannelsQueryOptions = (profileKey: string) =>
  queryOptions({
    queryKey: favouriteKeys.channels(profileKey),
    queryFn: ({ signal }) => getFavouriteChannels(signal),
    staleTime: 60_000,
  });

export function addFavouriteChannel(channelId: number): Promise<FavouriteChannels> {
  return api.request(`/favourites/channels/${channelId}`, { method: 'PUT', schema: favouriteChannelsSchema });
}

export function removeFavouriteChannel(channelId: number): Promise<void> {
  return api.request(`/favourites/channels/${channelId}`, { method: 'DELETE' });
}

/**
 * The profile's favourite channels and a toggle that shows the change at once (the star
 * lights before the server answers; a refusal puts the list back).
 */
export function useFavouriteChannels(profileKey: string) {
  const client = useQueryClient();
  const key = favouriteKeys.channels(profileKey);
  const query = useQuery(favouriteChannelsQueryOptions(profileKey));
  const mutation = useMutation({
    mutationFn: async ({ channelId, on }: { channelId: number; on: boolean }): Promise<void> => {
      if (on) await addFavouriteChannel(channelId);
      else await removeFavouriteChannel(channelId);
    },
    onMutate: async ({ channelId, on }): Promise<{ before: FavouriteChannels | undefined }> => {
      await client.cancelQueries({ queryKey: key });
      const before = client.getQueryData<FavouriteChannels>(key);
      const ids = (before?.channelIds ?? []).filter((id) => id !== channelId);
      client.setQueryData<FavouriteChannels>(key, { channelIds: on ? [...ids, channelId] : ids });
      return { before };
    },
    onError: (_error, _vars, context) => {
      if (context?.before) client.setQueryData(key, context.before);
    },
    onSettled: () => client.invalidateQueries({ queryKey: key }),
  });
  const ids = query.data?.channelIds;
  const favourites = useMemo(() => new Set(ids ?? []), [ids]);
  const { mutate } = mutation;
  const toggle = useCallback(
    (channelId: number) => mutate({ channelId, on: !favourites.has(channelId) }),
    [mutate, favourites],
  );
  return { favourites, ready: query.isSuccess, failed: query.isError, toggle };
}

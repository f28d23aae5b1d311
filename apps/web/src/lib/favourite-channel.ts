import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { favouriteChannelsSchema } from '@pantalla/contracts';
import { api } from './api-client';
import { currentProfile } from './current-profile';

/** Every favourites query lives under ['favourites']: a star pressed anywhere refreshes them all (guide, home). */
const FAVOURITES = ['favourites'] as const;

/**
 * Whether a channel is one of the current profile's favourite channels (issue 30), and a toggle:
 * the star of a channel's page and of the player. The profile is in the key, so a switch never
 * shows the previous profile's star.
 */
export function useFavouriteChannel(channelId: number) {
  const client = useQueryClient();
  const profileId = useSyncExternalStore(currentProfile.subscribe, () => currentProfile.get()?.id ?? null);
  const key = ['favourites', 'channels', 'profile', profileId] as const;
  const query = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => api.get('/favourites/channels', { schema: favouriteChannelsSchema, signal }),
    staleTime: 60_000,
  });
  const on = query.data?.channelIds.includes(channelId) ?? false;
  const mutation = useMutation({
    mutationFn: async (add: boolean): Promise<void> => {
      if (add)
        await api.request(`/favourites/channels/${channelId}`, { method: 'PUT', schema: favouriteChannelsSchema });
      else await api.request(`/favourites/channels/${channelId}`, { method: 'DELETE' });
    },
    onSettled: () => client.invalidateQueries({ queryKey: FAVOURITES }),
  });
  return {
    ready: query.isSuccess,
    inList: on,
    busy: mutation.isPending,
    failed: mutation.isError,
    // A press while the last one is on its way is ignored: the button stays enabled (keeping the keyboard's focus).
    toggle: () => {
      if (!mutation.isPending) mutation.mutate(!on);
    },
  };
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { myListItemSchema, myListMembershipSchema, type MyListKind } from '@pantalla/contracts';
import { api } from '../../../lib/api-client';

/**
 * "Mi lista" and the favourite channel on a detail page (issue 30), for the profile the API
 * client names. Every favourites query lives under ['favourites']: a change refreshes them all
 * (the guide's stars, the home's row).
 */
const keys = {
  all: ['favourites'] as const,
  member: (kind: MyListKind, id: number) => ['favourites', 'my-list', 'member', kind, id] as const,
};

/** Whether a film, series or programme is in "Mi lista", and a toggle. */
export function useMyListItem(kind: MyListKind, id: number) {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: keys.member(kind, id),
    queryFn: ({ signal }) => api.get(`/my-list/${kind}/${id}`, { schema: myListMembershipSchema, signal }),
  });
  const mutation = useMutation({
    mutationFn: async (add: boolean): Promise<void> => {
      if (add) await api.request(`/my-list/${kind}/${id}`, { method: 'PUT', schema: myListItemSchema });
      else await api.request(`/my-list/${kind}/${id}`, { method: 'DELETE' });
    },
    onSuccess: (_data, add) => client.setQueryData(keys.member(kind, id), { inList: add }),
    onSettled: () => client.invalidateQueries({ queryKey: keys.all }),
  });
  const inList = query.data?.inList ?? false;
  return {
    ready: query.isSuccess,
    inList,
    busy: mutation.isPending,
    failed: mutation.isError,
    // A press while the last one is on its way is ignored: the button stays enabled (keeping the keyboard's focus).
    toggle: () => {
      if (!mutation.isPending) mutation.mutate(!inList);
    },
  };
}

/** The channel page's star: the player's too, so it lives in lib. */
export { useFavouriteChannel } from '../../../lib/favourite-channel';

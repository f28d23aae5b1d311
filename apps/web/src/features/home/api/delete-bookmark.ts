import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bookmarkOkSchema, type BookmarkKind } from '@pantalla/contracts';
import { api } from '../../../lib/api-client';
import { keepWatchingQueryKey, type RowItems } from './get-row-items';

/** DELETE /keep-watching/delete-mark/{id}/{vod|cutv} with the spec's body {source}. */
export function deleteBookmark({ id, kind }: { id: number; kind: BookmarkKind }): Promise<{ ok: true }> {
  return api.request(`/keep-watching/delete-mark/${id}/${kind}`, {
    method: 'DELETE',
    body: { source: 'web' },
    schema: bookmarkOkSchema,
  });
}

/** Deletes a bookmark and drops it from the row at once; the list is refetched afterwards. */
export function useDeleteBookmark() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteBookmark,
    onSuccess: (_ok, { id, kind }) => {
      client.setQueryData<RowItems>(keepWatchingQueryKey, (old) =>
        old
          ? {
              total: old.total - 1,
              entries: old.entries.filter((e) => !(e.bookmark?.id === id && e.bookmark.kind === kind)),
            }
          : old,
      );
      void client.invalidateQueries({ queryKey: keepWatchingQueryKey });
      void client.invalidateQueries({ queryKey: ['catalogue', 'screen-lists'] });
    },
  });
}

import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { lineupMoveResponseSchema, type LineupMove, type OperatorLineupPage } from '@pantalla/contracts';
import { api } from '../../../../lib/api-client';
import { lineupChannelsKey, movedPages } from './get-lineup-channels';

/** PUT /operator/lineups/{id}/order: one channel to a new place. */
export function moveChannel(lineupId: number, move: LineupMove) {
  return api.request(`/operator/lineups/${lineupId}/order`, {
    method: 'PUT',
    body: move,
    schema: lineupMoveResponseSchema,
  });
}

/** Moves a channel at once on screen; a refusal puts the server's order back. */
export function useMoveChannel(lineupId: number) {
  const client = useQueryClient();
  const key = lineupChannelsKey(lineupId);
  return useMutation({
    mutationFn: (move: LineupMove & { from: number }) =>
      moveChannel(lineupId, { channelId: move.channelId, toPosition: move.toPosition }),
    onMutate: async (move) => {
      await client.cancelQueries({ queryKey: key });
      client.setQueryData<InfiniteData<OperatorLineupPage, string | null>>(key, (data) =>
        data ? movedPages(data, move.from, move.toPosition) : data,
      );
    },
    onError: () => void client.invalidateQueries({ queryKey: key }),
  });
}

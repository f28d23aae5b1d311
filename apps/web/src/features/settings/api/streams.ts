import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { openStreamListSchema, type OpenStream } from '@pantalla/contracts';
import { api } from '../../../lib/api-client';

/** Streams close on other devices too: the list looks again this often while shown. */
export const STREAMS_REFRESH_MS = 15_000;

export function getOpenStreams({ signal }: { signal?: AbortSignal } = {}): Promise<OpenStream[]> {
  return api.get('/sessions', { schema: openStreamListSchema, signal }).then((list) => list.resources);
}

export const openStreamsQueryOptions = () =>
  queryOptions({
    queryKey: ['settings', 'streams'],
    queryFn: ({ signal }) => getOpenStreams({ signal }),
    refetchInterval: STREAMS_REFRESH_MS,
  });

export function useOpenStreams() {
  return useQuery(openStreamsQueryOptions());
}

/** DELETE /sessions/{id}: closes one stream; its player stops within one manifest refresh. */
export function closeStream(id: string): Promise<void> {
  return api.request(`/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** POST /sessions/reset: the spec's 'Reset DRM sessions', every stream of the account on every device. */
export function resetDrmSessions(): Promise<void> {
  return api.post('/sessions/reset');
}

function useStreamsMutation<T>(mutationFn: (input: T) => Promise<void>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: openStreamsQueryOptions().queryKey }),
  });
}

export const useCloseStream = () => useStreamsMutation(closeStream);
export const useResetDrmSessions = () => useStreamsMutation(resetDrmSessions);

import { useInfiniteQuery } from '@tanstack/react-query';
import { unmatchedGuideIdPageSchema } from '@pantalla/contracts';
import { api } from '../../../../lib/api-client';
import { sourceKey } from './get-source';

/** GET /operator/sources/{id}/unmatched: guide ids of the last import without a channel or a mapping. */
export function getUnmatched(id: number, cursor: string | null, signal?: AbortSignal) {
  return api.get(`/operator/sources/${id}/unmatched`, {
    schema: unmatchedGuideIdPageSchema,
    signal,
    query: { cursor: cursor ?? undefined, limit: 50 },
  });
}

export function useUnmatched(id: number) {
  return useInfiniteQuery({
    queryKey: [...sourceKey(id), 'unmatched'],
    queryFn: ({ pageParam, signal }) => getUnmatched(id, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

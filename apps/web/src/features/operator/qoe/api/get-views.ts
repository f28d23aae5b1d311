import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { qoeViewPageSchema, qoeViewRecordSchema } from '@pantalla/contracts';
import { api } from '../../../../lib/api-client';
import type { QoeItemType } from './get-item';

/** Views a page of the list brings. */
export const VIEWS_PAGE = 20;

/** Whose views: an account's (the subscriber's page) or a channel's or title's. */
export type ViewsOf = { userId: number } | { itemType: QoeItemType; itemId: number };

const pathOf = (of: ViewsOf) =>
  'userId' in of
    ? `/operator/qoe/subscribers/${of.userId}/views`
    : `/operator/qoe/items/${of.itemType}/${of.itemId}/views`;

/** GET …/views: a page of views, newest first, after the cursor. */
export function getQoeViews(of: ViewsOf, cursor: string | null, signal?: AbortSignal) {
  return api.get(pathOf(of), {
    schema: qoeViewPageSchema,
    signal,
    query: { limit: VIEWS_PAGE, ...(cursor ? { cursor } : {}) },
  });
}

export function useQoeViews(of: ViewsOf) {
  return useInfiniteQuery({
    queryKey: ['operator', 'qoe', 'views', of],
    queryFn: ({ pageParam, signal }) => getQoeViews(of, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** GET /operator/qoe/views/{viewId}: one view's summary. */
export function useQoeView(viewId: string) {
  return useQuery({
    queryKey: ['operator', 'qoe', 'view', viewId],
    queryFn: ({ signal }) =>
      api.get(`/operator/qoe/views/${encodeURIComponent(viewId)}`, { schema: qoeViewRecordSchema, signal }),
  });
}

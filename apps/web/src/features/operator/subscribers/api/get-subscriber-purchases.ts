import { useInfiniteQuery } from '@tanstack/react-query';
import { subscriberPurchasePageSchema } from '@pantalla/contracts';
import { api } from '../../../../lib/api-client';
import { subscriberKey } from './get-subscriber';

const PURCHASES_PAGE = 50;

/** GET /operator/subscribers/{userId}/purchases: the purchases after the page's first ones. */
export function getSubscriberPurchases(userId: number, cursor: string, signal?: AbortSignal) {
  return api.get(`/operator/subscribers/${userId}/purchases`, {
    schema: subscriberPurchasePageSchema,
    signal,
    query: { cursor, limit: PURCHASES_PAGE },
  });
}

/**
 * The purchases past the page's first ones, from `firstCursor` on; asked for only when the
 * operator asks for more (`wanted`). Under the page's key, so an action's invalidation refreshes them too.
 */
export function useMorePurchases(userId: number, firstCursor: string | null, wanted: boolean) {
  return useInfiniteQuery({
    queryKey: [...subscriberKey(userId), 'purchases', firstCursor],
    queryFn: ({ pageParam, signal }) => getSubscriberPurchases(userId, pageParam, signal),
    initialPageParam: firstCursor ?? '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: wanted && firstCursor !== null,
  });
}

import { queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  billingHistoryResponseSchema,
  cardConfirmResponseSchema,
  cardOnFileResponseSchema,
  cardSetupResponseSchema,
  receiptSchema,
  type CardConfirmResponse,
  type CardSetupResponse,
} from '@pantalla/contracts';
import { api } from '../../../lib/api-client';
import { alertKey } from './alert';

const purchasesKey = ['commerce', 'purchases'] as const;
export const cardKey = ['billing', 'card'] as const;
export const historyKey = ['billing', 'history'] as const;

/** GET /payments/card: the card on file, or null. */
export function useCardOnFile() {
  return useQuery({
    queryKey: cardKey,
    queryFn: ({ signal }) => api.get('/payments/card', { schema: cardOnFileResponseSchema, signal }),
    staleTime: 30_000,
  });
}

/** POST /payments/card/setup: a setup intent for the card field to confirm. */
export function startCardSetup(): Promise<CardSetupResponse> {
  return api.post('/payments/card/setup', undefined, { schema: cardSetupResponseSchema });
}

/** POST /payments/card/confirm: the card becomes the default; what it paid of a failed renewal comes back. */
export function confirmCardSetup(setupIntentId: string): Promise<CardConfirmResponse> {
  return api.post('/payments/card/confirm', { setupIntentId }, { schema: cardConfirmResponseSchema });
}

/** Everything a new or removed card changes: the card, the subscriptions, the history, the banner. */
export function useRefreshBilling() {
  const client = useQueryClient();
  return () =>
    Promise.all(
      [cardKey, purchasesKey, historyKey, alertKey].map((queryKey) => client.invalidateQueries({ queryKey })),
    ).then(() => undefined);
}

/** DELETE /payments/card. */
export function useRemoveCard() {
  const refresh = useRefreshBilling();
  return useMutation({
    mutationFn: () => api.request('/payments/card', { method: 'DELETE' }),
    onSuccess: refresh,
  });
}

/** GET /billing/history, a page at a time ('Ver más' follows the cursor). */
export function useBillingHistory(limit = 10) {
  return useInfiniteQuery({
    queryKey: [...historyKey, limit],
    queryFn: ({ pageParam, signal }) =>
      api.get('/billing/history', {
        schema: billingHistoryResponseSchema,
        signal,
        query: { limit, cursor: pageParam ?? undefined },
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 30_000,
  });
}

/** GET /billing/receipts/{entryId}. */
export const receiptQueryOptions = (entryId: string) =>
  queryOptions({
    queryKey: ['billing', 'receipt', entryId],
    queryFn: ({ signal }) =>
      api.get(`/billing/receipts/${encodeURIComponent(entryId)}`, { schema: receiptSchema, signal }),
    staleTime: Infinity,
    retry: false,
  });

export function useReceipt(entryId: string) {
  return useQuery(receiptQueryOptions(entryId));
}

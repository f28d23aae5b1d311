import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  cardFieldResponseSchema,
  confirmPurchaseResponseSchema,
  ownedPurchaseSchema,
  passwordCheckSchema,
  purchasesResponseSchema,
  startPurchaseResponseSchema,
  type ConfirmPurchaseResponse,
  type StartPurchaseRequest,
  type StartPurchaseResponse,
} from '@pantalla/contracts';
import { api } from '../../../lib/api-client';

/** GET /payments/card-field: the provider's card field address. */
export const getCardFieldQueryOptions = () =>
  queryOptions({
    queryKey: ['commerce', 'card-field'],
    queryFn: ({ signal }) => api.get('/payments/card-field', { schema: cardFieldResponseSchema, signal }),
    staleTime: 10 * 60_000,
  });

export function useCardFieldAddress() {
  return useQuery(getCardFieldQueryOptions());
}

/** POST /purchases: the server creates the payment for its own price of the product. */
export function startPurchase(request: StartPurchaseRequest): Promise<StartPurchaseResponse> {
  return api.post('/purchases', request, { schema: startPurchaseResponseSchema });
}

/** POST /account/password/check (204 when right): a kids profile's password step (issue 30). */
export function checkAccountPassword(password: string): Promise<void> {
  return api.post('/account/password/check', passwordCheckSchema.parse({ password }));
}

/** POST /purchases/{id}/confirm: the server asks the provider and fulfils once. */
export function confirmPurchase(purchaseId: string): Promise<ConfirmPurchaseResponse> {
  return api.post(`/purchases/${encodeURIComponent(purchaseId)}/confirm`, undefined, {
    schema: confirmPurchaseResponseSchema,
  });
}

export const purchasesQueryKey = ['commerce', 'purchases'] as const;

/** GET /purchases: the user's subscriptions and pay-per-view purchases. */
export const getPurchasesQueryOptions = () =>
  queryOptions({
    queryKey: purchasesQueryKey,
    queryFn: ({ signal }) => api.get('/purchases', { schema: purchasesResponseSchema, signal }),
    staleTime: 30_000,
  });

export function usePurchases() {
  return useQuery(getPurchasesQueryOptions());
}

/** POST /purchases/{id}/cancel: the subscription ends when its paid period does. */
export function useCancelSubscription() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (purchaseId: string) =>
      api.post(`/purchases/${encodeURIComponent(purchaseId)}/cancel`, undefined, { schema: ownedPurchaseSchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: purchasesQueryKey }),
  });
}

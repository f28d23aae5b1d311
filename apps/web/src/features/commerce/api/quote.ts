import { queryOptions, useQuery } from '@tanstack/react-query';
import { checkoutQuoteSchema, skinSchema } from '@pantalla/contracts';
import { api } from '../../../lib/api-client';

/**
 * POST /purchases/quote: the terms of buying a product now (price, VAT, trial, the promotion
 * code's discount, what is charged today and when, the card on file). A code the server
 * refuses is a 400 with its reason.
 */
export const checkoutQuoteQueryOptions = (productId: number, promotionCode: string | null) =>
  queryOptions({
    queryKey: ['commerce', 'quote', productId, promotionCode ?? ''],
    queryFn: ({ signal }) =>
      api.post('/purchases/quote', promotionCode ? { productId, promotionCode } : { productId }, {
        schema: checkoutQuoteSchema,
        signal,
      }),
    // What is about to be paid is always read afresh.
    staleTime: 0,
    retry: false,
  });

export function useCheckoutQuote(productId: number | null, promotionCode: string | null = null) {
  return useQuery({ ...checkoutQuoteQueryOptions(productId ?? 0, promotionCode), enabled: productId !== null });
}

/** GET /operator (public): the provider the fail screen names, for whoever lands there. */
export function useProviderName(): string | null {
  const operator = useQuery({
    queryKey: ['operator'],
    queryFn: ({ signal }) => api.get('/operator', { schema: skinSchema, signal, auth: false }),
    staleTime: Infinity,
  });
  return operator.data?.provider ?? null;
}

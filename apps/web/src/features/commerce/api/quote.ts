import { queryOptions, useQuery } from '@tanstack/react-query';
import { cardOnFileResponseSchema, checkoutQuoteSchema, productQuoteSchema, skinSchema, type CheckoutQuote } from '@pantalla/contracts';
import { api, ApiError } from '../../../lib/api-client';

/** A server from before POST /purchases/quote (a rolling deploy): its product, VAT and card on file; no trial, no code. */
async function productOnly(productId: number, signal: AbortSignal): Promise<CheckoutQuote> {
  const { product, vat } = await api.get(`/products/${productId}`, { schema: productQuoteSchema, signal });
  const savedCard = await api.get('/payments/card', { schema: cardOnFileResponseSchema, signal }).then((r) => r.card, () => null);
  const now = new Date();
  const renews = new Date(now);
  renews.setMonth(renews.getMonth() + (product.interval === 'year' ? 12 : 1));
  return { product, vat, trialDays: 0, discount: null, dueTodayCents: product.priceCents, firstChargeCents: product.priceCents, firstChargeAt: now.toISOString(), renewsAt: product.recurring ? renews.toISOString() : null, savedCard };
}

const routeMissing = (error: unknown) => error instanceof ApiError && error.status === 404 && error.message.startsWith('No existe POST');

/**
 * POST /purchases/quote: the terms of buying a product now (price, VAT, trial, the promotion
 * code's discount, what is charged today and when, the card on file). A code the server
 * refuses is a 400 with its reason.
 */
export const checkoutQuoteQueryOptions = (productId: number, promotionCode: string | null) =>
  queryOptions({
    queryKey: ['commerce', 'quote', productId, promotionCode ?? ''],
    queryFn: async ({ signal }) => {
      try {
        return await api.post('/purchases/quote', promotionCode ? { productId, promotionCode } : { productId }, { schema: checkoutQuoteSchema, signal });
      } catch (error) {
        if (!promotionCode && routeMissing(error)) return productOnly(productId, signal);
        throw error;
      }
    },
    // What is about to be paid is always read afresh.
    staleTime: 0,
    retry: false,
  });

export function useCheckoutQuote(productId: number | null, promotionCode: string | null = null) {
  return useQuery({ ...checkoutQuoteQueryOptions(productId ?? 0, promotionCode), enabled: productId !== null });
}

/** GET /operator (public): the provider the fail screen names, for whoever lands there. */
export function useProviderName(): string | null {
  const operator = useQuery({ queryKey: ['operator'], queryFn: ({ signal }) => api.get('/operator', { schema: skinSchema, signal, auth: false }), staleTime: Infinity });
  return operator.data?.provider ?? null;
}

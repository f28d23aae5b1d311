import { queryOptions, useQuery } from '@tanstack/react-query';
import { productQuoteSchema } from '@pantalla/contracts';
import { api } from '../../../lib/api-client';

/** GET /products/{id}: one product as the server sells it now, with its VAT for this account. */
export const getProductQuoteQueryOptions = (productId: number) =>
  queryOptions({
    queryKey: ['commerce', 'product', productId],
    queryFn: ({ signal }) => api.get(`/products/${productId}`, { schema: productQuoteSchema, signal }),
    // What is about to be paid is always read afresh.
    staleTime: 0,
    retry: false,
  });

export function useProductQuote(productId: number | null) {
  return useQuery({ ...getProductQuoteQueryOptions(productId ?? 0), enabled: productId !== null });
}

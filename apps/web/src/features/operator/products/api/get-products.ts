import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { operatorProductsPageSchema, type OperatorProductKind } from '@pantalla/contracts';
import { api } from '../../../../lib/api-client';

/** The list's filter: a kind (undefined: both) and part of the title. */
export interface ProductFilters {
  kind?: OperatorProductKind;
  q: string;
}

export const PRODUCT_PAGE = 50;
export const productsKey = ['operator', 'products'] as const;

/** GET /operator/products: one page after `cursor`. */
export function getProducts(filters: ProductFilters, cursor: string | null, signal?: AbortSignal) {
  return api.get('/operator/products', {
    schema: operatorProductsPageSchema,
    signal,
    query: { kind: filters.kind, q: filters.q.trim() || undefined, cursor: cursor ?? undefined, limit: PRODUCT_PAGE },
  });
}

export const productsQueryOptions = (filters: ProductFilters) =>
  infiniteQueryOptions({
    queryKey: [...productsKey, 'list', filters],
    queryFn: ({ pageParam, signal }) => getProducts(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    // Typing a search keeps the last rows until the next answer.
    placeholderData: (previous) => previous,
  });

export function useProducts(filters: ProductFilters) {
  return useInfiniteQuery(productsQueryOptions(filters));
}

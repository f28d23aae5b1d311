import { queryOptions, useQuery } from '@tanstack/react-query';
import { operatorProductDetailSchema } from '@pantalla/contracts';
import { api } from '../../../../lib/api-client';
import { productsKey } from './get-products';

/** GET /operator/products/{id}: the product, its price history and the packages it may sell. */
export function getProduct(id: number, signal?: AbortSignal) {
  return api.get(`/operator/products/${id}`, { schema: operatorProductDetailSchema, signal });
}

export const productKey = (id: number) => [...productsKey, 'one', id] as const;

export const productQueryOptions = (id: number) =>
  queryOptions({ queryKey: productKey(id), queryFn: ({ signal }) => getProduct(id, signal) });

export function useProduct(id: number) {
  return useQuery(productQueryOptions(id));
}

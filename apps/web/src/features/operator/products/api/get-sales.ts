import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { operatorSalesSchema } from '@pantalla/contracts';
import { api } from '../../../../lib/api-client';
import { productsKey } from './get-products';

/** GET /operator/products/{id}/sales: UTC days 'YYYY-MM-DD', both included. */
export function getSales(id: number, from: string, to: string, signal?: AbortSignal) {
  return api.get(`/operator/products/${id}/sales`, { schema: operatorSalesSchema, signal, query: { from, to } });
}

export function useSales(id: number, from: string, to: string) {
  return useQuery({
    queryKey: [...productsKey, 'sales', id, from, to],
    queryFn: ({ signal }) => getSales(id, from, to, signal),
    placeholderData: keepPreviousData,
  });
}

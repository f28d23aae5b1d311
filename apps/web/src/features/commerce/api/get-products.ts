import { queryOptions, useQuery } from '@tanstack/react-query';
import { ppvSubsProductsResponseSchema } from '@pantalla/contracts';
import { api } from '../../../lib/api-client';

/** GET /productosppv: every product on sale (signed in). */
export const getProductsQueryOptions = () =>
  queryOptions({
    queryKey: ['commerce', 'products'],
    queryFn: ({ signal }) => api.get('/productosppv', { schema: ppvSubsProductsResponseSchema, signal }),
    staleTime: 10 * 60_000,
  });

export function useProducts(enabled = true) {
  return useQuery({ ...getProductsQueryOptions(), enabled });
}

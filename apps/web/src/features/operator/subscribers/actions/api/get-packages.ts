import { queryOptions, useQuery } from '@tanstack/react-query';
import { packagesResponseSchema } from '@pantalla/contracts';
import { api } from '../../../../../lib/api-client';

/** GET /packages: every package, for the grant dialog's choice (they change rarely). */
export function getPackages(signal?: AbortSignal) {
  return api.get('/packages', { schema: packagesResponseSchema, signal });
}

export const packagesQuery = queryOptions({
  queryKey: ['operator', 'packages'],
  queryFn: ({ signal }) => getPackages(signal),
  staleTime: 5 * 60_000,
});

export const usePackages = (enabled: boolean) => useQuery({ ...packagesQuery, enabled });

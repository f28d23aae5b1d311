import { useQuery } from '@tanstack/react-query';
import { operatorLineupsResponseSchema } from '@pantalla/contracts';
import { api } from '../../../../lib/api-client';

/** GET /operator/lineups: every lineup with its region (a handful). */
export function getLineups(signal?: AbortSignal) {
  return api.get('/operator/lineups', { schema: operatorLineupsResponseSchema, signal });
}

export function useLineups() {
  return useQuery({ queryKey: ['operator', 'lineups'], queryFn: ({ signal }) => getLineups(signal) });
}

import { useQuery } from '@tanstack/react-query';
import { operatorMeSchema } from '@pantalla/contracts';
import { api } from '../../../lib/api-client';

export const operatorMeKey = ['operator', 'me'] as const;

/** GET /operator/me: the console's door. A subscriber gets 403, and the console is not there for them. */
export function useOperatorMe() {
  return useQuery({
    queryKey: operatorMeKey,
    queryFn: ({ signal }) => api.get('/operator/me', { schema: operatorMeSchema, signal }),
    staleTime: 60_000,
    retry: false,
  });
}

import { useQuery, type FetchQueryOptions } from '@tanstack/react-query';
import { operatorMeSchema } from '@pantalla/contracts';
import { restoreSession, session } from '../../account';
import { api } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';

export const operatorMeKey = ['operator', 'me'] as const;

const meQuery = {
  queryKey: operatorMeKey,
  queryFn: ({ signal }: { signal: AbortSignal }) => api.get('/operator/me', { schema: operatorMeSchema, signal }),
  staleTime: 60_000,
  retry: false,
} as const;

/** GET /operator/me: the console's door. A subscriber gets 403, and the console is not there for them. */
export function useOperatorMe() {
  return useQuery(meQuery);
}

/**
 * Starts a console call as soon as the session is back, from a route loader: the door and a
 * section's first page then travel together instead of one after the other. Never throws.
 */
export function prefetchWhenSignedIn<T>(options: FetchQueryOptions<T, Error, T, readonly unknown[]>): void {
  void restoreSession().then(() =>
    session.getState().status === 'authenticated' ? queryClient.prefetchQuery(options) : undefined,
  );
}

/** The door's call, started by the console's route loader. */
export function prefetchOperatorMe(): void {
  prefetchWhenSignedIn(meQuery);
}

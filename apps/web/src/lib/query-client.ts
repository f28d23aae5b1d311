import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

/** A client error will not change by asking again; network and 5xx get two more tries. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

/** The one query cache; logout clears it. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: shouldRetry, staleTime: 60_000, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});

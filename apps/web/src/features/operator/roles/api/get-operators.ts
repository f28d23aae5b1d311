import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { operatorPageSchema } from '@pantalla/contracts';
import { api } from '../../../../lib/api-client';

/** Operators per page: the list is short; the server answers at most 200. */
export const OPERATORS_PAGE = 50;

export const operatorsKey = ['operator', 'roles'] as const;

/** GET /operator/roles: operators by e-mail, one page after `cursor`. */
export function getOperators(cursor: string | null, signal?: AbortSignal) {
  return api.get('/operator/roles', {
    schema: operatorPageSchema,
    signal,
    query: { limit: OPERATORS_PAGE, cursor: cursor ?? undefined },
  });
}

/** The operators and their roles, a page at a time ("load more"). */
export function useOperators() {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: operatorsKey,
      queryFn: ({ pageParam, signal }) => getOperators(pageParam, signal),
      initialPageParam: null as string | null,
      getNextPageParam: (last) => last.nextCursor,
    }),
  );
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { timeSchema, type TimeResponse } from '@pantalla/contracts';
import { api } from '../../../lib/api-client';

/** The server's clock; `_` defeats caches as the spec's gettime call does. */
export function getServerTime({ signal }: { signal?: AbortSignal } = {}): Promise<TimeResponse> {
  return api.get('/time', { schema: timeSchema, signal, auth: false, query: { _: Date.now() } });
}

export const getServerTimeQueryOptions = () =>
  queryOptions({ queryKey: ['time'], queryFn: ({ signal }) => getServerTime({ signal }), staleTime: 0 });

export function useServerTime() {
  return useQuery(getServerTimeQueryOptions());
}

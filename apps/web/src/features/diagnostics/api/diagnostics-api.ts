import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  diagResponseSchema,
  manifestTestEventsSchema,
  parentalGrantSchema,
  parentalVerifyRequestSchema,
  userIpResponseSchema,
  type DiagResponse,
  type ManifestTestEvent,
} from '@pantalla/contracts';
import { api, ApiError } from '../../../lib/api-client';

/** GET /media/diag.json: the origin's list of speed-test servers (outside /api/v1). */
export async function getDiagServers({ signal }: { signal?: AbortSignal } = {}): Promise<DiagResponse> {
  const response = await fetch('/media/diag.json', { signal, headers: { accept: 'application/json' } });
  if (!response.ok) throw new ApiError(response.status, 'http_error', response.statusText);
  return diagResponseSchema.parse(await response.json());
}

export const diagServersQueryOptions = () =>
  queryOptions({
    queryKey: ['diagnostics', 'servers'],
    queryFn: ({ signal }) => getDiagServers({ signal }),
    staleTime: 300_000,
  });

/** GET /getuserip: the address the server sees. */
export function getUserIp({ signal }: { signal?: AbortSignal } = {}): Promise<string> {
  return api.get('/getuserip', { schema: userIpResponseSchema, signal }).then((r) => r.ip);
}

export function useUserIp() {
  return useQuery({
    queryKey: ['diagnostics', 'ip'],
    queryFn: ({ signal }) => getUserIp({ signal }),
    staleTime: 60_000,
  });
}

/** GET /manifest-test/events: the catch-up events to test, all or those ended within `hours` (403 unless an administrator). */
export function getManifestTestEvents({ signal, hours }: { signal?: AbortSignal; hours?: number } = {}): Promise<
  ManifestTestEvent[]
> {
  return api
    .get('/manifest-test/events', { schema: manifestTestEventsSchema, signal, query: { hours } })
    .then((r) => r.resources);
}

/** POST /parental/verify: a grant that opens adult catch-up programmes to the test for 15 minutes. */
export async function verifyParentalPin(pin: string): Promise<void> {
  await api.post('/parental/verify', parentalVerifyRequestSchema.parse({ pin }), { schema: parentalGrantSchema });
}

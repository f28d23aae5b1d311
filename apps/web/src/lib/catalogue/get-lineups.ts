import { queryOptions, useQuery } from '@tanstack/react-query';
import { lineupsResponseSchema, type Lineup } from '@pantalla/contracts';
import { api } from '../api-client';

export function getLineups({ signal }: { signal?: AbortSignal } = {}): Promise<{ resources: Lineup[] }> {
  return api.get('/lineups', { schema: lineupsResponseSchema, signal });
}

export const getLineupsQueryOptions = () =>
  queryOptions({
    queryKey: ['catalogue', 'lineups'],
    queryFn: ({ signal }) => getLineups({ signal }),
    staleTime: 30 * 60_000,
  });

export function useLineups(enabled = true) {
  return useQuery({ ...getLineupsQueryOptions(), enabled });
}

/** The lineup of the user's region; null (and logged by the caller) when there is none. */
export function pickRegionLineup(lineups: Lineup[] | undefined, regionId: number | null): Lineup | null {
  return lineups?.find((lineup) => lineup.regionId === regionId) ?? null;
}

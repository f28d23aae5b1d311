import { queryOptions, useQuery } from '@tanstack/react-query';
import { qoeOverviewSchema, type QoeRange } from '@pantalla/contracts';
import { api } from '../../../../lib/api-client';

/** GET /operator/qoe/overview: the range's figures and chart points. */
export function getQoeOverview(range: QoeRange, signal?: AbortSignal) {
  return api.get('/operator/qoe/overview', { schema: qoeOverviewSchema, signal, query: { range } });
}

export const qoeOverviewOptions = (range: QoeRange) =>
  queryOptions({
    queryKey: ['operator', 'qoe', 'overview', range],
    queryFn: ({ signal }) => getQoeOverview(range, signal),
    refetchInterval: 60_000,
    refetchIntervalInBackground: false,
  });

export function useQoeOverview(range: QoeRange) {
  return useQuery(qoeOverviewOptions(range));
}

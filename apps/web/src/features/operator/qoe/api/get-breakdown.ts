import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { qoeBreakdownSchema, type QoeBreakdownBy, type QoeRange } from '@pantalla/contracts';
import { api } from '../../../../lib/api-client';

/** Groups a breakdown shows: the busiest first (the server answers at most 200). */
export const BREAKDOWN_ROWS = 100;

/** GET /operator/qoe/breakdown: figures per channel, title, device class, browser, region or error code. */
export function getQoeBreakdown(by: QoeBreakdownBy, range: QoeRange, signal?: AbortSignal) {
  return api.get('/operator/qoe/breakdown', {
    schema: qoeBreakdownSchema,
    signal,
    query: { by, range, limit: BREAKDOWN_ROWS },
  });
}

export function useQoeBreakdown(by: QoeBreakdownBy, range: QoeRange) {
  return useQuery(
    queryOptions({
      queryKey: ['operator', 'qoe', 'breakdown', by, range],
      queryFn: ({ signal }) => getQoeBreakdown(by, range, signal),
      placeholderData: keepPreviousData,
    }),
  );
}

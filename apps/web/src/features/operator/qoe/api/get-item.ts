import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { qoeItemReportSchema, type QoeRange, type QoeView } from '@pantalla/contracts';
import { api } from '../../../../lib/api-client';

export type QoeItemType = QoeView['itemType'];

/** GET /operator/qoe/items/{type}/{id}: a channel's or title's figures, chart points, breakdowns and alerts. */
export function getQoeItem(itemType: QoeItemType, itemId: number, range: QoeRange, signal?: AbortSignal) {
  return api.get(`/operator/qoe/items/${itemType}/${itemId}`, {
    schema: qoeItemReportSchema,
    signal,
    query: { range },
  });
}

export function useQoeItem(itemType: QoeItemType, itemId: number, range: QoeRange) {
  return useQuery(
    queryOptions({
      queryKey: ['operator', 'qoe', 'item', itemType, itemId, range],
      queryFn: ({ signal }) => getQoeItem(itemType, itemId, range, signal),
      placeholderData: keepPreviousData,
      refetchInterval: 60_000,
      refetchIntervalInBackground: false,
    }),
  );
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { qoeAlertsSchema } from '@pantalla/contracts';
import { api } from '../../../../lib/api-client';

export const qoeAlertsKey = ['operator', 'qoe', 'alerts'] as const;

/** GET /operator/qoe/alerts: the latest alerts (open and cleared) and the thresholds. */
export function getQoeAlerts(signal?: AbortSignal) {
  return api.get('/operator/qoe/alerts', { schema: qoeAlertsSchema, signal, query: { state: 'all', limit: 50 } });
}

export function useQoeAlerts() {
  return useQuery(
    queryOptions({
      queryKey: qoeAlertsKey,
      queryFn: ({ signal }) => getQoeAlerts(signal),
      refetchInterval: 60_000,
      refetchIntervalInBackground: false,
    }),
  );
}

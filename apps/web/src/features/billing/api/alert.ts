import { useQuery } from '@tanstack/react-query';
import { billingAlertSchema } from '@pantalla/contracts';
import { api } from '../../../lib/api-client';

/** Its own module: the layout's banner reads it on every page, without the settings' billing code. */
export const alertKey = ['billing', 'alert'] as const;

/** GET /billing/alert: read once per page load; a new card or a subscription change invalidates it. */
export function useBillingAlert(enabled = true) {
  return useQuery({
    queryKey: alertKey,
    queryFn: ({ signal }) => api.get('/billing/alert', { schema: billingAlertSchema, signal }),
    staleTime: Infinity,
    retry: false,
    enabled,
  });
}

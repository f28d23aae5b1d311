import { useMutation, useQueryClient } from '@tanstack/react-query';
import { qoeThresholdsSchema, type QoeThresholds } from '@pantalla/contracts';
import { api } from '../../../../lib/api-client';
import { qoeAlertsKey } from './get-alerts';

/** PUT /operator/qoe/thresholds (audited). */
export function putQoeThresholds(thresholds: QoeThresholds) {
  return api.request('/operator/qoe/thresholds', { method: 'PUT', body: thresholds, schema: qoeThresholdsSchema });
}

export function useSaveThresholds() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: putQoeThresholds,
    onSuccess: () => client.invalidateQueries({ queryKey: qoeAlertsKey }),
  });
}

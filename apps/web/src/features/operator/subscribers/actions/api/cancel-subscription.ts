import { operatorCancelResponseSchema } from '@pantalla/contracts';
import { api } from '../../../../../lib/api-client';
import { useSubscriberAction } from './use-subscriber-action';

/** POST /operator/subscribers/{userId}/purchases/{purchaseId}/cancel: it renews no more. */
export function cancelSubscription(userId: number, purchaseId: string, reason: string) {
  return api.post(
    `/operator/subscribers/${userId}/purchases/${encodeURIComponent(purchaseId)}/cancel`,
    { reason },
    { schema: operatorCancelResponseSchema },
  );
}

export const useCancelSubscription = (userId: number, purchaseId: string) =>
  useSubscriberAction(userId, (reason: string) => cancelSubscription(userId, purchaseId, reason));

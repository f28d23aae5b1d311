import { operatorRefundResponseSchema } from '@pantalla/contracts';
import { api } from '../../../../../lib/api-client';
import { withReauth } from '../../../api/reauth';
import { useSubscriberAction } from './use-subscriber-action';

/** POST /operator/subscribers/{userId}/purchases/{purchaseId}/refund: sensitive, so the password dialog may come first. */
export function refundPurchase(userId: number, purchaseId: string, reason: string) {
  return withReauth(() =>
    api.post(
      `/operator/subscribers/${userId}/purchases/${encodeURIComponent(purchaseId)}/refund`,
      { reason },
      { schema: operatorRefundResponseSchema },
    ),
  );
}

export const useRefundPurchase = (userId: number, purchaseId: string) =>
  useSubscriberAction(userId, (reason: string) => refundPurchase(userId, purchaseId, reason));

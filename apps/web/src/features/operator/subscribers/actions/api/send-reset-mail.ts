import { resetMailResponseSchema } from '@pantalla/contracts';
import { api } from '../../../../../lib/api-client';
import { useSubscriberAction } from './use-subscriber-action';

/** POST /operator/subscribers/{userId}/password-reset: a reset link to the account's address. */
export function sendResetMail(userId: number) {
  return api.post(`/operator/subscribers/${userId}/password-reset`, undefined, { schema: resetMailResponseSchema });
}

export const useSendResetMail = (userId: number) => useSubscriberAction(userId, () => sendResetMail(userId));

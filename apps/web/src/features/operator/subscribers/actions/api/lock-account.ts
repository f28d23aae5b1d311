import { accountLockResponseSchema } from '@pantalla/contracts';
import { api } from '../../../../../lib/api-client';
import { useSubscriberAction } from './use-subscriber-action';

/** POST /operator/subscribers/{userId}/lock or /unlock, with a reason. */
export function setLocked(userId: number, locked: boolean, reason: string) {
  return api.post(
    `/operator/subscribers/${userId}/${locked ? 'lock' : 'unlock'}`,
    { reason },
    { schema: accountLockResponseSchema },
  );
}

export const useSetLocked = (userId: number, locked: boolean) =>
  useSubscriberAction(userId, (reason: string) => setLocked(userId, locked, reason));

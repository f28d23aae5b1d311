import { packageActionResponseSchema } from '@pantalla/contracts';
import { api } from '../../../../../lib/api-client';
import { useSubscriberAction } from './use-subscriber-action';

/** POST /operator/subscribers/{userId}/packages/{packageId}/revoke: the package ends now. */
export function revokePackage(userId: number, packageId: number, reason: string) {
  return api.post(
    `/operator/subscribers/${userId}/packages/${packageId}/revoke`,
    { reason },
    { schema: packageActionResponseSchema },
  );
}

export const useRevokePackage = (userId: number, packageId: number) =>
  useSubscriberAction(userId, (reason: string) => revokePackage(userId, packageId, reason));

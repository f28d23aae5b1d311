import { packageActionResponseSchema, type GrantPackageRequest } from '@pantalla/contracts';
import { api } from '../../../../../lib/api-client';
import { useSubscriberAction } from './use-subscriber-action';

/** POST /operator/subscribers/{userId}/packages: a package until a date, with a reason. */
export function grantPackage(userId: number, request: GrantPackageRequest) {
  return api.post(`/operator/subscribers/${userId}/packages`, request, { schema: packageActionResponseSchema });
}

export const useGrantPackage = (userId: number) =>
  useSubscriberAction(userId, (request: GrantPackageRequest) => grantPackage(userId, request));

import { queryOptions, useQuery } from '@tanstack/react-query';
import { subscriberPageSchema } from '@pantalla/contracts';
import { api } from '../../../../lib/api-client';

/** The page's key: the actions invalidate it when they succeed. */
export const subscriberKey = (userId: number) => ['operator', 'subscriber', userId] as const;

/** GET /operator/subscribers/{userId}: account, profiles, packages, first purchases, streams, devices, sign-ins. */
export function getSubscriber(userId: number, signal?: AbortSignal) {
  return api.get(`/operator/subscribers/${userId}`, { schema: subscriberPageSchema, signal });
}

export function subscriberQuery(userId: number) {
  return queryOptions({ queryKey: subscriberKey(userId), queryFn: ({ signal }) => getSubscriber(userId, signal) });
}

export function useSubscriber(userId: number) {
  return useQuery({ ...subscriberQuery(userId), enabled: Number.isInteger(userId) && userId > 0, retry: false });
}

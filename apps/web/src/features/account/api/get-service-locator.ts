import { queryOptions, useQuery } from '@tanstack/react-query';
import { serviceLocatorSchema } from '@pantalla/contracts';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';

export type ServiceLocator = z.infer<typeof serviceLocatorSchema>;

/** Where the idm, static, manager and search endpoints live for this user. */
export function getServiceLocator({
  login,
  signal,
}: { login?: string; signal?: AbortSignal } = {}): Promise<ServiceLocator> {
  return api.get('/locator', { schema: serviceLocatorSchema, signal, auth: false, query: { login } });
}

export const getServiceLocatorQueryOptions = (login?: string) =>
  queryOptions({
    queryKey: ['locator', login ?? null],
    queryFn: ({ signal }) => getServiceLocator({ login, signal }),
    staleTime: Infinity,
  });

export function useServiceLocator(login?: string) {
  return useQuery(getServiceLocatorQueryOptions(login));
}

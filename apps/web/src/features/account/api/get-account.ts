import { queryOptions, useQuery } from '@tanstack/react-query';
import { accountSchema } from '@pantalla/contracts';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';

export type Account = z.infer<typeof accountSchema>;

export function getAccount({ signal }: { signal?: AbortSignal } = {}): Promise<Account> {
  return api.get('/account', { schema: accountSchema, signal });
}

export const getAccountQueryOptions = () =>
  queryOptions({ queryKey: ['account', 'account'], queryFn: ({ signal }) => getAccount({ signal }) });

export function useAccount() {
  return useQuery(getAccountQueryOptions());
}

import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  emailChangeRequestSchema,
  emailChangeStatusSchema,
  messageSchema,
  type EmailChangeRequest,
  type EmailChangeStatus,
} from '@pantalla/contracts';
import { api } from '../../../lib/api-client';

/** GET /account/email: the address and the change waiting for its link. */
export function getEmailStatus({ signal }: { signal?: AbortSignal } = {}): Promise<EmailChangeStatus> {
  return api.get('/account/email', { schema: emailChangeStatusSchema, signal });
}

export const emailStatusQueryOptions = () =>
  queryOptions({ queryKey: ['settings', 'email'], queryFn: ({ signal }) => getEmailStatus({ signal }) });

export const useEmailStatus = () => useQuery(emailStatusQueryOptions());

/** POST /account/email: a link goes to the new address; the answer is the same whoever holds it. */
export function requestEmailChange(input: EmailChangeRequest): Promise<{ message: string }> {
  return api.post('/account/email', emailChangeRequestSchema.parse(input), { schema: messageSchema });
}

export function useRequestEmailChange() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: requestEmailChange,
    onSuccess: () => client.invalidateQueries(emailStatusQueryOptions()),
  });
}

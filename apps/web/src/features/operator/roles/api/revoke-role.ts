import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OperatorRole } from '@pantalla/contracts';
import { api } from '../../../../lib/api-client';
import { withReauth } from '../../api/reauth';
import { operatorsKey } from './get-operators';

/** DELETE /operator/roles/{userId}/{role}: sensitive, so the password dialog may come first. */
export function revokeRole(userId: number, role: OperatorRole) {
  return withReauth(() => api.request<undefined>(`/operator/roles/${userId}/${role}`, { method: 'DELETE' }));
}

/** Revokes a role; the list and the audit trail are read again. */
export function useRevokeRole() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: number; role: OperatorRole }) => revokeRole(userId, role),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: operatorsKey });
      void client.invalidateQueries({ queryKey: ['operator', 'audit'] });
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GrantRoleRequest } from '@pantalla/contracts';
import { api } from '../../../../lib/api-client';
import { withReauth } from '../../api/reauth';
import { operatorsKey } from './get-operators';

/** POST /operator/roles: sensitive, so the password dialog may come first. */
export function grantRole(request: GrantRoleRequest) {
  return withReauth(() => api.post<undefined>('/operator/roles', request));
}

/** Grants a role; the list and the audit trail are read again. */
export function useGrantRole() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: grantRole,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: operatorsKey });
      void client.invalidateQueries({ queryKey: ['operator', 'audit'] });
    },
  });
}

import { useMutation } from '@tanstack/react-query';
import { accountDeletionSchema, type AccountDeletion } from '@pantalla/contracts';
import { api } from '../../../lib/api-client';

/** GET /account/export: every datum the service keeps about the user, as JSON. */
export function exportAccountData(): Promise<unknown> {
  return api.get('/account/export');
}

/** POST /account/delete: the password again; the account is erased and signed out everywhere. */
export function deleteAccount(input: AccountDeletion): Promise<unknown> {
  return api.post('/account/delete', accountDeletionSchema.parse(input));
}

export const useExportAccountData = () => useMutation({ mutationFn: exportAccountData });
export const useDeleteAccount = () => useMutation({ mutationFn: deleteAccount });

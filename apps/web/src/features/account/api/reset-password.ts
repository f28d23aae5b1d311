import { useMutation } from '@tanstack/react-query';
import { messageSchema } from '@pantalla/contracts';
import { api } from '../../../lib/api-client';

export interface ResetPasswordInput {
  token: string;
  password: string;
}

/** Sets a new password with the mailed single-use token; the server signs out every device. */
export function resetPassword(input: ResetPasswordInput): Promise<{ message: string }> {
  return api.post('/password-reset', input, { schema: messageSchema, auth: false });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}

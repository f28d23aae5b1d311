import { useMutation } from '@tanstack/react-query';
import { messageSchema } from '@pantalla/contracts';
import { api } from '../../../lib/api-client';

/** Always answers the same confirmation, so it reveals nothing about which accounts exist. */
export function requestPasswordRecovery(email: string): Promise<{ message: string }> {
  return api.post('/tb-user/passwordRecovery', { email }, { schema: messageSchema, auth: false });
}

export function useRequestPasswordRecovery() {
  return useMutation({ mutationFn: requestPasswordRecovery });
}

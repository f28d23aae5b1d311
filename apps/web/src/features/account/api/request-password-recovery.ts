import { useMutation } from '@tanstack/react-query';
import { messageSchema } from '@pantalla/contracts';
import { api } from '../../../lib/api-client';
import { currentLanguage } from '../../../lib/i18n';

/** Always answers the same confirmation, so it reveals nothing about which accounts exist. The mail is written in the app's language. */
export function requestPasswordRecovery(email: string): Promise<{ message: string }> {
  return api.post(
    '/tb-user/passwordRecovery',
    { email, language: currentLanguage() },
    { schema: messageSchema, auth: false },
  );
}

export function useRequestPasswordRecovery() {
  return useMutation({ mutationFn: requestPasswordRecovery });
}

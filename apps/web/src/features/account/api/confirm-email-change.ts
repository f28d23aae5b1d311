import { emailChangeConfirmResponseSchema } from '@pantalla/contracts';
import { api } from '../../../lib/api-client';

/** POST /account/email/confirm: the token of the link mailed to the new address; answers the address now in use. */
export function confirmEmailChange(token: string): Promise<{ email: string }> {
  return api.post('/account/email/confirm', { token }, { schema: emailChangeConfirmResponseSchema });
}

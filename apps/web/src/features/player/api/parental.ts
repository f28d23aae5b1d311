import { parentalGrantSchema, type ParentalGrant } from '@pantalla/contracts';
import { api } from '../../../lib/api-client';

/** POST /parental/verify: the server checks the PIN and grants restricted content for a while. */
export function verifyParentalPin(pin: string): Promise<ParentalGrant> {
  return api.post('/parental/verify', { pin }, { schema: parentalGrantSchema });
}

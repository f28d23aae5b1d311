import { useMutation } from '@tanstack/react-query';
import { parentalGrantSchema, parentalVerifyRequestSchema, type ParentalGrant } from '@pantalla/contracts';
import { api } from '../../../lib/api-client';

/** POST /parental/verify: the server checks the PIN and answers a grant. */
export function verifyParentalPin({ pin }: { pin: string }): Promise<ParentalGrant> {
  return api.post('/parental/verify', parentalVerifyRequestSchema.parse({ pin }), { schema: parentalGrantSchema });
}

export function useVerifyParentalPin() {
  return useMutation({ mutationFn: verifyParentalPin });
}

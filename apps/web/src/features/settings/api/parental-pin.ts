import { useMutation } from '@tanstack/react-query';
import {
  parentalPinCheckSchema,
  parentalPinUpdateSchema,
  parentalStatusSchema,
  passwordCheckSchema,
  type ParentalStatus,
} from '@pantalla/contracts';
import { api } from '../../../lib/api-client';
import type { PinSend } from '../lib/pin-flow';

/** Step 1: POST /parental/pin/check (204 when right). */
export function checkCurrentPin(pin: string): Promise<void> {
  return api.post('/parental/pin/check', parentalPinCheckSchema.parse({ pin }));
}

/** Step 4: POST /account/password/check (204 when right). */
export function checkAccountPassword(password: string): Promise<void> {
  return api.post('/account/password/check', passwordCheckSchema.parse({ password }));
}

/** Saving: PUT /parental/pin; the server checks the old PIN and the password again. */
export function saveParentalPin(send: PinSend): Promise<ParentalStatus> {
  return api.request('/parental/pin', {
    method: 'PUT',
    body: parentalPinUpdateSchema.parse(send),
    schema: parentalStatusSchema,
  });
}

export const useCheckCurrentPin = () => useMutation({ mutationFn: checkCurrentPin });
export const useCheckAccountPassword = () => useMutation({ mutationFn: checkAccountPassword });
export const useSaveParentalPin = () => useMutation({ mutationFn: saveParentalPin });

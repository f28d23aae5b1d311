import { useMutation } from '@tanstack/react-query';
import { passwordChangeSchema, userInfoSchema, type PasswordChange, type UserInfo } from '@pantalla/contracts';
import { api } from '../../../lib/api-client';

/** POST /account/password: every other device is signed out; the answer is this device's new user info. */
export function changePassword(input: PasswordChange): Promise<UserInfo> {
  return api.post('/account/password', passwordChangeSchema.parse(input), { schema: userInfoSchema });
}

export const useChangePassword = () => useMutation({ mutationFn: changePassword });

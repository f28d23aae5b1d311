import { useMutation } from '@tanstack/react-query';
import { logout } from '../stores/session';

/** Signs out; the session store calls POST /logout, then resets state, cookie and cache. */
export function useLogout() {
  return useMutation({ mutationFn: logout });
}

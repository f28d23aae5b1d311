import { useSyncExternalStore } from 'react';
import type { UserInfo } from '@pantalla/contracts';
import { api } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { createSessionStore, type SessionState } from './session-store';

/** The app's one session, bound to the app's one API client. */
export const session = createSessionStore({ api, clearCache: () => queryClient.clear() });

export function useSession(): SessionState {
  return useSyncExternalStore(session.subscribe, session.getState, session.getState);
}

/** The signed-in user's info, or null. */
export function useUserInfo(): UserInfo | null {
  return useSession().userInfo;
}

/** For screens behind the route guard: the user info, which the guard guarantees. */
export function useAuthenticatedUser(): UserInfo {
  const info = useUserInfo();
  if (!info) throw new Error('useAuthenticatedUser outside the signed-in routes');
  return info;
}

/** Restores the session from the refresh cookie; call once at start. */
export function restoreSession(): Promise<void> {
  return session.restore();
}

/** Signs out here and on the server, then empties caches. */
export function logout(): Promise<void> {
  return session.logout();
}

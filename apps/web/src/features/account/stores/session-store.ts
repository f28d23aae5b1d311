import { readJwtClaims, type UserInfo } from '@pantalla/contracts';
import type { ApiClient, ApiError } from '../../../lib/api-client';
import {
  clearUserInfoCookie,
  readUserInfoCookie,
  writeUserInfoCookie,
  type CookieJar,
} from '../../../lib/user-info-cookie';

/** The spec's session states: none, then authenticated, then reset on logout or expiry. */
export type SessionStatus = 'none' | 'authenticated' | 'reset';

export interface SessionState {
  status: SessionStatus;
  /** True while the boot refresh (from the httpOnly cookie) is under way. */
  restoring: boolean;
  /** Present exactly when authenticated. The idToken in it lives in memory only. */
  userInfo: UserInfo | null;
  /** Why the last reset happened, for the screen that follows it. */
  resetReason: 'logout' | 'expired' | null;
}

export interface SessionStoreDeps {
  api: ApiClient;
  /** Where the display-info cookie goes; document.cookie by default. */
  jar?: CookieJar;
  /** Empties the query cache so no user's data outlives the session. */
  clearCache?: () => void;
  now?: () => number;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

/** Spec: refresh the idToken when it expires within one hour. */
export const REFRESH_LEAD_SECONDS = 3600;
const RETRY_AFTER_NETWORK_FAILURE_MS = 60_000;
const MIN_DELAY_MS = 5_000;
/** setTimeout fires at once beyond 2^31-1 ms (~24.8 days); a longer-lived token is refreshed early. */
const MAX_DELAY_MS = 2_147_483_647;

/** Reads iat and exp from a JWT payload without verifying it (the server verifies). */
function tokenLifetimeSeconds(idToken: string): number | null {
  const claims = readJwtClaims(idToken);
  return typeof claims?.iat === 'number' && typeof claims.exp === 'number' ? claims.exp - claims.iat : null;
}

/**
 * When to refresh, in ms from now. Measured from the token's own iat/exp so a wrong device
 * clock does not matter; a token shorter-lived than two hours refreshes at half its life
 * rather than at once.
 */
export function refreshDelayMs(info: Pick<UserInfo, 'idToken' | 'idTokenExpiration'>, nowMs: number): number {
  const lifetime = tokenLifetimeSeconds(info.idToken) ?? info.idTokenExpiration - Math.floor(nowMs / 1000);
  const lead = Math.min(REFRESH_LEAD_SECONDS, lifetime / 2);
  return Math.min(MAX_DELAY_MS, Math.max(MIN_DELAY_MS, (lifetime - lead) * 1000));
}

/**
 * The idToken's refresh timer: one at a time, set from the token's lifetime, and a retry a
 * minute later when a refresh fails on the network while still signed in.
 */
function createRefreshTimer(
  deps: Required<Pick<SessionStoreDeps, 'now' | 'setTimer' | 'clearTimer'>> & {
    refresh: () => Promise<unknown>;
    signedIn: () => boolean;
  },
) {
  let timer: unknown = null;
  function stop(): void {
    if (timer !== null) deps.clearTimer(timer);
    timer = null;
  }
  async function refreshNow(): Promise<void> {
    timer = null;
    try {
      await deps.refresh();
    } catch (error) {
      // Spec: a failed refresh is only logged. A refusal has already reset the session.
      console.warn('Token refresh failed', error);
      if (deps.signedIn()) timer = deps.setTimer(() => void refreshNow(), RETRY_AFTER_NETWORK_FAILURE_MS);
    }
  }
  return {
    schedule(info: UserInfo): void {
      stop();
      timer = deps.setTimer(() => void refreshNow(), refreshDelayMs(info, deps.now()));
    },
    stop,
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;

/** The signed-in user, as a tiny external store for useSyncExternalStore. */
export function createSessionStore(deps: SessionStoreDeps) {
  const { api } = deps;
  const now = deps.now ?? Date.now;
  const setTimer = deps.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
  const clearTimer = deps.clearTimer ?? ((h) => clearTimeout(h as ReturnType<typeof setTimeout>));

  let state: SessionState = { status: 'none', restoring: false, userInfo: null, resetReason: null };
  /** The idToken between a password login and the end of its profile load. */
  let pendingToken: string | null = null;
  let restorePromise: Promise<void> | null = null;
  const listeners = new Set<() => void>();

  function set(patch: Partial<SessionState>): void {
    state = { ...state, ...patch };
    for (const listener of listeners) listener();
  }

  const refreshTimer = createRefreshTimer({
    now,
    setTimer,
    clearTimer,
    refresh: () => api.refresh(),
    signedIn: () => state.status === 'authenticated',
  });

  function authenticate(info: UserInfo): void {
    pendingToken = null;
    writeUserInfoCookie(info, { persistent: info.rememberMe, jar: deps.jar });
    set({ status: 'authenticated', userInfo: info, restoring: false, resetReason: null });
    refreshTimer.schedule(info);
  }

  function reset(reason: 'logout' | 'expired'): void {
    refreshTimer.stop();
    pendingToken = null;
    clearUserInfoCookie(deps.jar);
    deps.clearCache?.();
    set({ status: 'reset', userInfo: null, restoring: false, resetReason: reason });
  }

  api.bindSession({
    getIdToken: () => state.userInfo?.idToken ?? pendingToken,
    onRefreshed(info) {
      // The boot restore and the timer both land here; either way the new info replaces the old.
      authenticate(info);
    },
    onRefreshFailed(error: ApiError) {
      if (state.status === 'authenticated') reset('expired');
      else if (error.status !== 0) clearUserInfoCookie(deps.jar);
    },
  });

  return {
    getState: (): SessionState => state,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /**
     * Boot: restores the session from the refresh cookie, once. Spec: the app is signed in
     * once the user info is read from its cookie; without a regular one (a visitor, or
     * irregular data) there is nothing to restore and no refresh call is made.
     */
    restore(): Promise<void> {
      restorePromise ??= (async () => {
        if (!readUserInfoCookie(deps.jar)) return;
        set({ restoring: true });
        try {
          await api.refresh();
        } catch {
          // No cookie, or a revoked one: the visitor simply is not signed in.
        } finally {
          if (state.restoring) set({ restoring: false });
        }
      })();
      return restorePromise;
    },
    /** Login step 2: keep the new idToken in memory while profiles and region load. */
    beginLogin(idToken: string): void {
      pendingToken = idToken;
    },
    abortLogin(): void {
      pendingToken = null;
    },
    authenticate,
    /** Ends the session on the server (best effort) and here. */
    async logout(): Promise<void> {
      try {
        await api.post('/logout', undefined, { auth: true });
      } catch (error) {
        // The local reset matters more; the server revokes expired families anyway.
        console.warn('Logout call failed', error);
      }
      reset('logout');
    },
    /** Local reset without a server call, e.g. when the licence server says the session expired. */
    expire(): void {
      reset('expired');
    },
  };
}

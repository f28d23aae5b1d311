import { useSyncExternalStore } from 'react';
/**
 * Issue 30: the profile this device watches as, remembered in localStorage per account. The
 * server takes the profile only from `token` (signed at POST /profiles/{id}/select), which the
 * API client sends in the profile header; the rest only draws the header and the screens.
 */
export interface CurrentProfile {
  /** The account it was chosen on: another account signing in on the device starts over. */
  email: string;
  id: number;
  name: string;
  avatar: string;
  kind: 'adult' | 'kids';
  /** The profile token; null once the server refused it (a new sign-in): chosen again silently. */
  token: string | null;
}

const KEY = 'pantalla.profile';
/** The header the token travels in (contracts' PROFILE_HEADER, spelled here to keep the home's bundle small). */
export const PROFILE_HEADER = 'x-pantalla-profile';
/** Whether an API error is the server refusing the profile token (403, data `{ profile: 'token_refused' }`). */
export const profileRefused = (error: { status: number; data: unknown }): boolean =>
  error.status === 403 && (error.data as { profile?: unknown } | null)?.profile === 'token_refused';

const listeners = new Set<() => void>();
let pickerOpen = false;
let cached: CurrentProfile | null | undefined;
const notify = () => listeners.forEach((listener) => listener());

export const currentProfile = {
  /** The remembered profile, whatever the account. */
  get(): CurrentProfile | null {
    if (cached === undefined) {
      try {
        cached = JSON.parse(localStorage.getItem(KEY) ?? 'null') as CurrentProfile | null;
      } catch {
        cached = null;
      }
    }
    return cached;
  },
  /** The remembered profile of this account, or null. */
  of: (email: string | undefined): CurrentProfile | null => {
    const value = currentProfile.get();
    return email !== undefined && value?.email === email ? value : null;
  },
  /** Remembers a profile (null forgets it); a token null keeps the choice for the app to renew it silently. */
  set(value: CurrentProfile | null): void {
    cached = value;
    try {
      if (value) localStorage.setItem(KEY, JSON.stringify(value));
      else localStorage.removeItem(KEY);
    } catch {
      // Private mode: remembered for this page only.
    }
    notify();
  },
  /** The token the API client sends, or null. */
  token: (): string | null => currentProfile.get()?.token ?? null,
  /** Whether "¿Quién está viendo?" was asked for from the header. */
  pickerOpen: (): boolean => pickerOpen,
  openPicker(open = true): void {
    pickerOpen = open;
    notify();
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/** Whether this device watches the account `email` as a kids profile (issue 30): screens refuse and ask accordingly. */
export function useKidsProfile(email: string | undefined): boolean {
  return useSyncExternalStore(currentProfile.subscribe, () => currentProfile.of(email)?.kind === 'kids');
}

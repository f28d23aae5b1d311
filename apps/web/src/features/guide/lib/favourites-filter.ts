/**
 * The guide's "Favoritos" filter, remembered per account and profile on this device
 * (localStorage: it outlives the tab, unlike the guide's saved page).
 */
import type { UserInfo } from '@pantalla/contracts';
import type { KeyValueStore } from './saved-state';

const PREFIX = 'pantalla.guide.favourites';

/**
 * The profile the app is in, as a storage and cache key: account and profile id. Until the
 * app names a profile on its requests the server uses the account's first, and so does this.
 */
export function profileKeyOf(user: Pick<UserInfo, 'userId' | 'profiles'>, profileId?: number | null): string {
  return `${user.userId}.${profileId ?? user.profiles[0]?.id ?? 0}`;
}

function local(): KeyValueStore | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    // Blocked storage: the filter starts off every time.
    return null;
  }
}

export function readFavouritesFilter(profileKey: string, store: KeyValueStore | null = local()): boolean {
  return store?.getItem(`${PREFIX}.${profileKey}`) === '1';
}

export function writeFavouritesFilter(profileKey: string, on: boolean, store: KeyValueStore | null = local()): void {
  try {
    store?.setItem(`${PREFIX}.${profileKey}`, on ? '1' : '0');
  } catch {
    // Full or blocked storage: the filter is not remembered, it still applies.
  }
}

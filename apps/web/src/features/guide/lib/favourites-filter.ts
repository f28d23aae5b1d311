/**
 * The profile the guide shows, as a cache key. The guide's filters themselves are remembered per
 * profile on the server (issue 30: `GET|PUT /guide/filter`), so every device opens with them.
 */
import type { UserInfo } from '@pantalla/contracts';

/**
 * The profile the app is in, as a cache key: account and profile id. Until the app names a
 * profile on its requests the server uses the account's first, and so does this.
 */
export function profileKeyOf(user: Pick<UserInfo, 'userId' | 'profiles'>, profileId?: number | null): string {
  return `${user.userId}.${profileId ?? user.profiles[0]?.id ?? 0}`;
}

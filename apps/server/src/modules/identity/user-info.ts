import type { Profile, UserInfo } from '@pantalla/contracts';
import type { Config } from '../../platform/config';
import type { ProfileRow, UserRow } from './tables';

/** A stored profile as the API shows it. */
export function toProfile(row: ProfileRow): Profile {
  return { id: row.id, isAdult: row.isAdult === 1, name: row.name };
}

/** The stored channel order; anything but an array of integers counts as none. */
export function parseChannelOrder(stored: string): number[] {
  try {
    const value: unknown = JSON.parse(stored);
    return Array.isArray(value) ? value.filter((v): v is number => Number.isInteger(v)) : [];
  } catch {
    return [];
  }
}

const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

/** Everything the app keeps about the signed-in user, tokens aside from the refresh cookie. */
export function buildUserInfo(input: {
  config: Config;
  user: UserRow;
  profiles: ProfileRow[];
  idToken: string;
  idTokenExpiration: number;
  refreshTokenExpiration: number;
  rememberMe: boolean;
}): UserInfo {
  const { config, user } = input;
  return {
    userId: user.id,
    idToken: input.idToken,
    idTokenExpiration: input.idTokenExpiration,
    idTokenExpirationIso: iso(input.idTokenExpiration),
    refreshTokenExpiration: input.refreshTokenExpiration,
    refreshTokenExpirationIso: iso(input.refreshTokenExpiration),
    rememberMe: input.rememberMe,
    email: user.email,
    username: user.email,
    skin: { operator: config.operator.name, provider: config.operator.providerName, logos: config.operator.logos },
    channelOrder: parseChannelOrder(user.channelOrder),
    regionId: user.regionId,
    profiles: input.profiles.map(toProfile),
    // The per-user catalogue file; the catalogue module serves it per region.
    json_file: `region-${user.regionId}.json`,
    hasPin: user.pinHash !== null,
    emailConfirmed: user.emailConfirmedAt !== null,
  };
}

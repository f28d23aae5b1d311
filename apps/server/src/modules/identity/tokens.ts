import { readJwt, signJwt } from '../../platform/jwt';

/** Claims of an idToken: who, which token version, until when (epoch seconds). */
export interface IdTokenClaims {
  sub: number;
  email: string;
  /** The user's token version when issued; a bump signs the user out everywhere. */
  ver: number;
  iat: number;
  exp: number;
  /**
   * The sign-in (refresh-token family) it was issued under: signing out or a detected reuse
   * revokes the family, and with it this idToken at its next request. Tokens signed without
   * it (none the login route issues) answer only to the token version.
   */
  sid?: string;
}

/** Signs claims as an HS256 JWT. */
export function signIdToken(secret: string, claims: IdTokenClaims): string {
  return signJwt(secret, claims);
}

export type TokenCheck =
  { ok: true; claims: IdTokenClaims } | { ok: false; reason: 'malformed' | 'signature' | 'expired' };

/** Verifies an HS256 JWT made by signIdToken against the current time in seconds. */
export function verifyIdToken(secret: string, token: string, nowSeconds: number): TokenCheck {
  const read = readJwt(secret, token, isClaims);
  if (!read.ok) return read;
  if (read.claims.exp <= nowSeconds) return { ok: false, reason: 'expired' };
  return read;
}

function isClaims(value: unknown): value is IdTokenClaims {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.sub === 'number' &&
    typeof v.email === 'string' &&
    typeof v.ver === 'number' &&
    typeof v.iat === 'number' &&
    typeof v.exp === 'number' &&
    (v.sid === undefined || typeof v.sid === 'string')
  );
}

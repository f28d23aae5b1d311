import { createHmac } from 'node:crypto';
import { readJwt, signJwt } from '../../platform/jwt';

/**
 * Issue 30: the profile a request acts as is not the client's word but a short token the
 * server signed at POST /profiles/{id}/select (after the PIN when a kids profile left for an
 * adult one). It names the account, the profile and the sign-in it was issued under, and
 * dies with that sign-in (signed out, revoked, token version bumped) or at its expiry.
 */
export interface ProfileTokenClaims {
  typ: 'profile';
  /** The account. */
  sub: number;
  /** The profile. */
  pid: number;
  /** The account's token version when issued: signing out everywhere ends it. */
  ver: number;
  /** The sign-in (refresh family) it was issued under, when the idToken named one. */
  sid?: string;
  iat: number;
  exp: number;
}

/** A key of its own, derived from the auth secret: an idToken is never a profile token nor the reverse. */
export function profileTokenKey(authSecret: string): Buffer {
  return createHmac('sha256', authSecret).update('pantalla profile token v1').digest();
}

export function signProfileToken(key: Buffer, claims: Omit<ProfileTokenClaims, 'typ'>): string {
  return signJwt(key, { typ: 'profile', ...claims });
}

export type ProfileTokenCheck =
  { ok: true; claims: ProfileTokenClaims } | { ok: false; reason: 'malformed' | 'signature' | 'expired' };

/** Verifies a profile token's signature, shape and expiry (epoch seconds). */
export function verifyProfileToken(key: Buffer, token: string, nowSeconds: number): ProfileTokenCheck {
  const read = readJwt(key, token, isClaims);
  if (!read.ok) return read;
  if (read.claims.exp <= nowSeconds) return { ok: false, reason: 'expired' };
  return read;
}

/** Whether a header value has the shape of a token at all (three base64url parts). */
export const looksLikeToken = (value: string): boolean => /^[\w-]+\.[\w-]+\.[\w-]+$/.test(value);

function isClaims(value: unknown): value is ProfileTokenClaims {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    v.typ === 'profile' &&
    Number.isSafeInteger(v.sub) &&
    Number.isSafeInteger(v.pid) &&
    typeof v.ver === 'number' &&
    typeof v.iat === 'number' &&
    typeof v.exp === 'number' &&
    (v.sid === undefined || typeof v.sid === 'string')
  );
}

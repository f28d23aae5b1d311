/** Content keys: validation, deterministic derivation from an install secret, format helpers. */
import { createHmac } from 'node:crypto';

/** A CENC content key: key id and AES-128 key, 32 lowercase hex digits each. */
export interface ContentKey {
  kid: string;
  key: string;
}

const hex128 = /^[0-9a-f]{32}$/i;

/** Throws unless `value` is 128 bits as 32 hex digits. */
export function assertHex128(value: string, what: string): void {
  if (!hex128.test(value)) throw new Error(`${what} must be 32 hex digits`);
}

/**
 * Derives a stable key pair per content package from one install secret (HMAC-SHA-256), so
 * re-running setup on the same install gives the same keys and nothing needs storing.
 */
export function deriveContentKey(secret: string, packageId: string): ContentKey {
  if (secret.length < 16) throw new Error('the key-derivation secret must be at least 16 characters');
  const derive = (purpose: string): string =>
    createHmac('sha256', secret).update(`pantalla/content-key/v1/${purpose}/${packageId}`).digest('hex').slice(0, 32);
  return { kid: derive('kid'), key: derive('key') };
}

/** deriveContentKey for each package id, as the map prepareDemoMedia takes. */
export function deriveContentKeys(secret: string, packageIds: readonly string[]): Record<string, ContentKey> {
  return Object.fromEntries(packageIds.map((id) => [id, deriveContentKey(secret, id)]));
}

/** 32 hex digits as the UUID form of cenc:default_KID. */
export function kidToUuid(kid: string): string {
  assertHex128(kid, 'kid');
  const k = kid.toLowerCase();
  return `${k.slice(0, 8)}-${k.slice(8, 12)}-${k.slice(12, 16)}-${k.slice(16, 20)}-${k.slice(20)}`;
}

/** Hex to unpadded base64url, the encoding of `kid` and `k` in ClearKey licence JSON. */
export function hexToBase64Url(hex: string): string {
  return Buffer.from(hex, 'hex').toString('base64url');
}

/** Unpadded base64url (as a ClearKey licence request sends kids) back to hex. */
export function base64UrlToHex(value: string): string {
  return Buffer.from(value, 'base64url').toString('hex');
}

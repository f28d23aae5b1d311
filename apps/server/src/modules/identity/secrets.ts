import { createHash, randomBytes } from 'node:crypto';

/** A fresh bearer secret: 32 random bytes, base64url (43 characters). */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

/** How opaque tokens are stored: sha256 hex, so a database leak yields nothing usable. */
export function hashOpaqueToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** A random identifier for a refresh-token family. */
export function newFamilyId(): string {
  return randomBytes(16).toString('hex');
}

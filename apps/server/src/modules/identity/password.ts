import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { dictionary } from '@zxcvbn-ts/language-common';
import { PASSWORD_TOO_COMMON } from '@pantalla/contracts';
import { badRequest } from '../../platform/errors';

const KEY_LENGTH = 32;
const DEFAULTS = { N: 16384, r: 8, p: 1 };

function derive(secret: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(secret.normalize('NFKC'), salt, KEY_LENGTH, { ...options, maxmem: 64 * 1024 * 1024 }, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );
}

/** Hashes a password or PIN with scrypt: 'scrypt$N$r$p$salt$hash', base64url parts. */
export async function hashSecret(secret: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(secret, salt, DEFAULTS);
  return ['scrypt', DEFAULTS.N, DEFAULTS.r, DEFAULTS.p, salt.toString('base64url'), key.toString('base64url')].join(
    '$',
  );
}

/** Checks a secret against a stored hash in constant time; false for any malformed hash. */
export async function verifySecret(secret: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, n, r, p, saltB64, keyB64] = parts as [string, string, string, string, string, string];
  const expected = Buffer.from(keyB64, 'base64url');
  if (expected.length !== KEY_LENGTH) return false;
  const key = await derive(secret, Buffer.from(saltB64, 'base64url'), { N: Number(n), r: Number(r), p: Number(p) });
  return timingSafeEqual(key, expected);
}

let common: ReadonlySet<string> | undefined;

const canonical = (password: string) => password.normalize('NFKC').toLowerCase();

/**
 * Whether a password is one of the ~49,000 most common ones (zxcvbn-ts's list, shipped in the
 * package: nothing is downloaded), case aside. Loaded on first use, once per process.
 */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary['passwords-common'].map(canonical));
  return common.has(canonical(password));
}

/**
 * A password a person chose (registration, change, recovery reset) as a hash, refusing the
 * most common ones with 400 (ASVS 6.2). Accounts made by operators or the demo seed skip it.
 */
export async function hashChosenPassword(password: string): Promise<string> {
  if (isCommonPassword(password)) throw badRequest(PASSWORD_TOO_COMMON);
  return hashSecret(password);
}

import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** A form older than this is refused: the page was left open too long. Within it a token makes one account (registration.service.ts). */
export const FORM_TOKEN_MAX_AGE_MS = 24 * 60 * 60 * 1000;

function signature(secret: string, issuedAt: number, nonce: string): string {
  return createHmac('sha256', secret).update(`registration-form:${issuedAt}.${nonce}`).digest('base64url');
}

/**
 * A signed note of when the registration form was opened: '<epoch ms>.<nonce>.<HMAC>'. The
 * random nonce makes each form's token its own, so two forms opened in the same millisecond
 * do not share the one use a token has.
 */
export function signFormToken(
  secret: string,
  issuedAt: number,
  nonce: string = randomBytes(12).toString('base64url'),
): string {
  return `${issuedAt}.${nonce}.${signature(secret, issuedAt, nonce)}`;
}

/** What a form token says about the form it came with. */
export type FormTokenCheck = 'ok' | 'invalid' | 'too-fast';

/**
 * Checks a form token: signed by us, at most a day old, and at least `minFillMs` old (a
 * person needs seconds to fill the form; a script posting at once does not wait).
 */
export function checkFormToken(secret: string, token: string, now: number, minFillMs: number): FormTokenCheck {
  const match = /^(\d{1,15})\.([\w-]{16})\.([\w-]{43})$/.exec(token);
  if (!match) return 'invalid';
  const issuedAt = Number(match[1]);
  const expected = Buffer.from(signature(secret, issuedAt, match[2] ?? ''));
  const given = Buffer.from(match[3] ?? '');
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'invalid';
  const age = now - issuedAt;
  if (age > FORM_TOKEN_MAX_AGE_MS || age < -60_000) return 'invalid';
  return age < minFillMs ? 'too-fast' : 'ok';
}

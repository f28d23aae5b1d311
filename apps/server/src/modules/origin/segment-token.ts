/**
 * The right to fetch a signed stream's segments, init segments and thumbnail sheets: a path
 * token `{sid}.{exp}.{sig}` in `/media/a/{token}/s/{key}/{track}/{file}`, bound to the stream
 * session and an expiry, not to the key name (keys rotate; one token serves every key of
 * the session). The signature is nginx's secure_link form, so a CDN or nginx in front checks
 * it without our database:
 *
 *   sig = base64url(md5("{exp}.{sid} {secret}"))   (secure_link_md5 "$exp.$sid secret")
 *
 * MD5 because stock nginx's secure_link knows nothing else; the secret comes last and sid
 * and exp are restricted to [A-Za-z0-9_-] and digits, so the signed text is unambiguous.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * How long a token lives. The player gets a new one with each heartbeat (every 30 s) and
 * each live manifest refresh; a closed session, a reset or lost rights get none, so a
 * captured segment URL stops answering within this time even where only the token is checked.
 */
export const SEGMENT_TOKEN_TTL_SECONDS = 60;

/** The path prefix of signed segments; the token is the next path segment. */
export const SIGNED_SEGMENT_PREFIX = '/media/a/';

const SID = /^[A-Za-z0-9_-]{1,64}$/;
const TOKEN = /^([A-Za-z0-9_-]{1,64})\.(\d{1,12})\.([A-Za-z0-9_-]{22})$/;

/** The segment-URL secret when none is configured: derived from AUTH_SECRET, apart from every other key. */
export function defaultSegmentSecret(authSecret: string): string {
  return createHmac('sha256', authSecret).update('pantalla/segment-url/v1').digest('base64url');
}

function signature(secret: string, sid: string, exp: number): string {
  return createHash('md5').update(`${exp}.${sid} ${secret}`).digest('base64url');
}

/** A token for session `sid` that expires at `exp` (epoch seconds). */
export function signSegmentToken(secret: string, sid: string, exp: number): string {
  if (!SID.test(sid) || !Number.isSafeInteger(exp) || exp < 0)
    throw new Error('segment token: bad session id or expiry');
  return `${sid}.${exp}.${signature(secret, sid, exp)}`;
}

/** Why a segment token was refused, or the session it names. */
export type SegmentTokenCheck =
  { ok: true; sid: string; exp: number } | { ok: false; reason: 'malformed' | 'signature' | 'expired' };

/** Checks a token's form, signature and expiry (against `nowMs`); no database read. */
export function verifySegmentToken(secret: string, token: string, nowMs: number): SegmentTokenCheck {
  const match = TOKEN.exec(token);
  if (!match) return { ok: false, reason: 'malformed' };
  const [, sid, expText, sig] = match as unknown as [string, string, string, string];
  const exp = Number(expText);
  const expected = Buffer.from(signature(secret, sid, exp));
  const given = Buffer.from(sig);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { ok: false, reason: 'signature' };
  if (exp * 1000 <= nowMs) return { ok: false, reason: 'expired' };
  return { ok: true, sid, exp };
}

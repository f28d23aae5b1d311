/**
 * Signed, expiring playback URLs. The `jwt` query parameter is an HS256 token over the
 * stream (kind, id, quality), the stream session, the user and the other query parameters;
 * the origin checks it without a database read, so an edge could check it too.
 */
import { createHmac } from 'node:crypto';
import { readJwt, signJwt } from '../../platform/jwt';

/** What a playback URL opens. */
export type StreamKind = 'live' | 'restart' | 'catchup' | 'vod' | 'episode' | 'recording';
export const STREAM_KINDS: readonly StreamKind[] = ['live', 'restart', 'catchup', 'vod', 'episode', 'recording'];

/** Spec: premium for live (and restart), HD otherwise. */
export type Quality = 'premium' | 'hd';
export const qualityOf = (kind: StreamKind): Quality => (kind === 'live' || kind === 'restart' ? 'premium' : 'hd');

/** The claims of a playback token. */
export interface PlaybackClaims {
  /** User id. */
  sub: number;
  /** Stream session id (names the licence URL in the MPD). */
  sid: string;
  kind: StreamKind;
  /** Channel id (live), event id (restart, catch-up), film, episode or recording id. */
  id: number;
  q: Quality;
  model: string;
  type: string;
  op: string;
  /** Epoch seconds: the idToken's expiry plus 30 s. */
  exp: number;
}

/** The URL-signing key, kept apart from the idToken key. */
export function playbackSigningKey(authSecret: string): Buffer {
  return createHmac('sha256', authSecret).update('pantalla/playback-url/v1').digest();
}

/** Signs playback claims. */
export function signPlaybackToken(key: Buffer, claims: PlaybackClaims): string {
  return signJwt(key, claims);
}

/** Fills the playback URL template. */
export function playbackUrl(template: string, base: string, claims: PlaybackClaims, jwt: string): string {
  const values: Record<string, string> = {
    base,
    kind: claims.kind,
    id: String(claims.id),
    quality: claims.q,
    jwt,
    user: String(claims.sub),
    model: claims.model,
    type: claims.type,
    operator: claims.op,
  };
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = values[name];
    return value === undefined ? whole : name === 'base' ? value : encodeURIComponent(value);
  });
}

/** Why a playback URL was refused. */
export type UrlCheck =
  | { ok: true; claims: PlaybackClaims }
  | { ok: false; reason: 'missing' | 'malformed' | 'signature' | 'expired' | 'mismatch' };

function isClaims(v: unknown): v is PlaybackClaims {
  if (typeof v !== 'object' || v === null) return false;
  const c = v as Record<string, unknown>;
  return (
    typeof c.sub === 'number' &&
    typeof c.sid === 'string' &&
    typeof c.kind === 'string' &&
    STREAM_KINDS.includes(c.kind as StreamKind) &&
    typeof c.id === 'number' &&
    (c.q === 'premium' || c.q === 'hd') &&
    typeof c.model === 'string' &&
    typeof c.type === 'string' &&
    typeof c.op === 'string' &&
    typeof c.exp === 'number'
  );
}

/** The request a playback URL is checked against: its path parts and query parameters. */
export interface UrlRequest {
  kind: StreamKind;
  id: number;
  quality: string;
  query: Partial<Record<'jwt' | 'user' | 'model' | 'type' | 'operator', string>>;
}

/** Checks a playback URL: signature, expiry (against `nowMs`), and that nothing was changed. */
export function verifyPlaybackUrl(key: Buffer, request: UrlRequest, nowMs: number): UrlCheck {
  const token = request.query.jwt;
  if (!token) return { ok: false, reason: 'missing' };
  const read = readJwt(key, token, isClaims);
  if (!read.ok) return read;
  const claims = read.claims;
  const q = request.query;
  if (
    claims.kind !== request.kind ||
    claims.id !== request.id ||
    claims.q !== request.quality ||
    String(claims.sub) !== q.user ||
    claims.model !== q.model ||
    claims.type !== q.type ||
    claims.op !== q.operator
  ) {
    return { ok: false, reason: 'mismatch' };
  }
  if (claims.exp * 1000 <= nowMs) return { ok: false, reason: 'expired' };
  return { ok: true, claims };
}

/**
 * The relay's URLs (issue 31): `/media/a/{segment token}/r/{name}?t={target}`. The segment
 * token (segment-token.ts) binds the URL to a stream session and an expiry, as a signed
 * segment's; the target names the upstream URL, which of the session's streams it belongs to
 * (its headers) and whether it is a playlist, signed with a key of its own for that session,
 * so only URLs the stored stream or its playlists named can be fetched, and only by that
 * session's holder.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { RelayedKind } from './hls-rewrite';

/** The relay path under a session's token. */
export const RELAY_PATH = 'r';
/** Longest upstream URL the relay takes (browsers and CDNs stop near 8 KB). */
export const MAX_RELAYED_URL = 4000;

const TARGET = /^(\d{1,2})\.([pm])\.([A-Za-z0-9_-]{1,5400})\.([A-Za-z0-9_-]{43})$/;

/** The relay-URL key, kept apart from every other key derived from AUTH_SECRET. */
export function relaySigningKey(authSecret: string): Buffer {
  return createHmac('sha256', authSecret).update('pantalla/relay-url/v1').digest();
}

/** What a relay URL fetches: the session's `stream`-th stream's headers, at `url`. */
export interface RelayTarget {
  /** 0: the channel's main stream; 1…: its alternates, in the list's order. */
  stream: number;
  kind: RelayedKind;
  url: string;
}

function signature(key: Buffer, sid: string, t: RelayTarget): string {
  return createHmac('sha256', key).update(`${sid}\n${t.stream}\n${t.kind}\n${t.url}`).digest('base64url');
}

/** The `t` query parameter of a session's relay URL. */
export function signRelayTarget(key: Buffer, sid: string, target: RelayTarget): string {
  const encoded = Buffer.from(target.url, 'utf8').toString('base64url');
  return `${target.stream}.${target.kind === 'playlist' ? 'p' : 'm'}.${encoded}.${signature(key, sid, target)}`;
}

/** The target a `t` parameter names for this session, or null when it is not one signed for it. */
export function verifyRelayTarget(key: Buffer, sid: string, t: string): RelayTarget | null {
  const match = TARGET.exec(t);
  if (!match) return null;
  const [, stream, kind, encoded, sig] = match as unknown as [string, string, string, string, string];
  const target: RelayTarget = {
    stream: Number(stream),
    kind: kind === 'p' ? 'playlist' : 'media',
    url: Buffer.from(encoded, 'base64url').toString('utf8'),
  };
  const expected = Buffer.from(signature(key, sid, target));
  const given = Buffer.from(sig);
  return expected.length === given.length && timingSafeEqual(expected, given) ? target : null;
}

/** The last path segment the player sees: a playlist's ends in .m3u8 and a segment keeps its extension, so the player knows what it gets. */
export function relayName(target: RelayTarget): string {
  if (target.kind === 'playlist') return 'index.m3u8';
  let last = '';
  try {
    last = new URL(target.url).pathname.split('/').pop() ?? '';
  } catch {
    // An unparseable URL is refused when fetched; its name does not matter.
  }
  const clean = last.replace(/[^A-Za-z0-9._-]/g, '').slice(-40);
  return /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/.test(clean) ? clean : 'media';
}

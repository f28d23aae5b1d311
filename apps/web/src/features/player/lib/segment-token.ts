/**
 * Segment URLs of a stream session carry its token: `/media/a/{sid}.{exp}.{sig}/s/…` (the
 * server's origin/segment-token.ts), and so do the relay URLs of an external stream that asks
 * for headers (`…/r/…`, playlists included: a live one is fetched again and again). A token lives about 60 s; the session's open and each
 * heartbeat answer a fresh one, and a static manifest is never fetched again, so the player
 * puts the freshest token it knows into every segment request (Shaka's request filter).
 */

const SIGNED = /\/media\/a\/([A-Za-z0-9_-]+)\.(\d+)\.([A-Za-z0-9_-]+)\/(s|r)\//;
const TOKEN = /^([A-Za-z0-9_-]+)\.(\d+)\.([A-Za-z0-9_-]+)$/;

/** A token's session and expiry (epoch seconds); null when it is not one. */
export function readSegmentToken(token: string): { sid: string; exp: number } | null {
  const match = TOKEN.exec(token);
  return match ? { sid: match[1] ?? '', exp: Number(match[2]) } : null;
}

/**
 * The URI with `token` in place of the one it carries, unless the URI's is the same session's
 * and lives longer (a live manifest refreshed after the heartbeat). A URI of another session
 * (a stream fetched ahead under the previous one) takes the session playing now. URIs
 * without a token (trailers, other hosts' streams) are left alone.
 */
export function withSegmentToken(uri: string, token: string | null): string {
  if (!token) return uri;
  const fresh = readSegmentToken(token);
  const match = SIGNED.exec(uri);
  if (!fresh || !match) return uri;
  if (match[1] === fresh.sid && Number(match[2]) >= fresh.exp) return uri;
  // A relayed stream's URL (…/r/…) is signed for its own session: only a fresher token of that session fits it.
  if (match[4] === 'r' && match[1] !== fresh.sid) return uri;
  return uri.replace(SIGNED, `/media/a/${token}/${match[4]}/`);
}

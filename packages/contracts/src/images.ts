/**
 * Which catalogue pictures we serve from our own origin, and at what path. Pictures on
 * http: are blocked by the app's CSP (img-src https:), so they are fetched by the server
 * (the catalogue's images/remote-images.ts). The path names the catalogue item, not the
 * remote URL: the server fetches only the URL the item holds, so the route can never
 * become an open proxy.
 * Its last part is a fingerprint of that URL, so a new logo gets a new path and browsers
 * do not keep showing the old one.
 */

/** What holds a picture served from our origin: a channel (its logo) or a programme (image, poster). */
export type RemoteImageOwner = 'channel' | 'event';

const BASE = '/api/v1/images/remote';

/** Whether a catalogue picture must come through our origin (http:), or may stay as it is (https:, ours). */
export function needsProxy(url: string): boolean {
  return url.length > 7 && url.slice(0, 7).toLowerCase() === 'http://';
}

/**
 * 16 hex digits of a URL (two 32-bit FNV-1a passes): cheap enough for every programme of a
 * guide window. It only tells a stale path from a current one; the cache key is a SHA-256.
 */
export function urlFingerprint(url: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ url.length;
  for (let i = 0; i < url.length; i++) {
    const c = url.charCodeAt(i);
    a = Math.imul(a ^ c, 16777619);
    b = Math.imul(b ^ c, 2246822519) ^ (b >>> 13);
  }
  return (a >>> 0).toString(16).padStart(8, '0') + (b >>> 0).toString(16).padStart(8, '0');
}

/** The path a picture of the catalogue is shown at: our proxy for http:, else the URL itself. */
export function servedImageUrl(owner: RemoteImageOwner, id: number, url: string): string {
  return needsProxy(url) ? `${BASE}/${owner}/${id}/${urlFingerprint(url)}` : url;
}

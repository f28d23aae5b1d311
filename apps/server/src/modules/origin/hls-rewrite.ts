/**
 * HLS playlists through the relay (issue 31): every URI a master or media playlist names
 * (variants, renditions, segments, keys, init maps, parts, preload hints) is resolved against
 * the playlist's own URL and handed to `relay`, so the player asks our origin for each and
 * the origin asks upstream with the list's headers. Byte ranges stay as written: the player
 * sends them as Range, which the relay passes on.
 */

/** Whether a URI names another playlist ('playlist') or media bytes (a segment, key, init map). */
export type RelayedKind = 'playlist' | 'media';

/** What a URI becomes: the relay URL, or null to leave it as written (data:, skd:, unparseable). */
export type RelayUri = (absolute: string, kind: RelayedKind) => string | null;

/** Tags whose URI attribute names a playlist; every other tag's URI names media bytes. */
const PLAYLIST_TAGS = new Set(['EXT-X-MEDIA', 'EXT-X-I-FRAME-STREAM-INF', 'EXT-X-RENDITION-REPORT']);
/** A playlist's URI line after this tag names a variant's playlist. */
const VARIANT_TAG = 'EXT-X-STREAM-INF';

/** The absolute http(s) URL of a URI as written in a playlist at `base`, or null. */
function resolve(uri: string, base: string): string | null {
  if (!URL.canParse(uri, base)) return null;
  const url = new URL(uri, base);
  return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : null;
}

/** Whether a body is an HLS playlist (RFC 8216: its first line is #EXTM3U). */
export function isPlaylist(text: string): boolean {
  return /^\uFEFF?#EXTM3U[ \t]*\r?(\n|$)/.test(text);
}

/** The playlist with every URI it names replaced by `relay`'s answer. */
export function rewritePlaylist(text: string, base: string, relay: RelayUri): string {
  let variantNext = false;
  const lines = text.split(/\r?\n/);
  return lines
    .map((line) => {
      const trimmed = line.trim();
      if (trimmed === '') return line;
      if (trimmed.startsWith('#')) {
        const tag = /^#([A-Z0-9-]+)(?::|$)/.exec(trimmed)?.[1];
        if (!tag) return line;
        if (tag === VARIANT_TAG) variantNext = true;
        const kind: RelayedKind = PLAYLIST_TAGS.has(tag) ? 'playlist' : 'media';
        // URI="…" inside the tag's attribute list; quoted strings cannot hold a quote (RFC 8216 4.2).
        return line.replace(/(^|,|:)URI="([^"]*)"/g, (whole, lead: string, uri: string) => {
          const absolute = resolve(uri, base);
          const relayed = absolute === null ? null : relay(absolute, kind);
          return relayed === null ? whole : `${lead}URI="${relayed}"`;
        });
      }
      const kind: RelayedKind = variantNext ? 'playlist' : 'media';
      variantNext = false;
      const absolute = resolve(trimmed, base);
      return (absolute === null ? null : relay(absolute, kind)) ?? line;
    })
    .join('\n');
}

/**
 * Every channel and every title is served under its own content key (derived from
 * MEDIA_KEY_SECRET and its name), though many share one packaged clip: a licence for one
 * channel unlocks no other. The origin re-keys the clip's segments per name.
 */

/** What a stream key names. */
export type StreamKeyKind = 'channel' | 'film' | 'episode';

/** The key name of a channel (live, restart and catch-up alike), a film or an episode: 'channel-12'. */
export function streamKeyName(kind: StreamKeyKind, id: number): string {
  return `${kind}-${id}`;
}

/** The channel, film or episode a segment path's key names; null for a clip or trailer key. */
export function parseStreamKey(name: string): { kind: StreamKeyKind; id: number } | null {
  const match = /^(channel|film|episode)-(\d{1,10})$/.exec(name);
  if (!match) return null;
  const id = Number(match[2]);
  return Number.isSafeInteger(id) && id <= 2_147_483_647 ? { kind: match[1] as StreamKeyKind, id } : null;
}

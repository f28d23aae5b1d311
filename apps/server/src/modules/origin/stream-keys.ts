/**
 * Every channel, title and catch-up programme is served under keys of its own (derived from
 * MEDIA_KEY_SECRET and the key's name), though many share one packaged clip: a licence for one
 * unlocks no other. The origin re-keys the clip's segments per name, and the names rotate:
 *
 * - a channel's timeline is cut into key periods (an hour): 'channel-12.p7' is hour 7 of it,
 *   and only that hour's segments are served under it;
 * - a film, an episode or a catch-up programme has a key generation the operator bumps:
 *   'film-3.g2'; only the current generation's name is served;
 * - a subscriber's recording has a key of its own, 'recording-5.g1', served only for its
 *   programme's span and only while the recording exists (issue 29).
 */
import { keyPeriodSegments, keyPeriodsBetween, type KeyPeriod } from '@pantalla/media';

/** What a stream key names: a channel's key period, or a title's or programme's generation. */
export type StreamKeyKind = 'channel' | 'film' | 'episode' | 'programme' | 'recording';
/** What carries an operator-bumped key generation. */
export type GenerationKind = Exclude<StreamKeyKind, 'channel' | 'recording'>;
export const GENERATION_KINDS: readonly GenerationKind[] = ['film', 'episode', 'programme'];

/** A parsed key name. */
export type StreamKey =
  | { kind: 'channel'; id: number; period: number }
  | { kind: GenerationKind; id: number; generation: number }
  | { kind: 'recording'; id: number };

/** The stream's name without its rotation: 'channel-12', 'film-3' (licence templates' {stream}, logs). */
export function streamKeyName(kind: StreamKeyKind, id: number): string {
  return `${kind}-${id}`;
}

/** The key of a channel's key period `index`: 'channel-12.p7'. */
export function channelPeriodKey(channelId: number, index: number): string {
  return `${streamKeyName('channel', channelId)}.p${index}`;
}

/** The key of a title or programme at a generation: 'film-3.g2'. */
export function generationKey(kind: GenerationKind, id: number, generation: number): string {
  return `${streamKeyName(kind, id)}.g${generation}`;
}

/** The key of a subscriber's recording: 'recording-5.g1' (one generation: a recording is never re-keyed). */
export function recordingKey(recordingId: number): string {
  return `${streamKeyName('recording', recordingId)}.g1`;
}

/** The key a segment path names; null for a clip or trailer key (or anything else). */
export function parseStreamKey(name: string): StreamKey | null {
  const match = /^(channel|film|episode|programme|recording)-(\d{1,10})\.([pg])(\d{1,9})$/.exec(name);
  if (!match) return null;
  const [, kind, idText, what, nText] = match as unknown as [string, StreamKeyKind, string, 'p' | 'g', string];
  const id = Number(idText);
  const n = Number(nText);
  if (!(id <= 2_147_483_647)) return null;
  if (kind === 'channel') return what === 'p' ? { kind, id, period: n } : null;
  if (kind === 'recording') return what === 'g' && n === 1 ? { kind, id } : null;
  return what === 'g' && n >= 1 ? { kind, id, generation: n } : null;
}

/**
 * How long before a key period starts a live MPD lists it: more than the 8 s refresh, so the
 * player knows the next Period (and its key id) before its playhead, 6 s behind, gets there.
 */
export const KEY_PERIOD_ANNOUNCE_SECONDS = 10;

/**
 * How long before a key period starts its key is handed out. Shaka asks for the keys of every
 * default_KID an MPD names as soon as it reads it, and a refused one fails the stream, so this
 * is the announcement plus room for clocks of a cluster's processes that disagree a little.
 * Never more: a key further ahead is not given.
 */
export const KEY_PERIOD_LEAD_SECONDS = KEY_PERIOD_ANNOUNCE_SECONDS + 10;

/**
 * The key periods of a channel a live (or restart) session may hold at `nowSeconds` on the
 * channel timeline: those overlapping its window, `windowSeconds` back (the time-shift depth the
 * origin serves), up to now plus the lead. Never a period further ahead, nor one the window left.
 */
export function livePeriodsAllowed(nowSeconds: number, windowSeconds: number, periodSeconds: number): KeyPeriod[] {
  return keyPeriodsBetween(nowSeconds - windowSeconds, nowSeconds + KEY_PERIOD_LEAD_SECONDS, periodSeconds);
}

/** How far ahead the origin serves a key period: a minute, past the MPD's 30 s announcement. */
export const KEY_PERIOD_SERVED_AHEAD_SECONDS = 60;

/**
 * Whether the origin serves a channel key period at `nowSeconds`: from shortly before the MPD
 * announces it until it leaves the deepest window (`depthSeconds`). An extracted key's hour is
 * then gone from the origin with the time-shift window, never to be fetched again under it.
 */
export function periodServed(period: number, nowSeconds: number, depthSeconds: number, periodSeconds: number): boolean {
  if (nowSeconds + KEY_PERIOD_SERVED_AHEAD_SECONDS < 0) return false;
  return keyPeriodsBetween(nowSeconds - depthSeconds, nowSeconds + KEY_PERIOD_SERVED_AHEAD_SECONDS, periodSeconds).some(
    (p) => p.index === period,
  );
}

/** The timeline segments of a channel key period (only these are served under its key). */
export function periodSegments(
  period: number,
  periodSeconds: number,
  segmentDurationSeconds: number,
): { first: number; last: number } {
  return keyPeriodSegments(period, periodSeconds, segmentDurationSeconds);
}

/**
 * Key periods: a channel timeline cut into fixed lengths from its start, each served under
 * its own content key (and, in a dynamic MPD, as its own DASH Period). Pure arithmetic on
 * seconds from the timeline's start; the origin names the keys, the licence server picks them.
 */

/** One key period of a timeline: index k covers [k × length, (k + 1) × length) seconds. */
export interface KeyPeriod {
  index: number;
  startSeconds: number;
  endSeconds: number;
}

/** Throws unless a period length is a whole number of segments, so no segment straddles two keys. */
export function assertKeyPeriodSeconds(periodSeconds: number, segmentDurationSeconds: number): void {
  if (!Number.isSafeInteger(periodSeconds) || periodSeconds <= 0)
    throw new RangeError('the key period must be a positive whole number of seconds');
  if (periodSeconds % segmentDurationSeconds !== 0)
    throw new RangeError('the key period must be a whole number of segments');
}

/** The key period holding `seconds` on the timeline. */
export function keyPeriodAt(seconds: number, periodSeconds: number): KeyPeriod {
  if (!(seconds >= 0)) throw new RangeError('time before the timeline start');
  return keyPeriod(Math.floor(seconds / periodSeconds), periodSeconds);
}

/** Key period `index`. */
export function keyPeriod(index: number, periodSeconds: number): KeyPeriod {
  if (!Number.isSafeInteger(index) || index < 0) throw new RangeError('a key period index is a whole number from 0');
  return { index, startSeconds: index * periodSeconds, endSeconds: (index + 1) * periodSeconds };
}

/**
 * The key periods that overlap [fromSeconds, toSeconds] (both clamped at the timeline start),
 * in order; one period when from = to. Empty when the range ends before the timeline starts.
 */
export function keyPeriodsBetween(fromSeconds: number, toSeconds: number, periodSeconds: number): KeyPeriod[] {
  if (!(toSeconds >= fromSeconds)) throw new RangeError('the range ends before it starts');
  if (toSeconds < 0) return [];
  const first = Math.floor(Math.max(0, fromSeconds) / periodSeconds);
  const last = Math.floor(toSeconds / periodSeconds);
  const out: KeyPeriod[] = [];
  for (let k = first; k <= last; k += 1) out.push(keyPeriod(k, periodSeconds));
  return out;
}

/**
 * Timeline segments (1-based, segment N covering [(N−1)·d, N·d)) inside key period `index`:
 * the only segment numbers the origin serves under that period's key.
 */
export function keyPeriodSegments(
  index: number,
  periodSeconds: number,
  segmentDurationSeconds: number,
): { first: number; last: number } {
  const p = keyPeriod(index, periodSeconds);
  return { first: p.startSeconds / segmentDurationSeconds + 1, last: p.endSeconds / segmentDurationSeconds };
}

/**
 * The channels zapping stays within when the player was opened from a filtered guide (issue 30):
 * carried in the player's history entry (it survives a reload and each zap, which replaces the
 * entry), never in its address, so a shared link plays the whole lineup.
 */
export interface ZapWithinState {
  zapWithin: number[];
}

/** The history state a player link from a filtered guide carries; none when the guide is not filtered. */
export function zapWithinState(channelIds: readonly number[] | null): ZapWithinState | undefined {
  return channelIds ? { zapWithin: [...channelIds] } : undefined;
}

/** The channel ids a history state names, in order; null when it names none (or is not ours). */
export function zapWithinOf(state: unknown): number[] | null {
  if (typeof state !== 'object' || state === null || !('zapWithin' in state)) return null;
  const ids = (state as { zapWithin: unknown }).zapWithin;
  if (!Array.isArray(ids) || ids.length === 0) return null;
  return ids.every((id) => Number.isInteger(id)) ? (ids as number[]) : null;
}

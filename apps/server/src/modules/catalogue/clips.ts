/**
 * The packaged clips the origin loops for a channel, film or episode without a stream of its
 * own: the seed picks one per item, and so does the catalogue for a channel an import adds.
 */
export const CLIP_KEYS = ['clip-1', 'clip-2', 'clip-3', 'clip-4', 'clip-5'] as const;

/** Mixes numbers into one 32-bit seed (for per-channel, per-day streams). */
export function seedOf(...parts: number[]): number {
  let h = 2166136261;
  for (const p of parts) {
    h ^= p | 0;
    h = Math.imul(h, 16777619);
    h ^= h >>> 13;
  }
  return h >>> 0;
}

/** A deterministic choice among the clips, from an item kind and id. */
export function clipKeyFor(kind: number, id: number): string {
  return CLIP_KEYS[seedOf(kind, id) % CLIP_KEYS.length] as string;
}

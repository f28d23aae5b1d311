/**
 * What the guide keeps when the user leaves it (spec: page number and selected programme,
 * restored on return), in sessionStorage so it lasts the tab's visit and no longer.
 */
import { z } from 'zod';

const STORAGE_KEY = 'pantalla.guide';

const savedGuideSchema = z.object({
  /** The page number shown (1-based) and the index of its first channel. */
  page: z.number().int().min(1),
  firstRow: z.number().int().min(0),
  selected: z.object({ channelId: z.number().int(), programmeId: z.number().int(), start: z.number() }).nullable(),
  /** Where the timeline was scrolled to, epoch ms of its left edge. */
  time: z.number().nullable(),
});
export type SavedGuide = z.infer<typeof savedGuideSchema>;

export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

function session(): KeyValueStore | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    // Blocked storage (privacy mode): nothing is restored, the guide still works.
    return null;
  }
}

export function readSavedGuide(store: KeyValueStore | null = session()): SavedGuide | null {
  const raw = store?.getItem(STORAGE_KEY);
  if (!raw) return null;
  try {
    const parsed = savedGuideSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function writeSavedGuide(value: SavedGuide, store: KeyValueStore | null = session()): void {
  try {
    store?.setItem(STORAGE_KEY, JSON.stringify(savedGuideSchema.parse(value)));
  } catch {
    // Quota or blocked storage: losing the saved page is harmless.
  }
}

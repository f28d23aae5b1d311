/** Programme lists per channel: gap correction, binary-search lookups and keyboard targets. */
import { MAX_GAP_MS } from './geometry';

export interface Slot {
  start: number;
  end: number;
}

/**
 * Sorts by start, drops duplicates and fixes the gaps: a gap over 60 s between two
 * programmes is closed by stretching the earlier one to the next start; overlaps are
 * trimmed so the list never overlaps. Items are copied, never mutated.
 */
export function correctGaps<T extends Slot>(items: readonly T[]): T[] {
  const sorted = [...items].sort((a, b) => a.start - b.start || a.end - b.end);
  const out: T[] = [];
  for (const item of sorted) {
    if (item.end <= item.start) continue;
    const prev = out[out.length - 1];
    if (prev && item.start === prev.start) continue;
    if (prev) {
      if (item.start - prev.end > MAX_GAP_MS) out[out.length - 1] = { ...prev, end: item.start };
      else if (prev.end > item.start) out[out.length - 1] = { ...prev, end: item.start };
    }
    out.push({ ...item });
  }
  return out;
}

/** Index of the first item whose end is after `time` (items sorted, non-overlapping); length when none. */
export function firstEndingAfter(items: readonly Slot[], time: number): number {
  let lo = 0;
  let hi = items.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((items[mid] as Slot).end <= time) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** [from, to) indexes of the items overlapping the window [start, end), in O(log n + k). */
export function visibleRange(items: readonly Slot[], start: number, end: number): [number, number] {
  const from = firstEndingAfter(items, start);
  let lo = from;
  let hi = items.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((items[mid] as Slot).start < end) lo = mid + 1;
    else hi = mid;
  }
  return [from, lo];
}

/** Index of the item airing at `time`, else the nearest one; -1 for an empty list. */
export function indexAt(items: readonly Slot[], time: number): number {
  if (items.length === 0) return -1;
  const i = firstEndingAfter(items, time);
  if (i >= items.length) return items.length - 1;
  const item = items[i] as Slot;
  if (item.start <= time || i === 0) return i;
  const before = items[i - 1] as Slot;
  return time - before.end <= item.start - time ? i - 1 : i;
}

export type Direction = 'left' | 'right' | 'up' | 'down';

export interface Focus {
  row: number;
  index: number;
}

/**
 * Where an arrow key moves focus: left/right to the neighbouring programme of the row
 * (staying put at the ends), up/down to the programme airing at the same time (the middle
 * of the focused one, clamped to the visible window, unless `at` gives the time) in the row
 * above/below. Null when there is nowhere to go.
 */
export function navigate(
  rows: readonly (readonly Slot[])[],
  focus: Focus,
  direction: Direction,
  window?: Slot,
  at?: number,
): Focus | null {
  const row = rows[focus.row];
  const current = row?.[focus.index];
  if (!row || !current) return null;
  if (direction === 'left') return focus.index > 0 ? { row: focus.row, index: focus.index - 1 } : null;
  if (direction === 'right') return focus.index < row.length - 1 ? { row: focus.row, index: focus.index + 1 } : null;
  const step = direction === 'up' ? -1 : 1;
  const time = at ?? middleOf(current, window);
  for (let r = focus.row + step; r >= 0 && r < rows.length; r += step) {
    const index = indexAt(rows[r] ?? [], time);
    if (index >= 0) return { row: r, index };
  }
  return null;
}

/** The middle of a slot's part inside the window (its start when that is unbounded). */
export function middleOf(slot: Slot, window?: Slot): number {
  const time = (Math.max(slot.start, window?.start ?? -Infinity) + Math.min(slot.end, window?.end ?? Infinity)) / 2;
  return Number.isFinite(time) ? time : slot.start;
}

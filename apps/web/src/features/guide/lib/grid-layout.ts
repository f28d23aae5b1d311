/** Where the grid's timeline is and what of it is drawn: pure rules of the scrolling viewport. */
import { addDays, msToPx, pxToMs, SLOT_WIDTH, slotCount, timeToX } from './geometry';

/** Horizontal rendering works in 2-hour chunks: scrolling inside a chunk renders nothing. */
export const CHUNK_PX = 2 * SLOT_WIDTH;
/** A programme focused by keyboard is brought in with this much room at the viewport's edges. */
export const REVEAL_MARGIN_PX = 40;

/** The timeline of the days shown: its origin (the first midnight), its end and its width (capped at the 172 slots). */
export function timelineSpan(days: readonly number[]): { origin: number; end: number; width: number } {
  const origin = days[0] ?? 0;
  const end = addDays(days[days.length - 1] ?? 0, 1);
  return { origin, end, width: Math.min(msToPx(end - origin), slotCount(days.length) * SLOT_WIDTH) };
}

/** The chunk a scroll position is in. */
export function chunkAt(scrollLeft: number): number {
  return Math.floor(Math.max(0, scrollLeft) / CHUNK_PX);
}

/**
 * The times drawn: from the chunk's start to one chunk past the viewport. That covers every
 * scroll position inside the chunk, so nothing more is drawn until the next chunk is reached.
 */
export function drawnWindow(
  chunk: number,
  viewportWidth: number,
  timelineWidth: number,
  origin: number,
): { from: number; to: number } {
  const toX = Math.min(timelineWidth, (chunk + 1) * CHUNK_PX + viewportWidth);
  return { from: origin + pxToMs(chunk * CHUNK_PX), to: origin + pxToMs(toX) };
}

/** The day most of the viewport shows: the last one starting before its middle. */
export function dayInView(days: readonly number[], left: number, viewportWidth: number): number | undefined {
  const middle = left + pxToMs(viewportWidth / 2);
  return days.findLast((d) => d <= middle);
}

/**
 * The scroll position that brings a programme into view, or null when its start is already
 * on screen: its start (with a margin) when it begins off-screen, or its start itself when
 * it also ends before the viewport.
 */
export function revealScroll(
  programme: { start: number; end: number },
  origin: number,
  scrollLeft: number,
  viewportWidth: number,
): number | null {
  const x = timeToX(programme.start, origin);
  const right = x + msToPx(programme.end - programme.start);
  if (x >= scrollLeft && x <= scrollLeft + viewportWidth - REVEAL_MARGIN_PX) return null;
  return Math.max(0, right < scrollLeft + REVEAL_MARGIN_PX ? x : x - REVEAL_MARGIN_PX);
}

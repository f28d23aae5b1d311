import { describe, expect, it } from 'vitest';
import { addDays, startOfDay } from './geometry';
import { CHUNK_PX, chunkAt, dayInView, drawnWindow, revealScroll, timelineSpan } from './grid-layout';

const HOUR = 3_600_000;
const today = startOfDay(Date.UTC(2030, 4, 10, 12));
const days = [-4, -3, -2, -1, 0, 1].map((d) => addDays(today, d));

describe('grid layout', () => {
  it('spans the six days from the first midnight, 400 px an hour (144 slots, under the 172 cap)', () => {
    const span = timelineSpan(days);
    expect(span.origin).toBe(days[0]);
    expect(span.end).toBe(addDays(today, 2));
    expect(span.width).toBe(144 * 400);
    expect(timelineSpan(Array.from({ length: 9 }, (_, d) => addDays(today, d))).width).toBe(172 * 400);
  });

  it('counts 2-hour chunks of 800 px, never below the first', () => {
    expect(CHUNK_PX).toBe(800);
    expect([chunkAt(0), chunkAt(799), chunkAt(800), chunkAt(-50)]).toEqual([0, 0, 1, 0]);
  });

  it('draws from the chunk’s start to one chunk past the viewport, clipped to the timeline', () => {
    const origin = days[0]!;
    expect(drawnWindow(3, 1200, 57_600, origin)).toEqual({ from: origin + 6 * HOUR, to: origin + 11 * HOUR });
    expect(drawnWindow(71, 1200, 57_600, origin)).toEqual({ from: origin + 142 * HOUR, to: origin + 144 * HOUR });
  });

  it('the day in view is the one under the viewport’s middle', () => {
    // 1200 px is 3 hours: the middle of a view starting at 22:00 is 23:30, still that day.
    expect(dayInView(days, today - 2 * HOUR, 1200)).toBe(addDays(today, -1));
    expect(dayInView(days, today - HOUR, 1200)).toBe(today);
    expect(dayInView(days, days[0]! - 10 * HOUR, 1200)).toBeUndefined();
  });

  it('brings a programme in from the left or the right with a 40 px margin; leaves one whose start is on screen', () => {
    const origin = days[0]!;
    const at = (hours: number, length = 1) => ({ start: origin + hours * HOUR, end: origin + (hours + length) * HOUR });
    // The view shows 10:00–13:00 (x 4000–5200).
    expect(revealScroll(at(11), origin, 4000, 1200)).toBeNull();
    expect(revealScroll(at(13.5), origin, 4000, 1200)).toBe(5400 - 40);
    expect(revealScroll(at(9.5, 0.25), origin, 4000, 1200)).toBe(3800);
    expect(revealScroll(at(9, 2), origin, 4000, 1200)).toBe(3600 - 40);
    expect(revealScroll(at(0), origin, 20, 1200)).toBe(0);
  });
});

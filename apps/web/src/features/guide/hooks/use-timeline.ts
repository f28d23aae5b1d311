import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { msToPx, pxToMs, timeToX } from '../lib/geometry';
import { chunkAt, dayInView, drawnWindow, revealScroll, timelineSpan } from '../lib/grid-layout';

export interface TimelineInput {
  /** Local midnights of the days shown, oldest first. */
  days: readonly number[];
  /** Where the left edge starts, epoch ms (read once). */
  initialTime: number;
  /** A date-picker jump: scroll so this time is at the left edge (a new object each time). */
  jump?: { time: number } | null;
  /** The time at the left edge after scrolling (once per render chunk). */
  onTimeChange?: (time: number) => void;
  /** The day in view. */
  onVisibleDayChange?: (day: number) => void;
}

/**
 * The grid's horizontal viewport: the timeline's span, the scroll position (initial, jumps,
 * the midnight shift) and the window of time drawn, which changes only when scrolling
 * crosses into the next 2-hour chunk.
 */
export function useTimeline({ days, initialTime, jump, onTimeChange, onVisibleDayChange }: TimelineInput) {
  const viewportRef = useRef<HTMLDivElement>(null);
  const { origin, end, width } = timelineSpan(days);
  const [viewportWidth, setViewportWidth] = useState(1200);
  const [chunk, setChunk] = useState(() => chunkAt(timeToX(initialTime, origin)));

  // Initial position before the first paint; later only jumps move it.
  useLayoutEffect(() => {
    const viewport = viewportRef.current;
    if (!viewport) return;
    viewport.scrollLeft = Math.max(0, timeToX(initialTime, origin));
    setViewportWidth(viewport.clientWidth);
    const observer = new ResizeObserver(() => setViewportWidth(viewport.clientWidth));
    observer.observe(viewport);
    return () => observer.disconnect();
    // Mount only: the initial time is read once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // At midnight the oldest day drops out and the origin moves a day on: keep the same hours
  // on screen by moving the scroll position back by as much.
  const originRef = useRef(origin);
  useLayoutEffect(() => {
    const viewport = viewportRef.current;
    if (viewport && origin !== originRef.current)
      viewport.scrollLeft = Math.max(0, viewport.scrollLeft - msToPx(origin - originRef.current));
    originRef.current = origin;
  }, [origin]);

  useLayoutEffect(() => {
    if (jump && viewportRef.current) viewportRef.current.scrollLeft = Math.max(0, timeToX(jump.time, origin));
  }, [jump, origin]);

  const onScroll = useCallback(() => {
    const viewport = viewportRef.current;
    if (viewport) setChunk(chunkAt(viewport.scrollLeft));
  }, []);
  useEffect(() => {
    const viewport = viewportRef.current;
    if (!viewport) return;
    const left = origin + pxToMs(viewport.scrollLeft);
    onTimeChange?.(left);
    const day = dayInView(days, left, viewport.clientWidth);
    if (day !== undefined) onVisibleDayChange?.(day);
  }, [chunk, origin, days, onTimeChange, onVisibleDayChange]);

  /** The times the viewport shows now. */
  const visibleWindow = useCallback(() => {
    const viewport = viewportRef.current;
    const left = origin + pxToMs(viewport?.scrollLeft ?? 0);
    return { start: left, end: left + pxToMs(viewport?.clientWidth ?? 0) };
  }, [origin]);
  /** Brings a programme's start into view when it begins off-screen. */
  const reveal = useCallback(
    (programme: { start: number; end: number }) => {
      const viewport = viewportRef.current;
      const to = viewport ? revealScroll(programme, origin, viewport.scrollLeft, viewport.clientWidth) : null;
      if (viewport && to !== null) viewport.scrollLeft = to;
    },
    [origin],
  );

  return {
    viewportRef,
    origin,
    end,
    width,
    chunk,
    ...drawnWindow(chunk, viewportWidth, width, origin),
    onScroll,
    visibleWindow,
    reveal,
  };
}

import { useEffect, useRef, useState, type RefObject } from 'react';

/** The rows to draw of a list of `count` rows of `rowHeight` px scrolled in `scroller`. */
export interface VirtualRows {
  first: number;
  /** One past the last row drawn. */
  last: number;
  /** Height of everything, drawn or not (px). */
  totalHeight: number;
  /** Top of the first row drawn (px). */
  offset: number;
  /** Scrolls so that row `index` is in view. */
  scrollToRow(index: number): void;
}

/** Rows drawn past each edge of the view, so fast scrolling shows no gap. */
const OVERSCAN = 8;

/**
 * Pure: which rows a window of `viewHeight` px at `scrollTop` shows, with the overscan.
 * The DOM then holds about a screen of rows whatever the list's length.
 */
export function visibleRange(
  count: number,
  rowHeight: number,
  scrollTop: number,
  viewHeight: number,
): { first: number; last: number } {
  const first = Math.max(0, Math.floor(scrollTop / rowHeight) - OVERSCAN);
  const last = Math.min(count, Math.ceil((scrollTop + viewHeight) / rowHeight) + OVERSCAN);
  return { first, last: Math.max(first, last) };
}

/** A small fixed-height virtualiser: the scroller's position and size read on scroll and resize (one frame at most). */
export function useVirtualRows(scroller: RefObject<HTMLElement | null>, count: number, rowHeight: number): VirtualRows {
  const [view, setView] = useState({ top: 0, height: 600 });
  const frame = useRef(0);

  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const read = () => {
      frame.current = 0;
      setView((v) =>
        v.top === el.scrollTop && v.height === el.clientHeight ? v : { top: el.scrollTop, height: el.clientHeight },
      );
    };
    const onScroll = () => {
      if (frame.current === 0) frame.current = requestAnimationFrame(read);
    };
    read();
    el.addEventListener('scroll', onScroll, { passive: true });
    const resize = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(onScroll);
    resize?.observe(el);
    return () => {
      el.removeEventListener('scroll', onScroll);
      resize?.disconnect();
      if (frame.current !== 0) cancelAnimationFrame(frame.current);
    };
  }, [scroller]);

  const scrollToRow = (index: number) => {
    const el = scroller.current;
    if (!el) return;
    const top = index * rowHeight;
    if (top < el.scrollTop) el.scrollTo({ top });
    else if (top + rowHeight > el.scrollTop + el.clientHeight) el.scrollTo({ top: top + rowHeight - el.clientHeight });
  };

  const { first, last } = visibleRange(count, rowHeight, view.top, view.height);
  return { first, last, totalHeight: count * rowHeight, offset: first * rowHeight, scrollToRow };
}

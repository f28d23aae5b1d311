import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';

/** Wheel travel that turns a page; a mouse notch is about 100. */
export const WHEEL_PAGE_DELTA = 50;
/** One page per wheel gesture burst at most this often, so a trackpad fling does not race. */
export const WHEEL_COOLDOWN_MS = 60;

export interface WheelPaging {
  firstRow: number;
  perPage: number;
  count: number;
  overlayOpen: boolean;
  onFirstRowChange: (firstRow: number) => void;
}

/**
 * The mouse wheel turns pages of channels while no overlay is open; a sideways wheel is left
 * to scroll time. A native listener, because React's wheel listeners are passive and the
 * page must not scroll.
 */
export function useWheelPaging(rootRef: RefObject<HTMLElement | null>, paging: WheelPaging): void {
  const wheel = useRef({ delta: 0, last: -Infinity });
  const current = useRef(paging);
  useLayoutEffect(() => {
    current.current = paging;
  });
  useEffect(() => {
    const root = rootRef.current;
    if (!root) return;
    function onWheel(event: WheelEvent) {
      const { firstRow, perPage, count, overlayOpen, onFirstRowChange } = current.current;
      if (overlayOpen || Math.abs(event.deltaX) > Math.abs(event.deltaY)) return;
      event.preventDefault();
      const state = wheel.current;
      state.delta += event.deltaMode === 1 ? event.deltaY * 40 : event.deltaY;
      if (Math.abs(state.delta) < WHEEL_PAGE_DELTA || event.timeStamp - state.last < WHEEL_COOLDOWN_MS) return;
      const step = state.delta > 0 ? 1 : -1;
      state.delta = 0;
      state.last = event.timeStamp;
      const target = firstRow + step * perPage;
      if (step < 0 && firstRow > 0) onFirstRowChange(Math.max(0, target));
      else if (step > 0 && target < count) onFirstRowChange(target);
    }
    root.addEventListener('wheel', onWheel, { passive: false });
    return () => root.removeEventListener('wheel', onWheel);
  }, [rootRef]);
}

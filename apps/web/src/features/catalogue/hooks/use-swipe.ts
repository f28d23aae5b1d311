import { useRef, type PointerEvent } from 'react';

/** How far a finger travels sideways before a swipe turns the page. */
export const SWIPE_MIN_PX = 40;

/** The page step a horizontal drag means: a swipe left shows what lies to the right. */
export function swipeStep(dx: number, dy: number, min = SWIPE_MIN_PX): -1 | 0 | 1 {
  if (Math.abs(dx) < min || Math.abs(dx) < Math.abs(dy)) return 0;
  return dx < 0 ? 1 : -1;
}

/**
 * Touch and pen swipes on an element whose CSS leaves vertical panning to the browser
 * (`touch-action: pan-y`): a mostly sideways drag calls onStep(+1 | -1). Mouse drags are left
 * alone, the arrows serve them.
 */
export function useSwipe(onStep: (step: 1 | -1) => void) {
  const start = useRef<{ id: number; x: number; y: number } | null>(null);
  return {
    onPointerDown(event: PointerEvent) {
      if (event.pointerType === 'mouse') return;
      start.current = { id: event.pointerId, x: event.clientX, y: event.clientY };
    },
    onPointerUp(event: PointerEvent) {
      const from = start.current;
      start.current = null;
      if (!from || from.id !== event.pointerId) return;
      const step = swipeStep(event.clientX - from.x, event.clientY - from.y);
      if (step !== 0) onStep(step);
    },
    onPointerCancel() {
      start.current = null;
    },
  };
}

import { useEffect, type RefObject } from 'react';
import { ITEM_HEIGHT } from '../lib/geometry';

/**
 * Reports where the grid's first row begins (its measured top plus the ruler): a phone's header
 * wraps to several lines, so the rows begin well below the 200 px the spec's rule assumes. Measured
 * again when the grid's box or the window changes size (a header that wraps anew shrinks the grid's box).
 */
export function useRowsTop(rootRef: RefObject<HTMLElement | null>, onRowsTop: ((px: number) => void) | undefined) {
  useEffect(() => {
    const root = rootRef.current;
    if (!root || !onRowsTop || typeof ResizeObserver === 'undefined') return;
    const measure = () => onRowsTop(Math.round(root.getBoundingClientRect().top + ITEM_HEIGHT));
    const observer = new ResizeObserver(measure);
    observer.observe(root);
    if (root.parentElement) observer.observe(root.parentElement);
    window.addEventListener('resize', measure);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, [rootRef, onRowsTop]);
}

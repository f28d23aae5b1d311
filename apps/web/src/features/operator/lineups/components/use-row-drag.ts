import { useRef, useState, type PointerEvent, type RefObject } from 'react';

/** A drag in progress: the row picked up and the place it would drop at. */
export interface Drag {
  from: number;
  over: number;
}

/**
 * Drag by a handle with pointer events (mouse, pen and touch alike): the drop place is read
 * from the pointer's height in the scroller, whose rows are `rowHeight` px each.
 */
export function useRowDrag(
  scroller: RefObject<HTMLElement | null>,
  rowHeight: number,
  count: number,
  onDrop: (from: number, to: number) => void,
) {
  const [drag, setDrag] = useState<Drag | null>(null);
  const dragRef = useRef<Drag | null>(null);
  const indexAt = (clientY: number) => {
    const el = scroller.current;
    if (!el) return 0;
    const y = clientY - el.getBoundingClientRect().top + el.scrollTop;
    return Math.max(0, Math.min(count - 1, Math.floor(y / rowHeight)));
  };
  const update = (next: Drag | null) => {
    dragRef.current = next;
    setDrag(next);
  };
  const handleProps = (index: number) => ({
    onPointerDown(e: PointerEvent<HTMLElement>) {
      if (e.button !== 0) return;
      e.preventDefault();
      e.currentTarget.setPointerCapture(e.pointerId);
      update({ from: index, over: index });
    },
    onPointerMove(e: PointerEvent<HTMLElement>) {
      const current = dragRef.current;
      if (!current) return;
      const over = indexAt(e.clientY);
      if (over !== current.over) update({ ...current, over });
    },
    onPointerUp() {
      const current = dragRef.current;
      update(null);
      if (current && current.over !== current.from) onDrop(current.from, current.over);
    },
    onPointerCancel() {
      update(null);
    },
  });
  return { drag, handleProps };
}

export type BoxKey =
  { kind: 'move'; step: 1 | -1 } | { kind: 'dismiss' } | { kind: 'clear' } | { kind: 'choose'; index: number };

/** A key in the box: arrows move through the options, Escape closes the popup (or empties the box), Enter picks the active option. */
export function keyInBox(key: string, active: number, optionCount: number, popupShown: boolean): BoxKey | null {
  if (key === 'ArrowDown' || key === 'ArrowUp')
    return optionCount === 0 ? null : { kind: 'move', step: key === 'ArrowDown' ? 1 : -1 };
  if (key === 'Escape') return popupShown ? { kind: 'dismiss' } : { kind: 'clear' };
  if (key === 'Enter' && active >= 0 && active < optionCount) return { kind: 'choose', index: active };
  return null;
}

/** -1 is the box itself: moving past either end of the options comes back to it. */
export function stepActive(current: number, step: 1 | -1, optionCount: number): number {
  const next = current + step;
  if (next >= optionCount) return -1;
  return next < -1 ? optionCount - 1 : next;
}

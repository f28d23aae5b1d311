import { useEffect } from 'react';

/** Spec: the carousel advances every 4000 ms. */
export const CAROUSEL_INTERVAL_MS = 4000;

/** Calls `advance` 4000 ms after each change of `index` while `running`. */
export function useAutoplay({
  index,
  running,
  advance,
  chosen = 0,
}: {
  index: number;
  running: boolean;
  advance: () => void;
  chosen?: number;
}) {
  // `chosen` counts the user's picks: picking the slide already shown starts a fresh interval too.
  useEffect(() => {
    if (!running) return;
    const timer = window.setTimeout(advance, CAROUSEL_INTERVAL_MS);
    return () => window.clearTimeout(timer);
  }, [index, running, advance, chosen]);
}

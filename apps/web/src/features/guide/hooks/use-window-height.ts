import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

/** The window's inner height, which sets the rows per page. */
export function useWindowHeight(): number {
  return useSyncExternalStore(
    subscribe,
    () => window.innerHeight,
    () => 800,
  );
}

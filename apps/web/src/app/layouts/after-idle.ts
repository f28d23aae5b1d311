/** After the screen has settled: the home's own requests and paints come first. */
export const IDLE_DELAY_MS = 3000;

/** Runs `task` at the browser's first idle moment `delayMs` from now; returns a cancel. */
export function afterIdle(task: () => void, delayMs = IDLE_DELAY_MS): () => void {
  let cancelIdle = () => {};
  const timer = window.setTimeout(() => {
    // Safari has no requestIdleCallback: a plain timer there.
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(task, { timeout: 5000 });
      cancelIdle = () => window.cancelIdleCallback(id);
    } else {
      const id = window.setTimeout(task, 0);
      cancelIdle = () => window.clearTimeout(id);
    }
  }, delayMs);
  return () => {
    window.clearTimeout(timer);
    cancelIdle();
  };
}

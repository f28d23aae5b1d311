/**
 * Fetches and runs the player's code and Shaka ahead of the first play (idle time, a play
 * link under the pointer or the focus), so the click waits for the stream only. Its own
 * module, with dynamic imports only: the layout imports it on every screen, and the feature's
 * index (which re-exports the adapter) would put the adapter's code in the home's first chunks.
 */
export function preloadPlayer(): Promise<unknown> {
  return Promise.all([import('./routes/player'), import('./adapter/shaka-adapter').then((m) => m.loadShaka())]);
}

/**
 * Fetches and runs the player's code and Shaka ahead of the first play (idle time, a play
 * link under the pointer or the focus), so the click waits for the stream only. Dynamic
 * imports only: the layout imports it (through the index) on every screen.
 */
export function preloadPlayer(): Promise<unknown> {
  return Promise.all([import('./routes/player'), import('./adapter/shaka-adapter').then((m) => m.loadShaka())]);
}

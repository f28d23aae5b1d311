/** What the rest of the app may use from the player: the one adapter around Shaka (trailers use it too). */
import { loadShaka } from './adapter/shaka-adapter';

export { ShakaAdapter, type AdapterOptions, type LoadRequest } from './adapter/shaka-adapter';

/**
 * Fetches and runs the player's code and Shaka ahead of the first play (idle time, a play
 * link under the pointer or the focus), so the click waits for the stream only.
 */
export function preloadPlayer(): Promise<unknown> {
  return Promise.all([import('./route'), loadShaka()]);
}

/**
 * What the rest of the app may use from the player: the one adapter around Shaka (trailers use it
 * too), its routes and their preload. Only lazily: the app's router and layout import this index
 * on every screen, and a static adapter here would put its code in the home's first chunks.
 */
export type { AdapterOptions, LoadRequest } from './adapter/shaka-adapter';
export const loadShakaAdapter = () => import('./adapter/shaka-adapter');
export { preloadPlayer } from './preload';
export const playerRoutes = {
  player: () => import('./routes/player'),
  legacyPlayer: () => import('./routes/legacy-player'),
  catchupPlayer: () => import('./routes/catchup-player'),
};

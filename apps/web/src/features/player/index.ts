/** What the rest of the app may use from the player: the one adapter around Shaka (trailers use it too). */
export { ShakaAdapter, type AdapterOptions, type LoadRequest } from './adapter/shaka-adapter';
export { preloadPlayer } from './preload';
export const playerRoutes = {
  player: () => import('./routes/player'),
  legacyPlayer: () => import('./routes/legacy-player'),
  catchupPlayer: () => import('./routes/catchup-player'),
};

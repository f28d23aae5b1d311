/** Lazy route module of /player/{legacy}. */
export { LegacyPlayerRoute as Component } from '../redirect-routes';

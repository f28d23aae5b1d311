/** Lazy route module of /cuplayer/{cuData}. */
export { CatchupPlayerRoute as Component } from '../redirect-routes';

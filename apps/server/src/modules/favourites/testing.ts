/**
 * What benches (and tests) may use of this module beyond its index.ts. Running code never imports this file.
 */
export { favouritesMigrations } from './migrations';
export type { FavouritesTables } from './tables';

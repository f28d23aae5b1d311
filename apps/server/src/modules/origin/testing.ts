/**
 * What benches (and tests) may use of this module beyond its index.ts: the pieces they
 * build fixtures and measure with. Running code never imports this file.
 */
export { ensureDemoMedia } from './media-setup';
export { originMigrations } from './migrations';

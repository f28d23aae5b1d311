/**
 * What benches (and tests) may use of this module beyond its index.ts: the pieces they
 * build fixtures and measure with. Running code never imports this file.
 */
export { LICENCE_BURST, LICENCE_MAX_PER_SESSION, LICENCE_WINDOW_MS } from './licence-throttle';
export { playbackMigrations } from './migrations';
export { CLOSED_SEGMENT_GRACE_MS, SEGMENT_SESSION_RECHECK_MS } from './session-rules';
export type { PlaybackTables } from './tables';
export { playbackBuilders } from './test-data.repository';

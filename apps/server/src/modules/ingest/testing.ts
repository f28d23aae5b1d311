/**
 * What benches (and tests) may use of this module beyond its index.ts: the pieces they
 * build fixtures and measure with. Running code never imports this file.
 */
export { ingestMigrations } from './migrations';
export { syntheticM3u, syntheticXmltv } from './parsers/synthetic-guide';
export type { IngestTables } from './tables';
export { ingestBuilders } from './test-data.repository';

/**
 * What benches (and tests) may use of this module beyond its index.ts: the pieces they
 * build fixtures and measure with. Running code never imports this file.
 */
export { QoeIngest } from './ingest.service';
export { addView, emptySums, figuresOf } from './metrics';
export { qoeMigrations } from './migrations';
export { QoeRepository } from './qoe.repository';
export { QoeReports } from './report.service';
export {
  concurrencyRows,
  factsOf,
  hourOf,
  MINUTE_MS,
  minuteFacetRows,
  minuteOf,
  minuteRows,
  rollupsOf,
} from './rollup';
export type { DemoView } from './seed/demo-audience';
export { QoeDemoRepository } from './seed/demo.repository';
export { SPEED_RUNS_PER_HOUR } from './speed-tests.service';
export type { QoeTables } from './tables';

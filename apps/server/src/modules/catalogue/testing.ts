/**
 * What benches (and tests) may use of this module beyond its index.ts: the pieces they
 * build fixtures and measure with. Running code never imports this file.
 */
export { CatalogueImportRepository } from './catalogue-import.repository';
export { clipKeyFor } from './clips';
export { GuideRepository } from './guide.repository';
export { META } from './meta-keys';
export { normalizeForSearch } from './search-text';
export { Random, seedOf } from './seed/prng';
export { generateFilms } from './seed/vod';
export type { CatalogueTables, ChannelRow, EventTable } from './tables';
export { utcDayStart } from './time';

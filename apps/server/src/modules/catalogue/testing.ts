/**
 * What benches (and tests) may use of this module beyond its index.ts: the pieces they
 * build fixtures and measure with. Running code never imports this file.
 */
export { CatalogueImportRepository } from './catalogue-import.repository';
export { clipKeyFor } from './clips';
export { GuideRepository } from './guide.repository';
export { urlFingerprint } from './images/remote-image-url';
export { META } from './meta-keys';
export { catalogueMigrations } from './migrations';
export { normalizeForSearch } from './search-text';
export { Random, seedOf } from './seed/prng';
export { generateFilms } from './seed/vod';
export type { CatalogueTables, ChannelRow, EventTable } from './tables';
export { catalogueBuilders } from './test-data.repository';
export { utcDayStart } from './time';

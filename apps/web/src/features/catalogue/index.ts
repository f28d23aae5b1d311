/**
 * How the catalogue's items look wherever a feature lists them: cards and their geometry, the
 * item model and its links, the details panel a row opens, a series' tabs, the page header.
 */
export { Card, type CardProps } from './components/card';
export {
  PORTRAIT_POSTER_WIDTH,
  SEARCH_CARD_WIDTH,
  WIDE_CARD_WIDTH,
  clampPage,
  pageCount,
  rowGeometry,
  shortenText,
  type CardShape,
  type DisplayMode,
} from './lib/card-geometry';
export { detailHref, itemKey, itemTitle, posterUrl, stillUrl, timeState } from './lib/item-model';
export { buyOffer, offerTerms, ownedLabelKey } from './lib/buy-link';
export { playHref } from './lib/play-link';
export { closeTarget } from './lib/close-target';
export { useChannelNames } from './hooks/use-channel-names';
export { useNow } from './hooks/use-now';
export { useWindowWidth } from './hooks/use-window-width';
export { useSwipe } from './hooks/use-swipe';
export {
  getChannelQueryOptions,
  getEventDetailQueryOptions,
  getFilmQueryOptions,
  getProductsQueryOptions,
  getSeriesDetailQueryOptions,
  useProducts,
} from './api/get-items';
export {
  CAST_DETAIL,
  CastList,
  ItemActions,
  ItemMeta,
  actorsOf,
  airingText,
  directorOf,
  factsOf,
  type MetaFacts,
} from './components/item-parts';
export { PageHeader } from './components/page-header';
export { CardGrid } from './components/card-grid';
export { TrailerPlayer } from './components/trailer-player';
export { SeasonEpisodes } from './components/season-episodes';
export { SeriesTabs } from './components/series-tabs';
export { DetailsPanel } from './components/details-panel';

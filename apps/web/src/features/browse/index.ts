/** What the app layer may use from browse; inside the feature, import modules directly. */
export { HomeScreen } from './home/home-screen';
export { ItemRow, toEntries, type ItemRowProps, type SeeAllLink } from './rows/item-row';
export { CategoryRow, RowSkeleton } from './rows/category-row';
export type { RowEntry } from './rows/api/get-row-items';
export { Card, type CardProps } from './cards/card';
export * from './cards/card-geometry';
export { itemKind, itemKey, itemTitle, detailHref, timeState, type ItemKind } from './cards/item-model';
export { DetailsPanel } from './details/details-panel';

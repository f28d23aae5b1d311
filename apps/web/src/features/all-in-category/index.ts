/** The full list of a home row's category (/allincat/, /allincat2/, /allincat3/), each address its own chunk. */
export type { AllInCategoryState } from './lib/all-in-category-state';
export const allInCategoryRoutes = {
  contents: () => import('./routes/all-in-category'),
  events: () => import('./routes/all-in-category-events'),
  manyEvents: () => import('./routes/all-in-category-many-events'),
};

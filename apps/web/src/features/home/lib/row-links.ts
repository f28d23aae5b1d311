import type { Category, CatalogueItem } from '@pantalla/contracts';
import { paths } from '../../../config/paths';
import type { AllInCategoryState } from '../../all-in-category';
import { itemKey } from '../../catalogue';

/** Spec: a row shows its first 14 items. */
export const ROW_ITEMS_SHOWN = 14;
/** The full-page link appears above 9 items (docs/decisions.md records the other reading, 15). */
export const FULL_PAGE_LINK_OVER = 9;
export const FULL_PAGE_LINK_OVER_OTHER_READING = 15;
/** More than 80 events open /allincat3/. */
export const ALLINCAT3_EVENTS_OVER = 80;

/** Rows whose items are guide events. */
const EVENT_KINDS: ReadonlySet<Category['kind']> = new Set(['live-now', 'catch-up', 'events']);

export function hasFullPageLink(total: number, loadMore: 0 | 1, over = FULL_PAGE_LINK_OVER): boolean {
  return total > over || loadMore === 1;
}

/** Which full page a row opens: allincat3 for over 80 events, allincat2 for other event rows, else allincat. */
export function fullPagePath(category: Pick<Category, 'kind' | 'total'>, eventCount: number): string {
  if (eventCount > ALLINCAT3_EVENTS_OVER) return paths.allInCategory3.getHref();
  if (EVENT_KINDS.has(category.kind) || eventCount > 0) return paths.allInCategory2.getHref();
  return paths.allInCategory.getHref();
}

/** Events a row holds: every item of an event row (its total), else the events among the loaded items. */
export function rowEventCount(category: Pick<Category, 'kind' | 'total'>, items: readonly CatalogueItem[]): number {
  return EVENT_KINDS.has(category.kind) ? category.total : items.filter((i) => i.type === 'event').length;
}

export interface FullPageLink {
  to: string;
  state: AllInCategoryState;
}

/** The row's "see all" link with its navigation state, or null when the row needs none. */
export function fullPageLink(
  category: Category,
  items: readonly CatalogueItem[],
  jsonFile: string,
): FullPageLink | null {
  if (!hasFullPageLink(category.total, category.load_more)) return null;
  const eventCount = rowEventCount(category, items);
  const to = fullPagePath(category, eventCount);
  const state: AllInCategoryState = { category, jsonFile, items: items.map(itemKey) };
  if (to !== paths.allInCategory.getHref()) {
    state.events = items.filter((i) => i.type === 'event').map((i) => i.id);
    state.section = category.name;
    state.adult = category.is_adult === 1;
  }
  return { to, state };
}

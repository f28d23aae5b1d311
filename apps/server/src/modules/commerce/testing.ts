/**
 * What benches (and tests) may use of this module beyond its index.ts: the pieces they
 * build fixtures and measure with. Running code never imports this file.
 */
export type { BillingEvents } from './billing-events';
export { BillingHistory } from './billing-history';
export { BillingHistoryRepository } from './billing-history.repository';
export { NO_CARD, SETUP_NOT_DONE, SETUP_NOT_FOUND } from './cards.service';
export { RENEWAL_MARGIN_MS } from './commerce.repository';
export { commerceMigrations } from './migrations';
export {
  PROMOTION_EXHAUSTED,
  PROMOTION_EXPIRED,
  PROMOTION_FIRST_PURCHASE,
  PROMOTION_INVALID,
  PROMOTION_WRONG_PRODUCT,
} from './promotions';
export type { CommerceTables, PurchaseRow, PurchaseTables } from './tables';
export { commerceBuilders } from './test-data.repository';

/** What the rest of the app may use from commerce (the checkout reads the pending purchase). */
export { pendingPurchase, PENDING_PURCHASE_KEY, type PendingPurchase } from './pending-purchase';
export { purchaseForPackage, productForPackage, parsePackageId } from './purchase-for-package';
export { getProductsQueryOptions, useProducts } from './api/get-products';
export { getPurchasesQueryOptions, usePurchases } from './api/purchases';
export { PurchasesSection } from './components/purchases-section';
export { PurchaseResultScreen } from './components/purchase-result-screen';
export { priceLabel } from './price';
// The card field, for saving a card in the settings (billing).
export { cardErrorOf, cardFieldSrc } from './card-messages';
export { useCardField } from './components/use-card-field';
export const commerceRoutes = {
  terms: () => import('./routes/terms'),
  purchase: () => import('./routes/purchase'),
  checkout: () => import('./routes/checkout'),
};

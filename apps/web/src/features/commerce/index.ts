/** What the rest of the app may use from commerce (the checkout reads the pending purchase). */
export { pendingPurchase, PENDING_PURCHASE_KEY, type PendingPurchase } from './pending-purchase';
export { purchaseForPackage, productForPackage, parsePackageId } from './purchase-for-package';
export { getProductsQueryOptions, useProducts } from './api/get-products';

export { PurchaseSummaryScreen as Component } from '../components/purchase-summary-screen';

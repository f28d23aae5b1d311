export { PurchaseResultScreen as Component } from '../components/purchase-result-screen';

/** What the rest of the app may use from billing: the settings sections, the past-due banner, the receipt page. */
export { PaymentMethodSection, PAYMENT_METHOD_ID } from './components/payment-method-section';
export { BillingHistorySection } from './components/billing-history-section';
export { PastDueSlot } from './components/past-due-slot';
export const billingRoutes = { receipt: () => import('./routes/receipt') };

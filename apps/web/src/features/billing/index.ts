/** What the rest of the app may use from billing: the settings sections (the banner: ./banner). */
export { PaymentMethodSection, PAYMENT_METHOD_ID } from './components/payment-method-section';
export { BillingHistorySection } from './components/billing-history-section';

export { CheckoutScreen as Component } from '../components/checkout-screen';

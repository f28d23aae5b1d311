export { ConfirmEmailScreen as Component } from '../components/confirm-email-screen';

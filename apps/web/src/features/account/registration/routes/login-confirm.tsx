export { LoginConfirmScreen as Component } from '../components/login-confirm-screen';

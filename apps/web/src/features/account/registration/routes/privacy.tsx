export { PrivacyScreen as Component } from '../components/privacy-screen';

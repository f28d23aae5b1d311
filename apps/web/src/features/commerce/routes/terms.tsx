export { TermsScreen as Component } from '../components/terms-screen';

export { RegisterResultScreen as Component } from '../components/register-result-screen';

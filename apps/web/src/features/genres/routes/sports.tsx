/** Route module of the sports panel /sports/, loaded lazily by the app's router. */
export { SportsScreen as Component } from '../components/sports-screen';

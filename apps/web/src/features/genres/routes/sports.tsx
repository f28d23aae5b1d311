/** Route module of the sports panel /sports/, loaded lazily by the app's router. */
import '../genres/browse-pages.css';
export { SportsScreen as Component } from './sports-screen';

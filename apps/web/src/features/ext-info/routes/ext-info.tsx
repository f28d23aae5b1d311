/** Route module of /extinfo/, loaded lazily by the app's router. */
import '../genres/browse-pages.css';
export { ExtInfoScreen as Component } from './ext-info-screen';

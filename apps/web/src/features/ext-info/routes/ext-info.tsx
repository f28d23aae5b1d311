/** Route module of /extinfo/, loaded lazily by the app's router. */
export { ExtInfoScreen as Component } from '../components/ext-info-screen';

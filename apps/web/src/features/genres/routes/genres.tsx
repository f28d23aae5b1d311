/** Route module of the genres index /gid/, loaded lazily by the app's router. */
export { GenresIndexScreen as Component } from '../components/genres-index-screen';

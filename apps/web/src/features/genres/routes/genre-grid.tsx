/** Route module of the alternative genre listing /gid2/{id}, loaded lazily by the app's router. */
export { GenreGridScreen as Component } from '../components/genre-grid-screen';

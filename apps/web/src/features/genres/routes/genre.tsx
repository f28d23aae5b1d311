/** Route module of the genre page /gid/{genreId}/{subgenreId?}, loaded lazily by the app's router. */
export { GenreScreen as Component } from '../components/genre-screen';

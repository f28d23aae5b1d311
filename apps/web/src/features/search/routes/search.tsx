/** Route module of the search results /search/{pattern}, loaded lazily by the app's router. */
export { SearchScreen as Component } from '../components/search-screen';

/** Route module of the search results /search/{pattern}, loaded lazily by the app's router. */
import '../genres/browse-pages.css';
export { SearchScreen as Component } from './search-screen';

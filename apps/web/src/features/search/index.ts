/** The header's search box (the app header mounts it). */
export { SearchBox } from './search-box';

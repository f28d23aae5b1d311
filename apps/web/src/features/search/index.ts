/** Search: the header's box (the app header mounts it) and the results page (/search/{pattern}). */
export { SearchBox } from './components/search-box';
export const searchRoutes = { search: () => import('./routes/search') };

/** "Mi lista" (issue 30): the profile's films, series and programmes, its own chunk. */
export const myListRoutes = { myList: () => import('./routes/my-list') };

/** A title's own page (/detail/{kind}/{id}), its own chunk. */
export const detailRoutes = { detail: () => import('./routes/detail') };

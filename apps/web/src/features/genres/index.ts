/** Genre pages: the index (/gid/), a genre (/gid/{id}), its grid (/gid2/{id}) and the sports (/sports/). */
export const genresRoutes = {
  genres: () => import('./routes/genres'),
  genre: () => import('./routes/genre'),
  genreGrid: () => import('./routes/genre-grid'),
  sports: () => import('./routes/sports'),
};

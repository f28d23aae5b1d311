import { Navigate, useParams } from 'react-router';
import { paths } from '../../config/paths';

const ID = /^[1-9]\d{0,9}$/;

/**
 * The spec's home with a genreId (and subgenreId): the genre's own page shows the home's
 * rows for that genre, so the address leads there. Anything else is an unknown path.
 */
export function HomeGenreRedirect() {
  const { genreId = '', subgenreId } = useParams();
  if (!ID.test(genreId) || (subgenreId !== undefined && !ID.test(subgenreId)))
    return <Navigate to={paths.landing.getHref()} replace />;
  return <Navigate to={paths.genre.getHref(genreId, subgenreId)} replace />;
}

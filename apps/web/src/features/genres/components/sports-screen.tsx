import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/button';
import { Spinner } from '../../../ui/spinner';
import { useGenres } from '../api/get-genres';
import { GenreTile } from './genres-index-screen';
import { PageHeader } from '../../catalogue';

/**
 * /sports/ 'Deportes': a grid of the sports' genre cards linking to /gid/{genreId}; a sport
 * without content is dimmed and greyscale. The close link returns to /.
 */
export function SportsScreen() {
  const { t } = useTranslation('explore');
  const sports = useGenres('sport');
  return (
    <div className="browse-page sports-page">
      <PageHeader title={t('sports.title')} close />
      {sports.isPending ? (
        <div className="browse-page__status">
          <Spinner label={t('loading')} />
        </div>
      ) : sports.isError ? (
        <div className="browse-page__status" role="alert">
          <p>{t('loadFailed')}</p>
          <Button variant="secondary" onClick={() => void sports.refetch()}>
            {t('retry')}
          </Button>
        </div>
      ) : (
        <ul className="genre-grid" aria-label={t('sports.label')}>
          {sports.data.resources.map((genre) => (
            <GenreTile key={genre.id} genre={genre} />
          ))}
        </ul>
      )}
    </div>
  );
}

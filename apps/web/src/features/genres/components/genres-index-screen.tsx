import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Genre } from '@pantalla/contracts';
import { Button } from '../../../ui/button';
import { Spinner } from '../../../ui/spinner';
import { useGenres } from '../api/get-genres';
import { genreHref } from '../lib/genre-filter';
import { useGoBack } from '../lib/navigation';
import { PageHeader } from '../../catalogue';

/** The index shows the top-level genres: the sections, the channel listing and the adult section. */
export function isIndexGenre(genre: Genre): boolean {
  return genre.parentId === null;
}

/** A genre tile: its drawn logo and name, dimmed when it holds nothing. */
export function GenreTile({ genre }: { genre: Genre }) {
  const { t } = useTranslation('explore');
  const empty = genre.itemCount === 0;
  return (
    <li className={`genre-tile${empty ? ' genre-tile--empty' : ''}`}>
      <Link to={genreHref(genre.id, null)} className="genre-tile__link" aria-describedby={`genre-${genre.id}-count`}>
        {/* The logo is square: shown whole over a blurred copy filling the 16:9 card. */}
        <span className="genre-tile__image">
          <img className="genre-tile__backdrop" src={genre.logo} alt="" loading="lazy" decoding="async" />
          <img
            className="genre-tile__logo"
            src={genre.logo}
            alt=""
            width={120}
            height={120}
            loading="lazy"
            decoding="async"
          />
        </span>
        <span className="genre-tile__name">{genre.ds}</span>
        <span id={`genre-${genre.id}-count`} className="genre-tile__count">
          {empty ? t('noContent') : t('itemCount', { count: genre.itemCount })}
        </span>
      </Link>
    </li>
  );
}

/** /gid/: every top-level genre as a tile linking to its page. */
export function GenresIndexScreen() {
  const { t } = useTranslation('explore');
  const goBack = useGoBack();
  const genres = useGenres();
  return (
    <div className="browse-page">
      <PageHeader title={t('genres.title')} subtitle={t('genres.subtitle')} onBack={goBack} />
      {genres.isPending ? (
        <div className="browse-page__status">
          <Spinner label={t('loading')} />
        </div>
      ) : genres.isError ? (
        <div className="browse-page__status" role="alert">
          <p>{t('loadFailed')}</p>
          <Button variant="secondary" onClick={() => void genres.refetch()}>
            {t('retry')}
          </Button>
        </div>
      ) : (
        <ul className="genre-grid" aria-label={t('genres.label')}>
          {genres.data.resources.filter(isIndexGenre).map((genre) => (
            <GenreTile key={genre.id} genre={genre} />
          ))}
        </ul>
      )}
    </div>
  );
}

import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { CatalogueItem } from '@pantalla/contracts';
import { Button } from '../../../ui/button';
import { Spinner } from '../../../ui/spinner';
import { PORTRAIT_POSTER_WIDTH, CardGrid, PageHeader } from '../../catalogue';
import { AdultPinGate } from '../../parental';
import { useGenreListing } from '../api/get-genre-listing';
import { genreHref, genrePageKind, parseGenreParams } from '../lib/genre-filter';
import { useGoBack } from '../lib/navigation';
import { KidsRefusal, useKidsProfile } from './kids-refusal';
import { LockedHeader } from './locked-header';

/**
 * /gid2/{id}: the alternative genre listing, every title of the genre in one poster grid
 * (series first, then films, programmes and channels), each opening its detail.
 */
export function GenreGridScreen() {
  const { t } = useTranslation('explore');
  const parsed = parseGenreParams({ genreId: useParams().id });
  const goBack = useGoBack();
  const kids = useKidsProfile();
  if (!parsed) return <p className="browse-page__message">{t('notFound')}</p>;
  const grid = <GenreGrid genreId={parsed.genreId} onBack={goBack} />;
  return (
    <div className="browse-page">
      {genrePageKind(parsed.genreId) === 'adult' && kids ? (
        <KidsRefusal genreId={parsed.genreId} onBack={goBack} />
      ) : genrePageKind(parsed.genreId) === 'adult' ? (
        <AdultPinGate onCancel={goBack} behind={<LockedHeader genreId={parsed.genreId} onBack={goBack} />}>
          {grid}
        </AdultPinGate>
      ) : (
        grid
      )}
    </div>
  );
}

function GenreGrid({ genreId, onBack }: { genreId: number; onBack: () => void }) {
  const { t } = useTranslation('explore');
  const listing = useGenreListing(genreId, null);
  const data = listing.data;
  const items: CatalogueItem[] = data ? [...data.series, ...data.vods, ...data.events, ...data.channels] : [];
  const title = genrePageKind(genreId) === 'channels' ? t('genre.channelsTitle') : (data?.genre.ds ?? '');
  return (
    <>
      <PageHeader title={title} subtitle={data ? t('itemCount', { count: items.length }) : undefined} onBack={onBack}>
        <Link className="btn btn--secondary" to={genreHref(genreId, null)}>
          <span>{t('genre.listView')}</span>
        </Link>
      </PageHeader>
      {listing.isPending ? (
        <div className="browse-page__status">
          <Spinner label={t('loading')} />
        </div>
      ) : listing.isError ? (
        <div className="browse-page__status" role="alert">
          <p>{t('loadFailed')}</p>
          <Button variant="secondary" onClick={() => void listing.refetch()}>
            {t('retry')}
          </Button>
        </div>
      ) : items.length === 0 ? (
        <p className="browse-page__message">{t('empty')}</p>
      ) : (
        <CardGrid items={items} shape="poster" width={PORTRAIT_POSTER_WIDTH} label={t('genre.altLabel')} />
      )}
    </>
  );
}

import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate, useNavigationType, useParams } from 'react-router';
import type { Channel, ChannelGenre, GenreListingResponse } from '@pantalla/contracts';
import { ApiError } from '../../../lib/api-client';
import { showFatalError } from '../../../lib/error-modal-store';
import { Button } from '../../../ui/button';
import { Spinner } from '../../../ui/spinner';
import { AdultPinGate } from '../../parental';
import { ItemRow, toEntries } from '../../home';
import { useGenreListing } from '../api/get-genre-listing';
import { useGenres } from '../api/get-genres';
import { genreFilterMemory } from '../lib/filter-memory';
import {
  AMC_SIDES,
  amcSide,
  filterButtonLabel,
  filterOptions,
  genreHref,
  genrePageKind,
  parseGenreParams,
  reachedThroughHistory,
  restoreTarget,
  type AmcSide,
  type GenrePageKind,
} from '../lib/genre-filter';
import { useGoBack } from '../lib/navigation';
import { FilterDropdown } from './filter-dropdown';
import { KidsRefusal, useKidsProfile } from './kids-refusal';
import { LockedHeader } from './locked-header';
import { PageHeader } from '../../catalogue';

/** /gid/{genreId} and /gid/{genreId}/{subgenreId}: one genre's full listing with its filter in the URL. */
export function GenreScreen() {
  const { t } = useTranslation('explore');
  const parsed = parseGenreParams(useParams());
  if (!parsed) return <p className="browse-page__message">{t('notFound')}</p>;
  // A new genre is a new page: its own PIN state and memory.
  return <GenrePage key={parsed.genreId} genreId={parsed.genreId} subgenreId={parsed.subgenreId} />;
}

function GenrePage({ genreId, subgenreId }: { genreId: number; subgenreId: number | null }) {
  const kind = genrePageKind(genreId);
  const goBack = useGoBack();
  const kids = useKidsProfile();
  // Back (or forward) in history shows the URL as it is and leaves the memory alone, so
  // going back past the page does not bring its filter back.
  const throughHistory = reachedThroughHistory(useNavigationType(), useLocation().key);
  const restore = throughHistory ? null : restoreTarget({ genreId, subgenreId }, genreFilterMemory.get(genreId));

  // Remembered as soon as chosen, so leaving the page in any way keeps it.
  useEffect(() => {
    if (restore === null && !throughHistory) genreFilterMemory.set(genreId, subgenreId);
  }, [genreId, subgenreId, restore, throughHistory]);

  if (restore !== null) return <Navigate to={restore} replace />;

  function onBack() {
    // Going back resets the filter and the AMC side.
    genreFilterMemory.forget(genreId);
    goBack();
  }

  const body = <GenreBody genreId={genreId} subgenreId={subgenreId} kind={kind} onBack={onBack} />;
  return (
    <div className="browse-page genre-page">
      {kind === 'adult' && kids ? (
        <KidsRefusal genreId={genreId} onBack={onBack} />
      ) : kind === 'adult' ? (
        <AdultPinGate onCancel={onBack} behind={<LockedHeader genreId={genreId} onBack={onBack} />}>
          {body}
        </AdultPinGate>
      ) : (
        body
      )}
    </div>
  );
}

interface BodyProps {
  genreId: number;
  subgenreId: number | null;
  kind: GenrePageKind;
  onBack: () => void;
}

function GenreBody({ genreId, subgenreId, kind, onBack }: BodyProps) {
  const { t } = useTranslation('explore');
  const navigate = useNavigate();
  const side: AmcSide = amcSide(subgenreId);
  const effective = kind === 'amc' ? AMC_SIDES[side] : subgenreId;
  const listing = useGenreListing(genreId, effective);
  const genres = useGenres();
  const data = listing.data;

  function choose(next: number | null) {
    genreFilterMemory.set(genreId, next);
    // The filter rewrites the URL: the back arrow then leaves the page, not the filter.
    void navigate(genreHref(genreId, next), { replace: true });
  }

  // A genre the catalogue does not know says so in its heading and the window's title.
  const missing = listing.error instanceof ApiError && listing.error.status === 404;
  const name = missing
    ? t('genre.missing')
    : (data?.genre.ds ?? genres.data?.resources.find((g) => g.id === genreId)?.ds ?? '');
  const title =
    kind === 'channels'
      ? t('genre.channelsTitle')
      : kind === 'amc'
        ? t(side === 'series' ? 'genre.amcSeries' : 'genre.amcCine')
        : name;

  const choices =
    kind === 'channels' ? (data?.channelGenres ?? []) : (data?.subgenres.map((g) => ({ id: g.id, name: g.ds })) ?? []);
  const options = filterOptions(kind, subgenreId, choices).map((option) => ({
    key: option.key,
    label: option.fixed === 'all' ? t('genre.allEntry') : option.fixed === 'clear' ? t('genre.clear') : option.label,
    checked: option.fixed === 'clear' ? false : option.subgenreId === subgenreId,
    onSelect: () => choose(option.subgenreId),
  }));
  const button = filterButtonLabel(kind, subgenreId, choices);
  const buttonText = button.name ?? t(button.fallback === 'all' ? 'genre.all' : 'genre.genresButton');

  let controls = null;
  if (kind === 'amc') {
    controls = (
      <div className="segmented" role="group" aria-label={t('genre.amcSwitch')}>
        {(['cine', 'series'] as const).map((s) => (
          <button
            key={s}
            type="button"
            className="segmented__option"
            aria-pressed={side === s}
            onClick={() => choose(AMC_SIDES[s])}
          >
            {t(s === 'cine' ? 'genre.cine' : 'genre.series')}
          </button>
        ))}
      </div>
    );
  } else if (options.length > 0) {
    controls = (
      <FilterDropdown label={buttonText} ariaLabel={`${t('genre.filterLabel')}: ${buttonText}`} options={options} />
    );
  }

  return (
    <>
      <PageHeader title={title} onBack={onBack}>
        {controls}
      </PageHeader>
      <GenreRows listing={listing} kind={kind} />
    </>
  );
}

function GenreRows({ listing, kind }: { listing: ReturnType<typeof useGenreListing>; kind: GenrePageKind }) {
  const { t } = useTranslation('explore');
  // Spec: the genre file failing to load goes to the non-recoverable handler (retry reloads).
  const fatal = listing.isError && !(listing.error instanceof ApiError && listing.error.status === 404);
  useEffect(() => {
    if (fatal) showFatalError(t('loadFailed'));
  }, [fatal, t]);
  if (listing.isPending) {
    return (
      <div className="browse-page__status">
        <Spinner label={t('loading')} />
      </div>
    );
  }
  if (listing.isError && listing.error instanceof ApiError && listing.error.status === 404) {
    return <p className="browse-page__message">{t('notFound')}</p>;
  }
  if (listing.isError) {
    return (
      <div className="browse-page__status" role="alert">
        <p>{t('loadFailed')}</p>
        <Button variant="secondary" onClick={() => void listing.refetch()}>
          {t('retry')}
        </Button>
      </div>
    );
  }
  const data = listing.data;
  const rows = kind === 'channels' ? channelRows(data.channels, data.channelGenres) : null;
  const empty = data.series.length + data.vods.length + data.events.length + data.channels.length === 0;
  if (empty) return <p className="browse-page__message">{t('empty')}</p>;
  return (
    <div className="browse-page__rows">
      {rows ? (
        rows.map((row) => <ItemRow key={row.id} title={row.name} entries={toEntries(row.channels)} displayMode={2} />)
      ) : (
        <>
          <ItemRow title={t('genre.rows.series')} entries={toEntries(data.series)} displayMode={2} />
          <ItemRow title={t('genre.rows.vods')} entries={toEntries(data.vods)} displayMode={1} />
          <ItemRow title={t('genre.rows.events')} entries={toEntries(data.events)} displayMode={1} />
          <ItemRow title={t('genre.rows.channels')} entries={toEntries(data.channels)} displayMode={2} />
        </>
      )}
    </div>
  );
}

/** The channels page groups its channels by channel genre, in the genres' order. */
function channelRows(
  channels: GenreListingResponse['channels'],
  genres: ChannelGenre[],
): { id: number; name: string; channels: Channel[] }[] {
  return genres
    .map((g) => ({ id: g.id, name: g.name, channels: channels.filter((c) => c.channelGenreId === g.id) }))
    .filter((row) => row.channels.length > 0);
}

import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { CatalogueItem, SeriesDetail } from '@pantalla/contracts';
import { paths } from '../../../config/paths';
import { ChannelLogo } from '../../../ui/brand';
import { hideBrokenImage } from '../../../ui/broken-image';
import { Spinner } from '../../../ui/spinner';
import {
  shortenText,
  itemTitle,
  posterUrl,
  stillUrl,
  TrailerPlayer,
  getChannelQueryOptions,
  getEventDetailQueryOptions,
  getFilmQueryOptions,
  getSeriesDetailQueryOptions,
  actorsOf,
  airingText,
  CAST_DETAIL,
  CastList,
  directorOf,
  factsOf,
  ItemActions,
  ItemMeta,
  type MetaFacts,
  SeasonEpisodes,
  SeriesTabs,
  useNow,
  closeTarget,
} from '../../catalogue';
import './detail.css';
import { FavouriteChannelButton, MyListButton } from './list-button';
import { useDocumentTitle } from '../../../lib/use-document-title';

/** What "Mi lista" calls each kind of detail page. */
const LIST_KINDS = { content: 'film', serie: 'series', event: 'programme' } as const;

/** Spec: the detail description is cut to 1050 characters, 250 on a series' first tab. */
export const DETAIL_DESCRIPTION_MAX = 1050;
export const SERIES_FIRST_TAB_MAX = 250;

export type DetailKind = 'content' | 'serie' | 'event' | 'channel';

interface DetailView {
  item: CatalogueItem;
  facts: MetaFacts;
  director: string | null;
  description: string;
  cast: string[];
  series: SeriesDetail | null;
}

function useDetail(kind: DetailKind, id: number): { view: DetailView | null; isPending: boolean; error: unknown } {
  const film = useQuery({ ...getFilmQueryOptions(id), enabled: kind === 'content' });
  const series = useQuery({ ...getSeriesDetailQueryOptions(id), enabled: kind === 'serie' });
  const event = useQuery({ ...getEventDetailQueryOptions(id), enabled: kind === 'event' });
  const channel = useQuery({ ...getChannelQueryOptions(id), enabled: kind === 'channel' });
  const query = { content: film, serie: series, event, channel }[kind];
  let view: DetailView | null = null;
  if (kind === 'content' && film.data) {
    const f = film.data;
    view = {
      item: f,
      facts: factsOf(f),
      director: directorOf(f.credits),
      description: f.longDescription || f.description,
      cast: actorsOf(f.credits),
      series: null,
    };
  } else if (kind === 'serie' && series.data) {
    const s = series.data;
    view = {
      item: s,
      facts: factsOf(s),
      director: directorOf(s.credits),
      description: s.longDescription || s.description,
      cast: actorsOf(s.credits),
      series: s,
    };
  } else if (kind === 'event' && event.data) {
    const { epg, ...e } = event.data;
    view = {
      item: e,
      facts: { year: epg.year, country: epg.country, minutes: epg.durationMinutes, ratingLogo: epg.rating_logo },
      director: epg.director || null,
      description: epg.description || e.description,
      cast: epg.actors.map((a) => a.name),
      series: null,
    };
  } else if (kind === 'channel' && channel.data) {
    const c = channel.data;
    view = { item: c, facts: {}, director: null, description: c.description, cast: [], series: null };
  }
  return { view, isPending: query.isPending, error: query.error };
}

/** The program detail: poster over a blurred still, facts, description, Play/Buy, cast, trailer, close. */
export function DetailScreen({ kind, id }: { kind: DetailKind; id: number }) {
  const { t } = useTranslation('browse');
  const now = useNow();
  const { view, isPending, error } = useDetail(kind, id);
  const [trailerOn, setTrailerOn] = useState(false);
  const [muted, setMuted] = useState(true);
  const notFound = !view && !!error && typeof error === 'object' && 'status' in error && error.status === 404;
  useDocumentTitle(view ? itemTitle(view.item) : notFound ? t('detail.notFound') : null);
  const close = useClose();
  const closeButton = <CloseButton onClose={close} />;

  if (!view) {
    return (
      <div className="detail detail--state">
        {closeButton}
        {isPending ? (
          <Spinner label={t('detail.loading')} />
        ) : (
          <p role="alert">{notFound ? t('detail.notFound') : t('detail.error')}</p>
        )}
      </div>
    );
  }

  const { item } = view;
  const title = itemTitle(item);
  const poster = posterUrl(item);
  const still = stillUrl(item, 'large');
  const hasTrailer = item.type === 'movie' && item.hasTrailer;
  return (
    <article className="detail" aria-labelledby="detail-title">
      {still ? (
        <div className="detail__backdrop" style={{ backgroundImage: `url("${still}")` }} aria-hidden="true" />
      ) : null}
      <div className="detail__shade" aria-hidden="true" />
      {closeButton}
      <div className="detail__layout">
        <div className={`detail__poster${item.type === 'channel' ? ' detail__poster--logo' : ''}`}>
          {trailerOn && item.type === 'movie' ? (
            <TrailerPlayer
              className="detail__trailer"
              filmId={item.id}
              muted={muted}
              label={t('carousel.trailerOf', { title })}
              onEnded={() => setTrailerOn(false)}
              onError={(e) => {
                console.warn('Trailer failed', e);
                setTrailerOn(false);
              }}
            />
          ) : item.type === 'channel' && poster ? (
            // An imported logo may be gone: the channel's name in the box, as in the guide.
            <ChannelLogo className="detail__logo" src={poster} name={title} />
          ) : poster ? (
            <img
              key={poster}
              src={poster}
              alt={t('detail.poster', { title })}
              width="320"
              height="480"
              onError={hideBrokenImage}
            />
          ) : null}
        </div>
        <div className="detail__info">
          <h1 id="detail-title" className="detail__title">
            {title}
          </h1>
          <ItemMeta facts={view.facts} extra={airingText(item)} />
          {view.director ? (
            <p className="detail__director">
              <span>{t('meta.director')}:</span> {view.director}
            </p>
          ) : null}
          {view.series ? (
            <DetailSeriesTabs series={view.series} cast={view.cast} now={now} />
          ) : (
            <>
              <p className="detail__desc">{shortenText(view.description, DETAIL_DESCRIPTION_MAX)}</p>
              <ItemActions item={item} now={now} showMoreInfo={false} />
            </>
          )}
          {kind === 'channel' ? (
            <FavouriteChannelButton channelId={id} />
          ) : (
            <MyListButton kind={LIST_KINDS[kind]} id={id} />
          )}
          {hasTrailer ? (
            <TrailerControls
              on={trailerOn}
              muted={muted}
              onToggle={() => setTrailerOn((on) => !on)}
              onToggleMute={() => setMuted((m) => !m)}
            />
          ) : null}
          {!view.series ? <CastList names={view.cast} limit={CAST_DETAIL} headingLevel={2} /> : null}
        </div>
      </div>
    </article>
  );
}

/** Close: back when the detail was reached from inside the app, else home; Escape too. */
function useClose(): () => void {
  const navigate = useNavigate();
  const close = useCallback(() => {
    if (closeTarget(window.history.state) === 'back') void navigate(-1);
    else void navigate(paths.landing.getHref());
  }, [navigate]);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) close();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [close]);
  return close;
}

function CloseButton({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('browse');
  return (
    <button type="button" className="detail__close" onClick={onClose} aria-label={t('detail.close')}>
      <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
        <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
      </svg>
    </button>
  );
}

/** Play/stop the trailer (in place of the poster) and, while it plays, its sound. */
function TrailerControls({
  on,
  muted,
  onToggle,
  onToggleMute,
}: {
  on: boolean;
  muted: boolean;
  onToggle: () => void;
  onToggleMute: () => void;
}) {
  const { t } = useTranslation('browse');
  return (
    <div className="detail__trailer-controls">
      <button type="button" className="btn btn--secondary" aria-pressed={on} onClick={onToggle}>
        <span>{on ? t('trailer.stop') : t('trailer.play')}</span>
      </button>
      {on ? (
        <button type="button" className="btn btn--ghost" aria-pressed={!muted} onClick={onToggleMute}>
          <span>{muted ? t('trailer.unmute') : t('trailer.mute')}</span>
        </button>
      ) : null}
    </div>
  );
}

/** A series' tabs on the detail page: its first tab cuts the description to 250 characters. */
function DetailSeriesTabs({ series, cast, now }: { series: SeriesDetail; cast: string[]; now: number }) {
  return (
    <div className="detail__tabs">
      <SeriesTabs
        title={series.title}
        idPrefix={`detail-series-${series.id}`}
        info={<p className="detail__desc">{shortenText(series.description, SERIES_FIRST_TAB_MAX)}</p>}
        actions={<ItemActions item={series} now={now} showMoreInfo={false} />}
        episodes={<SeasonEpisodes seasons={series.seasons} seriesTitle={series.title} />}
        description={
          <p className="detail__desc">
            {shortenText(series.longDescription || series.description, DETAIL_DESCRIPTION_MAX)}
          </p>
        }
        cast={<CastList names={cast} limit={CAST_DETAIL} headingLevel={2} />}
      />
    </div>
  );
}

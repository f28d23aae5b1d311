import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import type { CatalogueItem, Series } from '@pantalla/contracts';
import { Spinner } from '../../../ui/spinner';
import { shortenText } from '../lib/card-geometry';
import { itemTitle, stillUrl, timeState } from '../lib/item-model';
import { getEventDetailQueryOptions, getSeriesDetailQueryOptions } from '../api/get-items';
import {
  actorsOf,
  airingText,
  CAST_DETAIL,
  CAST_SIMPLE_PANEL,
  CastList,
  directorOf,
  factsOf,
  ItemActions,
  ItemMeta,
} from './item-parts';
import { SeasonEpisodes } from './season-episodes';
import { SeriesTabs } from './series-tabs';
import './details.css';

/** Spec: description cut to 250 characters on a series' first tab; the panels use the same. */
export const PANEL_DESCRIPTION_MAX = 250;

export interface DetailsPanelProps {
  id: string;
  item: CatalogueItem;
  now: number;
  onClose: () => void;
  channelName?: string;
}

/** The details panel a row opens under itself: series get tabs, everything else the simple panel. */
export function DetailsPanel({ id, item, now, onClose, channelName }: DetailsPanelProps) {
  const { t } = useTranslation('browse');
  const ref = useRef<HTMLElement>(null);
  const title = itemTitle(item);
  const still = stillUrl(item, 'large');
  useEffect(() => {
    ref.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [item]);
  return (
    <section
      ref={ref}
      id={id}
      className={`details-panel details-panel--${item.type}`}
      aria-label={t('panel.label', { title })}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          onClose();
        }
      }}
    >
      {still ? (
        <div className="details-panel__art" style={{ backgroundImage: `url("${still}")` }} aria-hidden="true" />
      ) : null}
      <div className="details-panel__content">
        <h3 className="details-panel__title">{title}</h3>
        {item.type === 'show' ? (
          <SeriesPanelBody series={item} now={now} />
        ) : (
          <SimplePanelBody item={item} now={now} channelName={channelName} />
        )}
      </div>
      <button type="button" className="details-panel__close" aria-label={t('panel.close', { title })} onClick={onClose}>
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
          <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
        </svg>
      </button>
    </section>
  );
}

function SimplePanelBody({ item, now, channelName }: { item: CatalogueItem; now: number; channelName?: string }) {
  const { t } = useTranslation('browse');
  // Events carry credits only in their EPG form.
  const event = useQuery({ ...getEventDetailQueryOptions(item.id), enabled: item.type === 'event' });
  const state = timeState(item, now);
  const description =
    item.type === 'channel'
      ? item.description
      : 'longDescription' in item
        ? item.longDescription || item.description
        : item.description;
  const credits = item.type === 'movie' ? item.credits : [];
  const cast = item.type === 'event' ? (event.data?.epg.actors.map((a) => a.name) ?? []) : actorsOf(credits);
  const director = item.type === 'event' ? event.data?.epg.director || null : directorOf(credits);
  return (
    <>
      <div className="details-panel__line">
        {state.live && item.type === 'event' ? <span className="badge badge--live">{t('card.live')}</span> : null}
        <ItemMeta facts={factsOf(item)} extra={[channelName, airingText(item)].filter(Boolean).join(' · ') || null} />
      </div>
      {item.type === 'event' && item.subtitle ? <p className="details-panel__subtitle">{item.subtitle}</p> : null}
      <p className="details-panel__desc">{shortenText(description, PANEL_DESCRIPTION_MAX)}</p>
      {director ? (
        <p className="details-panel__director">
          <span>{t('meta.director')}:</span> {director}
        </p>
      ) : null}
      <CastList names={cast} limit={CAST_SIMPLE_PANEL} headingLevel={4} />
      <ItemActions item={item} now={now} />
    </>
  );
}

/** A series in a row's panel: its episodes load when the panel opens. */
function SeriesPanelBody({ series, now }: { series: Series; now: number }) {
  const { t } = useTranslation('browse');
  const detail = useQuery(getSeriesDetailQueryOptions(series.id));
  return (
    <SeriesTabs
      title={series.title}
      idPrefix={`series-${series.id}`}
      info={
        <>
          <ItemMeta facts={factsOf(series)} />
          <p className="details-panel__desc">{shortenText(series.description, PANEL_DESCRIPTION_MAX)}</p>
        </>
      }
      actions={<ItemActions item={series} now={now} />}
      episodes={
        detail.data ? (
          <SeasonEpisodes seasons={detail.data.seasons} seriesTitle={series.title} />
        ) : detail.isError ? (
          <p role="alert">{t('series.episodesError')}</p>
        ) : (
          <Spinner size="small" label={t('series.loadingEpisodes')} />
        )
      }
      description={
        <p className="details-panel__desc details-panel__desc--long">{series.longDescription || series.description}</p>
      }
      cast={<CastTab credits={series.credits} />}
    />
  );
}

/** The reparto tab: the director, then the cast. */
function CastTab({ credits }: { credits: Series['credits'] }) {
  const { t } = useTranslation('browse');
  const director = directorOf(credits);
  return (
    <>
      {director ? (
        <p className="details-panel__director">
          <span>{t('meta.director')}:</span> {director}
        </p>
      ) : null}
      <CastList names={actorsOf(credits)} limit={CAST_DETAIL} headingLevel={4} />
    </>
  );
}

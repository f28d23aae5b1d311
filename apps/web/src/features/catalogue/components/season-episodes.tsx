import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Episode, Season } from '@pantalla/contracts';
import { Spinner } from '../../../ui/spinner';
import { SHORT_DESCRIPTION_MAX, shortenText } from '../lib/card-geometry';
import { durationMinutes, stillUrl } from '../lib/item-model';
import { episodePlayHref } from '../lib/play-link';
import { useEpisodes } from '../api/get-items';
import './details.css';

/** A series' season dropdown and the chosen season's episodes, each with Play. */
export function SeasonEpisodes({ seasons, seriesTitle }: { seasons: readonly Season[]; seriesTitle: string }) {
  const { t } = useTranslation('browse');
  const selectId = useId();
  const ordered = [...seasons].sort((a, b) => a.seasonNumber - b.seasonNumber);
  const [seasonId, setSeasonId] = useState<number | null>(ordered[0]?.id ?? null);
  const episodes = useEpisodes(seasonId);
  if (ordered.length === 0) return <p className="episodes__empty">{t('series.noSeasons')}</p>;
  return (
    <div className="episodes">
      <div className="episodes__bar">
        <label htmlFor={selectId} className="episodes__label">
          {t('series.season')}
        </label>
        <select
          id={selectId}
          className="select"
          value={seasonId ?? ''}
          onChange={(e) => setSeasonId(Number(e.target.value))}
        >
          {ordered.map((season) => (
            <option key={season.id} value={season.id}>
              {t('series.seasonN', { n: season.seasonNumber })}
            </option>
          ))}
        </select>
      </div>
      {episodes.isPending ? <Spinner size="small" label={t('series.loadingEpisodes')} /> : null}
      {episodes.isError ? <p role="alert">{t('series.episodesError')}</p> : null}
      {episodes.data ? (
        <ol className="episodes__list" aria-label={t('series.episodesOf', { title: seriesTitle })}>
          {episodes.data.resources.map((episode) => (
            <EpisodeItem key={episode.id} episode={episode} />
          ))}
        </ol>
      ) : null}
    </div>
  );
}

function EpisodeItem({ episode }: { episode: Episode }) {
  const { t } = useTranslation('browse');
  const play = episode.access.owned ? episodePlayHref(episode) : null;
  const still = stillUrl(episode);
  return (
    <li className="episode">
      <span className="episode__still">
        {still ? <img src={still} alt="" width="160" height="90" loading="lazy" /> : null}
      </span>
      <span className="episode__body">
        <span className="episode__title">
          <span className="episode__number">{episode.episodeNumber}.</span> {episode.title}
        </span>
        <span className="episode__meta">{t('meta.minutes', { count: durationMinutes(episode) ?? 0 })}</span>
        <span className="episode__desc">{shortenText(episode.description, SHORT_DESCRIPTION_MAX)}</span>
      </span>
      {play ? (
        <Link
          className="btn btn--primary episode__play"
          to={play}
          aria-label={t('series.playEpisode', { n: episode.episodeNumber, title: episode.title })}
        >
          <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
            <path d="M8 5v14l11-7z" fill="currentColor" />
          </svg>
        </Link>
      ) : (
        <span className="episode__locked">{t('series.notIncluded')}</span>
      )}
    </li>
  );
}

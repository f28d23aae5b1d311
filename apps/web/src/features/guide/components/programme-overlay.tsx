import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime, formatClock } from '../../../lib/date';
import { catchupLink, liveLink } from '../../../lib/player-links';
import { CAST_LIMIT, cutText, DESCRIPTION_EXTENDED, DESCRIPTION_SHORT, OVERLAY_HEIGHT } from '../lib/geometry';
import { playAction, type GuideChannel, type GuideProgramme } from '../lib/programme';
import { ChannelLogo } from '../../../ui/brand';
import { Modal } from '../../../ui/modal';
import { RecordActions } from '../../recordings';
import { useZapWithinState } from './zap-within-context';
import './programme-overlay.css';

export interface ProgrammeOverlayProps {
  programme: GuideProgramme;
  channel: GuideChannel;
  now: number;
  onClose: () => void;
  /** The panel's height as laid out: a phone's grows with its buttons, and the grid leaves it room. */
  onHeight?: (px: number) => void;
  /** The most a phone's panel may grow (past it, it scrolls), so the page's first row stays above it. */
  maxHeight?: number;
}

const ADULT_PARENTAL = 7;

/** The play link the programme offers now, if any. */
function PlayLink({ programme, channel, now }: Omit<ProgrammeOverlayProps, 'onClose' | 'onHeight' | 'maxHeight'>) {
  const { t } = useTranslation('guide');
  const action = playAction(programme, channel, now);
  // From a filtered guide, the player zaps within the filter.
  const zapWithin = useZapWithinState();
  const parental = programme.epg.id_parental;
  if (action.kind === 'live') {
    const href = liveLink({
      channelId: channel.id,
      title: programme.title,
      parental,
      start: programme.start,
      adult: channel.adult || parental === ADULT_PARENTAL,
    });
    return (
      <Link className="btn btn--primary guide-overlay__play" to={href} state={zapWithin}>
        <span aria-hidden="true">▶</span> {t('watchLive')}
      </Link>
    );
  }
  if (action.kind === 'catchup') {
    return (
      <Link
        className="btn btn--primary guide-overlay__play"
        to={catchupLink({ channelId: channel.id, parental, eventId: programme.id })}
      >
        <span aria-hidden="true">↺</span> {t('watchCatchup')}
      </Link>
    );
  }
  return null;
}

/**
 * The detail overlay under the grid (220 px): logo, title, time, description cut at 360
 * characters, the play link the rules allow, a button to the extended modal (620
 * characters and the cast) and close.
 */
export function ProgrammeOverlay({ programme, channel, now, onClose, onHeight, maxHeight }: ProgrammeOverlayProps) {
  const { t } = useTranslation('guide');
  const [extended, setExtended] = useState(false);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const panelRef = useRef<HTMLElement>(null);
  useEffect(() => {
    const panel = panelRef.current;
    if (!panel || !onHeight) return;
    onHeight(panel.offsetHeight);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => onHeight(panel.offsetHeight));
    observer.observe(panel);
    return () => observer.disconnect();
  }, [onHeight]);
  const epg = programme.epg;
  const live = programme.start <= now && now < programme.end;
  useEffect(() => {
    titleRef.current?.focus();
  }, [programme.id]);
  const meta = [
    epg.genres
      .map((g) => g.name)
      .filter(Boolean)
      .join(', '),
    epg.year ? String(epg.year) : '',
    epg.country,
    epg.episode,
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <section
      ref={panelRef}
      className="guide-overlay"
      style={
        {
          '--guide-overlay-height': `${OVERLAY_HEIGHT}px`,
          ...(maxHeight === undefined ? {} : { '--guide-overlay-max': `${maxHeight}px` }),
        } as CSSProperties
      }
      aria-labelledby="guide-overlay-title"
      data-testid="guide-overlay"
    >
      <ChannelLogo className="guide-overlay__logo" src={channel.logo} name={channel.name} />
      <div className="guide-overlay__body">
        <p className="guide-overlay__when">
          {live ? <span className="guide-badge guide-badge--live">{t('live')}</span> : null}
          <span>{channel.name}</span>
          <span aria-hidden="true"> · </span>
          <span>
            {formatDateTime(programme.start)} – {formatClock(programme.end)}
          </span>
          {epg.id_parental === ADULT_PARENTAL ? <span className="guide-badge guide-badge--adult">+18</span> : null}
        </p>
        <h2 id="guide-overlay-title" ref={titleRef} tabIndex={-1} className="guide-overlay__title">
          {programme.title}
        </h2>
        {meta ? <p className="guide-overlay__meta">{meta}</p> : null}
        <p className="guide-overlay__description" data-testid="guide-overlay-description">
          {cutText(epg.description, DESCRIPTION_SHORT)}
        </p>
      </div>
      <div className="guide-overlay__actions">
        <PlayLink programme={programme} channel={channel} now={now} />
        <RecordActions
          eventId={programme.id}
          channelId={channel.id}
          title={programme.title}
          start={programme.start}
          end={programme.end}
          now={now}
        />
        <button type="button" className="btn btn--secondary" onClick={() => setExtended(true)}>
          {t('moreInfo')}
        </button>
        <button type="button" className="btn btn--ghost" onClick={onClose} aria-label={t('closeDetails')}>
          {t('close')}
        </button>
      </div>
      <ExtendedDetails
        open={extended}
        programme={programme}
        channel={channel}
        now={now}
        meta={meta}
        onClose={() => setExtended(false)}
      />
    </section>
  );
}

/** The extended modal: poster, times, 620 characters of description, director and the first 11 of the cast. */
function ExtendedDetails({
  open,
  programme,
  channel,
  now,
  meta,
  onClose,
}: ProgrammeOverlayProps & { open: boolean; meta: string }) {
  const { t } = useTranslation('guide');
  const epg = programme.epg;
  return (
    <Modal
      open={open}
      title={programme.title}
      onEscape={onClose}
      className="guide-extended"
      actions={
        <>
          <PlayLink programme={programme} channel={channel} now={now} />
          <button type="button" className="btn btn--secondary" onClick={onClose}>
            {t('close')}
          </button>
        </>
      }
    >
      <div className="guide-extended__layout" data-testid="guide-extended">
        <img className="guide-extended__poster" src={epg.poster} alt="" />
        <div>
          <p className="guide-extended__when">
            {channel.name} · {formatDateTime(programme.start)} – {formatClock(programme.end)}
          </p>
          {meta ? <p className="guide-overlay__meta">{meta}</p> : null}
          <p className="guide-extended__description">{cutText(epg.description, DESCRIPTION_EXTENDED)}</p>
          {epg.director ? (
            <p className="guide-extended__credit">
              <strong>{t('director')}:</strong> {epg.director}
            </p>
          ) : null}
          {epg.actors.length > 0 ? (
            <>
              <h3 className="guide-extended__cast-title">{t('cast')}</h3>
              <ul className="guide-extended__cast">
                {epg.actors.slice(0, CAST_LIMIT).map((actor) => (
                  <li key={actor.name}>
                    {actor.url ? (
                      <a href={actor.url} target="_blank" rel="noreferrer">
                        {actor.name}
                      </a>
                    ) : (
                      actor.name
                    )}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </div>
      </div>
    </Modal>
  );
}

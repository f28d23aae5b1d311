import { forwardRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { CatalogueItem } from '@pantalla/contracts';
import { CARD_TEXT_MAX, rankNumber, shortenText, type CardShape, type DisplayMode } from '../lib/card-geometry';
import { itemText, itemTitle, posterUrl, stillUrl, timeState } from '../lib/item-model';
import { hideBrokenImage } from '../../../ui/broken-image';
import './cards.css';

export interface CardProps {
  item: CatalogueItem;
  shape: CardShape;
  displayMode: DisplayMode;
  /** 0-based position in the row (mode 3 ranks). */
  position: number;
  /** Width of the image, px (159 for posters, 270/350 or 220 for wide cards). */
  width: number;
  now: number;
  /** Whether this card's details panel is open. */
  expanded?: boolean;
  /** id of the panel the card opens, for aria-controls. */
  controls?: string;
  /** Roving tab index: only one card of a row is in the tab order. */
  tabIndex?: number;
  /** Part watched, 0..1, for keep-watching. */
  progress?: number;
  onActivate?: () => void;
  onKeyDown?: (event: KeyboardEvent<HTMLButtonElement>) => void;
  onFocus?: () => void;
  /** Where an event airs, shown in its text. */
  channelName?: string;
}

/** A poster or wide card: image, rank, live badge, play icon, title and its 85-character text. */
export const Card = forwardRef<HTMLButtonElement, CardProps>(function Card(
  {
    item,
    shape,
    displayMode,
    position,
    width,
    now,
    expanded,
    controls,
    tabIndex,
    progress,
    onActivate,
    onKeyDown,
    onFocus,
    channelName,
  },
  ref,
) {
  const { t } = useTranslation('browse');
  const title = itemTitle(item);
  const text = shortenText(itemText(item, channelName), CARD_TEXT_MAX);
  const image = shape === 'poster' ? posterUrl(item) : stillUrl(item);
  const rank = rankNumber(displayMode, position);
  const state = timeState(item, now);
  const height = shape === 'poster' ? Math.round(width * 1.5) : Math.round((width * 9) / 16);
  const isLogo = item.type === 'channel';
  return (
    <div className={`card card--${shape}${rank !== null ? ' card--ranked' : ''}`} style={{ width }}>
      <button
        ref={ref}
        type="button"
        className="card__button"
        aria-expanded={expanded}
        aria-controls={expanded ? controls : undefined}
        tabIndex={tabIndex}
        onClick={onActivate}
        onKeyDown={onKeyDown}
        onFocus={onFocus}
        aria-label={[
          rank !== null ? t('card.rank', { rank }) : null,
          title,
          state.live && item.type === 'event' ? t('card.live') : null,
        ]
          .filter(Boolean)
          .join(', ')}
      >
        <span className={`card__image${isLogo ? ' card__image--logo' : ''}`} style={{ height }}>
          {image ? (
            <img
              key={image}
              src={image}
              alt=""
              width={width}
              height={height}
              loading="lazy"
              decoding="async"
              draggable={false}
              onError={hideBrokenImage}
            />
          ) : null}
          {rank !== null ? (
            <span className="card__rank" aria-hidden="true">
              {rank}
            </span>
          ) : null}
          {state.live && item.type === 'event' ? <span className="badge badge--live">{t('card.live')}</span> : null}
          {state.started && item.type === 'event' ? (
            <span className="card__play" aria-hidden="true">
              <svg viewBox="0 0 24 24" width="20" height="20">
                <path d="M8 5v14l11-7z" fill="currentColor" />
              </svg>
            </span>
          ) : null}
          {progress !== undefined ? (
            <span className="card__progress" aria-hidden="true">
              <span style={{ width: `${Math.round(Math.min(1, Math.max(0, progress)) * 100)}%` }} />
            </span>
          ) : null}
        </span>
      </button>
      <div className="card__text">
        <p className="card__title" title={title}>
          {title}
        </p>
        {text ? <p className="card__desc">{text}</p> : null}
      </div>
    </div>
  );
});

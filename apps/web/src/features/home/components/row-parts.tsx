import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Card, itemTitle, type CardProps } from '../../catalogue';
import type { RowEntry } from '../api/get-row-items';

export interface SeeAllLink {
  to: string;
  state?: unknown;
}

/** The row's heading and its 'see all' link. */
export function RowHead({
  id,
  title,
  level,
  seeAll,
}: {
  id: string;
  title: string;
  level: 2 | 3;
  seeAll?: SeeAllLink | null;
}) {
  const { t } = useTranslation('browse');
  const Heading = `h${level}` as const;
  return (
    <div className="row__head">
      <Heading id={id} className="row__title">
        {title}
      </Heading>
      {seeAll ? (
        <Link className="row__more" to={seeAll.to} state={seeAll.state} aria-label={t('row.seeAllOf', { title })}>
          {t('row.seeAll')}
          <span aria-hidden="true"> ›</span>
        </Link>
      ) : null}
    </div>
  );
}

/** Keep-watching: removes the card's bookmark. */
function RemoveButton({ title, onRemove }: { title: string; onRemove: () => void }) {
  const { t } = useTranslation('browse');
  return (
    <button type="button" className="card__remove" aria-label={t('card.remove', { title })} onClick={onRemove}>
      <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
        <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
      </svg>
    </button>
  );
}

interface RowSlotProps extends Omit<CardProps, 'item' | 'progress'> {
  entry: RowEntry;
  count: number;
  slotWidth: number;
  cardRef: (el: HTMLButtonElement | null) => void;
  onRemove?: (entry: RowEntry) => void;
}

/** One card's place on the track; a bookmark's card can be removed (keep-watching). */
export function RowSlot({ entry, count, slotWidth, cardRef, onRemove, position, ...card }: RowSlotProps) {
  const bookmark = entry.bookmark;
  return (
    <li className="row__slot" style={{ width: slotWidth }} aria-posinset={position + 1} aria-setsize={count}>
      <Card
        ref={cardRef}
        item={entry.item}
        position={position}
        progress={bookmark && bookmark.durationInMs > 0 ? bookmark.positionInMs / bookmark.durationInMs : undefined}
        {...card}
      />
      {bookmark && onRemove ? <RemoveButton title={itemTitle(entry.item)} onRemove={() => onRemove(entry)} /> : null}
    </li>
  );
}

/** A row's previous or next page button. */
export function RowArrow({
  direction,
  title,
  disabled,
  onClick,
}: {
  direction: 'previous' | 'next';
  title: string;
  disabled: boolean;
  onClick: () => void;
}) {
  const { t } = useTranslation('browse');
  return (
    <button
      type="button"
      className={`row__arrow row__arrow--${direction === 'previous' ? 'prev' : 'next'}`}
      aria-label={t(`row.${direction}`, { title })}
      disabled={disabled}
      onClick={onClick}
    >
      <span aria-hidden="true">{direction === 'previous' ? '‹' : '›'}</span>
    </button>
  );
}

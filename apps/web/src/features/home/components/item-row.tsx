import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CatalogueItem } from '@pantalla/contracts';
import {
  Card,
  clampPage,
  pageCount,
  rowGeometry,
  type CardShape,
  type DisplayMode,
  itemKey,
  itemTitle,
  useChannelNames,
  DetailsPanel,
  useNow,
  useSwipe,
  useWindowWidth,
} from '../../catalogue';
import type { RowEntry } from '../api/get-row-items';
import { ROW_ITEMS_SHOWN } from '../lib/row-links';
import { useRenderedReach } from '../hooks/use-rendered-reach';
import './rows.css';

export interface SeeAllLink {
  to: string;
  state?: unknown;
}

export interface ItemRowProps {
  title: string;
  entries: readonly RowEntry[];
  displayMode?: DisplayMode;
  /** Overrides the display mode's shape and width (search: 270 px series, 220 px others). */
  shape?: CardShape;
  cardWidth?: number;
  seeAll?: SeeAllLink | null;
  /** Keep-watching: deletes a bookmark. */
  onRemove?: (entry: RowEntry) => void;
  headingLevel?: 2 | 3;
}

/** Wraps plain items as row entries. */
export function toEntries(items: readonly CatalogueItem[]): RowEntry[] {
  return items.map((item) => ({ item }));
}

/**
 * A row of cards with left/right paging, arrow-key focus (one card in the tab order) and
 * the details panel under the row for the card chosen.
 */
export function ItemRow({
  title,
  entries,
  displayMode = 1,
  shape: shapeOverride,
  cardWidth: widthOverride,
  seeAll,
  onRemove,
  headingLevel = 2,
}: ItemRowProps) {
  const { t } = useTranslation('browse');
  const id = useId();
  const headingId = `${id}-title`;
  const panelId = `${id}-panel`;
  const windowWidth = useWindowWidth();
  const now = useNow();
  const channelNames = useChannelNames();
  const geometry = rowGeometry(displayMode, windowWidth);
  const shape = shapeOverride ?? geometry.shape;
  const cardWidth = widthOverride ?? geometry.cardWidth;
  const slotWidth = widthOverride ? widthOverride + (geometry.slotWidth - geometry.cardWidth) : geometry.slotWidth;
  const perPage = Math.max(1, Math.floor((geometry.usable + (slotWidth - cardWidth)) / slotWidth));
  const [expanded, setExpanded] = useState<string | null>(null);
  const count = entries.length;
  const { current, first, pages, focusIndex, goToPage, onCardKeyDown, onCardFocus, cardRefs } = useRowPaging(
    count,
    perPage,
  );
  const reach = useRenderedReach(count, Math.max(ROW_ITEMS_SHOWN, first + perPage * PAGES_AHEAD));
  const expandedEntry = entries.find((e) => itemKey(e.item) === expanded) ?? null;
  const swipe = useSwipe((step) => goToPage(current + step));
  const closePanel = () => {
    setExpanded(null);
    cardRefs.current.get(focusIndex)?.focus();
  };

  if (count === 0) return null;
  return (
    // Escape closes a panel just opened from its card, while focus is still on the card.
    <section
      className={`row row--${shape}`}
      aria-labelledby={headingId}
      onKeyDown={(event) => event.key === 'Escape' && expanded !== null && closePanel()}
    >
      <RowHead id={headingId} title={title} level={headingLevel} seeAll={seeAll} />
      <div className="row__body">
        <button
          type="button"
          className="row__arrow row__arrow--prev"
          aria-label={t('row.previous', { title })}
          disabled={current === 0}
          onClick={() => goToPage(current - 1)}
        >
          <span aria-hidden="true">‹</span>
        </button>
        <div className="row__viewport" style={{ width: geometry.usable }} {...swipe}>
          <ul className="row__track" style={{ transform: `translateX(${-first * slotWidth}px)` }}>
            {entries.slice(0, reach).map((entry, index) => {
              const key = itemKey(entry.item);
              const bookmark = entry.bookmark;
              return (
                <li
                  key={bookmark ? `${bookmark.kind}:${bookmark.id}` : key}
                  className="row__slot"
                  style={{ width: slotWidth }}
                  aria-posinset={index + 1}
                  aria-setsize={count}
                >
                  <Card
                    ref={(el) => {
                      if (el) cardRefs.current.set(index, el);
                      else cardRefs.current.delete(index);
                    }}
                    item={entry.item}
                    shape={shape}
                    displayMode={displayMode}
                    position={index}
                    width={cardWidth}
                    now={now}
                    channelName={entry.item.type === 'event' ? channelNames.get(entry.item.channelId) : undefined}
                    expanded={expanded === key}
                    controls={panelId}
                    tabIndex={index === Math.min(focusIndex, count - 1) ? 0 : -1}
                    progress={
                      bookmark && bookmark.durationInMs > 0 ? bookmark.positionInMs / bookmark.durationInMs : undefined
                    }
                    onActivate={() => setExpanded((open) => (open === key ? null : key))}
                    onKeyDown={(event) => onCardKeyDown(event, index)}
                    onFocus={() => onCardFocus(index)}
                  />
                  {bookmark && onRemove ? (
                    <RemoveButton title={itemTitle(entry.item)} onRemove={() => onRemove(entry)} />
                  ) : null}
                </li>
              );
            })}
          </ul>
        </div>
        <button
          type="button"
          className="row__arrow row__arrow--next"
          aria-label={t('row.next', { title })}
          disabled={current >= pages - 1}
          onClick={() => goToPage(current + 1)}
        >
          <span aria-hidden="true">›</span>
        </button>
      </div>
      {expandedEntry ? (
        <DetailsPanel
          id={panelId}
          item={expandedEntry.item}
          now={now}
          channelName={expandedEntry.item.type === 'event' ? channelNames.get(expandedEntry.item.channelId) : undefined}
          onClose={closePanel}
        />
      ) : null}
    </section>
  );
}

/** Pages of cards rendered beyond the one shown (a home row's 14 always): a genre's row of hundreds renders as it is paged. */
const PAGES_AHEAD = 3;

/**
 * Paging and the one tab stop of a row: arrows, Home and End move focus card by card (the
 * page follows), the row's arrows turn pages, and a card focused off the page brings it in.
 */
function useRowPaging(count: number, perPage: number) {
  const [page, setPage] = useState(0);
  const [focusIndex, setFocusIndex] = useState(0);
  const cardRefs = useRef(new Map<number, HTMLButtonElement>());
  // A key that jumps past the cards rendered (End) focuses its card once it is there.
  const pendingFocus = useRef<number | null>(null);
  useEffect(() => {
    const card = pendingFocus.current === null ? undefined : cardRefs.current.get(pendingFocus.current);
    if (!card) return;
    card.focus();
    pendingFocus.current = null;
  });
  const current = clampPage(page, count, perPage);
  const first = Math.min(current * perPage, Math.max(0, count - perPage));

  function goToPage(next: number) {
    const target = clampPage(next, count, perPage);
    setPage(target);
    setFocusIndex(Math.min(target * perPage, count - 1));
  }
  function onCardKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const moves: Record<string, number> = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: count - 1 };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const target = Math.min(Math.max(0, next), count - 1);
    setFocusIndex(target);
    setPage(Math.floor(target / perPage));
    const card = cardRefs.current.get(target);
    if (card) card.focus();
    else pendingFocus.current = target;
  }
  function onCardFocus(index: number) {
    setFocusIndex(index);
    if (index < first || index >= first + perPage) setPage(Math.floor(index / perPage));
  }
  return {
    current,
    first,
    pages: pageCount(count, perPage),
    focusIndex,
    goToPage,
    onCardKeyDown,
    onCardFocus,
    cardRefs,
  };
}

/** The row's heading and its 'see all' link. */
function RowHead({
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

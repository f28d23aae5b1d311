import { useId, useState } from 'react';
import type { CatalogueItem } from '@pantalla/contracts';
import {
  rowGeometry,
  type CardShape,
  type DisplayMode,
  itemKey,
  useChannelNames,
  DetailsPanel,
  useNow,
  useSwipe,
  useWindowWidth,
} from '../../catalogue';
import type { RowEntry } from '../api/get-row-items';
import { ROW_ITEMS_SHOWN } from '../lib/row-links';
import { useRenderedReach } from '../hooks/use-rendered-reach';
import { useRowPaging } from '../hooks/use-row-paging';
import { RowArrow, RowHead, RowSlot, type SeeAllLink } from './row-parts';
import './rows.css';

export type { SeeAllLink };

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
        <RowArrow direction="previous" title={title} disabled={current === 0} onClick={() => goToPage(current - 1)} />
        <div className="row__viewport" style={{ width: geometry.usable }} {...swipe}>
          <ul className="row__track" style={{ transform: `translateX(${-first * slotWidth}px)` }}>
            {entries.slice(0, reach).map((entry, index) => {
              const key = itemKey(entry.item);
              return (
                <RowSlot
                  key={entry.bookmark ? `${entry.bookmark.kind}:${entry.bookmark.id}` : key}
                  entry={entry}
                  count={count}
                  slotWidth={slotWidth}
                  cardRef={(el) => {
                    if (el) cardRefs.current.set(index, el);
                    else cardRefs.current.delete(index);
                  }}
                  onRemove={onRemove}
                  shape={shape}
                  displayMode={displayMode}
                  position={index}
                  width={cardWidth}
                  now={now}
                  channelName={entry.item.type === 'event' ? channelNames.get(entry.item.channelId) : undefined}
                  expanded={expanded === key}
                  controls={panelId}
                  tabIndex={index === Math.min(focusIndex, count - 1) ? 0 : -1}
                  onActivate={() => setExpanded((open) => (open === key ? null : key))}
                  onKeyDown={(event) => onCardKeyDown(event, index)}
                  onFocus={() => onCardFocus(index)}
                />
              );
            })}
          </ul>
        </div>
        <RowArrow
          direction="next"
          title={title}
          disabled={current >= pages - 1}
          onClick={() => goToPage(current + 1)}
        />
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

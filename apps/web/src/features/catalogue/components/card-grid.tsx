import { useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import type { CatalogueItem } from '@pantalla/contracts';
import { Card } from './card';
import type { CardShape, DisplayMode } from '../lib/card-geometry';
import { detailHref, itemKey } from '../lib/item-model';
import { useNow } from '../hooks/use-now';

export interface CardGridProps {
  items: readonly CatalogueItem[];
  shape: CardShape;
  /** The card image's width, px. */
  width: number;
  label: string;
  displayMode?: DisplayMode;
}

/** Index of the card one line up or down: the nearest card in the next line by horizontal position. */
function verticalNeighbour(cards: (HTMLElement | undefined)[], index: number, direction: 1 | -1): number {
  const current = cards[index]?.getBoundingClientRect();
  if (!current) return index;
  let best = index;
  let bestScore = Number.POSITIVE_INFINITY;
  for (let i = index + direction; i >= 0 && i < cards.length; i += direction) {
    const rect = cards[i]?.getBoundingClientRect();
    if (!rect || (direction === 1 ? rect.top <= current.top : rect.top >= current.top)) continue;
    const score = Math.abs(rect.top - current.top) * 10 + Math.abs(rect.left - current.left);
    if (score < bestScore) {
      bestScore = score;
      best = i;
    }
  }
  return best;
}

/**
 * Every item as a wrapping grid of cards that open their detail; one card is in the tab
 * order and the arrow keys move between cards (up and down by line).
 */
export function CardGrid({ items, shape, width, label, displayMode = 1 }: CardGridProps) {
  const navigate = useNavigate();
  const now = useNow();
  const [focusIndex, setFocusIndex] = useState(0);
  const refs = useRef<(HTMLButtonElement | undefined)[]>([]);

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    let next: number;
    switch (event.key) {
      case 'ArrowRight':
        next = Math.min(items.length - 1, index + 1);
        break;
      case 'ArrowLeft':
        next = Math.max(0, index - 1);
        break;
      case 'ArrowDown':
        next = verticalNeighbour(refs.current, index, 1);
        break;
      case 'ArrowUp':
        next = verticalNeighbour(refs.current, index, -1);
        break;
      case 'Home':
        next = 0;
        break;
      case 'End':
        next = items.length - 1;
        break;
      default:
        return;
    }
    event.preventDefault();
    setFocusIndex(next);
    refs.current[next]?.focus();
  }

  return (
    <ul
      className={`card-grid card-grid--${shape}`}
      aria-label={label}
      style={{ gridTemplateColumns: `repeat(auto-fill, ${width}px)` }}
    >
      {items.map((item, index) => (
        <li key={itemKey(item)}>
          <Card
            ref={(el) => {
              refs.current[index] = el ?? undefined;
            }}
            item={item}
            shape={shape}
            displayMode={displayMode}
            position={index}
            width={width}
            now={now}
            tabIndex={index === Math.min(focusIndex, items.length - 1) ? 0 : -1}
            onFocus={() => setFocusIndex(index)}
            onKeyDown={(event) => onKeyDown(event, index)}
            onActivate={() => void navigate(detailHref(item))}
          />
        </li>
      ))}
    </ul>
  );
}

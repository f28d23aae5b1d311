import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { clampPage, pageCount } from '../../catalogue';

/**
 * Paging and the one tab stop of a row: arrows, Home and End move focus card by card (the
 * page follows), the row's arrows turn pages, and a card focused off the page brings it in.
 */
export function useRowPaging(count: number, perPage: number) {
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

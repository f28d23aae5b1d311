import {
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
  type RefObject,
} from 'react';
import { useTranslation } from 'react-i18next';
import { formatClock } from '../../../lib/date';
import {
  findOnPage,
  keyOutcome,
  pendingTarget,
  type Anchor,
  type ChannelRow,
  type Paging,
  type PendingFocus,
} from '../lib/grid-navigation';
import type { GuideChannel, GuideProgramme } from '../lib/programme';
import type { Slot } from '../lib/timeline';

export interface GridFocusInput {
  rootRef: RefObject<HTMLElement | null>;
  pageChannels: readonly GuideChannel[];
  rows: ReadonlyMap<number, ChannelRow>;
  /** The page's programmes, row by row. */
  rowList: readonly (readonly GuideProgramme[])[];
  paging: Paging & { onFirstRowChange: (firstRow: number) => void };
  now: number;
  selectedId: number | null;
  timeline: { visibleWindow: () => Slot; reveal: (programme: Slot) => void };
  onOpen: (programme: GuideProgramme, channel: GuideChannel) => void;
  /** Says a text in the grid's live region. */
  announce: (text: string) => void;
}

/**
 * Keyboard navigation (arrows along a row and across rows and pages, Enter opens) and the
 * roving focus of the programmes: the focused one is announced, brought into view, and
 * keeps DOM focus while elements change hands.
 */
export function useGridFocus(input: GridFocusInput) {
  const { t } = useTranslation('guide');
  const { rootRef, pageChannels, rows, rowList, paging, now, onOpen, announce } = input;
  const { visibleWindow, reveal } = input.timeline;
  const [focusedId, setFocusedId] = useState<number | null>(input.selectedId);
  const pending = useRef<PendingFocus | null>(null);
  const anchor = useRef<Anchor | null>(null);
  const keeper = useFocusKeeper(rootRef, focusedId);

  const focusProgramme = useCallback(
    (programme: GuideProgramme, channel: GuideChannel) => {
      setFocusedId(programme.id);
      keeper.focusAfterRender();
      announce(
        `${channel.name}: ${programme.title}, ${formatClock(programme.start)}–${formatClock(programme.end)}${programme.start <= now && now < programme.end ? `, ${t('live')}` : ''}`,
      );
      reveal(programme);
    },
    [keeper, announce, now, t, reveal],
  );

  // A focus request for a row of a page that just arrived: resolved once the row has programmes.
  useEffect(() => {
    if (!pending.current) return;
    const target = pendingTarget(pending.current, pageChannels, rows);
    if (target === 'wait') return;
    const time = pending.current.time;
    pending.current = null;
    if (!target) return;
    anchor.current = { id: target.programme.id, time };
    focusProgramme(target.programme, target.channel);
  }, [rows, pageChannels, focusProgramme]);

  const programmeOf = (element: EventTarget) =>
    findOnPage(rowList, pageChannels, Number((element as HTMLElement).dataset.programmeId));

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    const found = programmeOf(event.target);
    const outcome = found && keyOutcome(event.key, rowList, found, visibleWindow(), paging, anchor.current);
    if (!found || !outcome) return;
    event.preventDefault();
    if (outcome.kind !== 'page') anchor.current = null;
    switch (outcome.kind) {
      case 'open':
        return onOpen(found.programme, found.channel);
      case 'focus': {
        const programme = rowList[outcome.row]?.[outcome.index];
        const channel = pageChannels[outcome.row];
        if (!programme || !channel) return;
        if (outcome.anchor !== null) anchor.current = { id: programme.id, time: outcome.anchor };
        focusProgramme(programme, channel);
        return;
      }
      case 'page':
        pending.current = outcome.pending;
        return paging.onFirstRowChange(outcome.firstRow);
      case 'edge':
        return announce(t(outcome.message));
    }
  }

  function onFocus(event: FocusEvent<HTMLElement>) {
    const id = Number((event.target as HTMLElement).dataset.programmeId);
    if (Number.isNaN(id)) return;
    keeper.onFocusIn();
    if (id !== focusedId) setFocusedId(id);
  }

  function onClick(event: MouseEvent<HTMLElement>) {
    const button = (event.target as HTMLElement).closest<HTMLElement>('[data-programme-id]');
    const found = button && programmeOf(button);
    if (!found) return;
    setFocusedId(found.programme.id);
    onOpen(found.programme, found.channel);
  }

  return { focusedId, handlers: { onKeyDown, onFocus, onBlur: keeper.onBlur, onClick } };
}

/**
 * Programme elements are reused across programmes and rows re-render as days arrive: DOM
 * focus is put back on the focused programme after a render, when asked to, or when its
 * element went away or now shows another programme while focus was in the grid.
 */
function useFocusKeeper(rootRef: RefObject<HTMLElement | null>, focusedId: number | null) {
  const afterRender = useRef(false);
  /** Whether focus was last on a programme (and not moved elsewhere by the user). */
  const inside = useRef(false);

  useEffect(() => {
    const active = document.activeElement;
    if (!afterRender.current && inside.current && focusedId !== null) {
      const lost = active === null || active === document.body;
      const moved =
        active instanceof HTMLElement &&
        active.dataset.programmeId !== undefined &&
        Number(active.dataset.programmeId) !== focusedId;
      if (lost || moved) afterRender.current = true;
    }
    if (!afterRender.current) return;
    const element = rootRef.current?.querySelector<HTMLElement>(`[data-programme-id="${focusedId}"]`);
    if (element) {
      afterRender.current = false;
      element.focus({ preventScroll: true });
    }
  });

  const focusAfterRender = useCallback(() => {
    afterRender.current = true;
  }, []);
  const onFocusIn = useCallback(() => {
    inside.current = true;
  }, []);
  const onBlur = useCallback(
    (event: FocusEvent<HTMLElement>) => {
      // Focus taken elsewhere on purpose; a null target is an element removed under it.
      if (event.relatedTarget instanceof Node && !rootRef.current?.contains(event.relatedTarget))
        inside.current = false;
    },
    [rootRef],
  );
  return useMemo(() => ({ focusAfterRender, onFocusIn, onBlur }), [focusAfterRender, onFocusIn, onBlur]);
}

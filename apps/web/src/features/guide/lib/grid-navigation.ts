/** Keyboard navigation and focus in the grid (viewing spec section 2), as pure rules. */
import type { DayState, GuideChannel, GuideProgramme } from './programme';
import { indexAt, middleOf, navigate, type Direction, type Slot } from './timeline';

/** A channel's row as the grid needs it: its merged programmes and the state of each day. */
export interface ChannelRow {
  programmes: readonly GuideProgramme[];
  days: readonly (DayState | undefined)[];
}

/** Where focus goes once a new page's rows are there: the programme at `time` in its first or last row. */
export interface PendingFocus {
  row: 'first' | 'last';
  time: number;
}

/** Paging as the keys see it: the page's first channel, the page size and the channel count. */
export interface Paging {
  firstRow: number;
  perPage: number;
  count: number;
}

/** What a key pressed on a focused programme does. */
export type KeyOutcome =
  /** Enter or Space: the overlay opens on it. */
  | { kind: 'open' }
  /** Another programme of the page takes focus; `anchor` is the time an up/down move kept (null after left/right). */
  | { kind: 'focus'; row: number; index: number; anchor: number | null }
  /** Up/down past the page's first or last row: the page turns and focus lands at the same time. */
  | { kind: 'page'; firstRow: number; pending: PendingFocus }
  /** Nowhere to go: said to screen readers. */
  | { kind: 'edge'; message: 'edgeOfRow' | 'edgeOfGuide' };

const ARROWS: Readonly<Record<string, Direction>> = {
  ArrowLeft: 'left',
  ArrowRight: 'right',
  ArrowUp: 'up',
  ArrowDown: 'down',
};

/**
 * The time up/down keep while focus goes on moving up and down: a long programme passed on
 * the way must not pull focus to its own middle, so down then up comes back where it
 * started. It belongs to the programme an up/down move landed on, and goes once focus
 * moves otherwise.
 */
export interface Anchor {
  id: number;
  time: number;
}

/** A programme as the keys see it: its id and its slot. */
export interface ProgrammeSlot extends Slot {
  id: number;
}

/**
 * The outcome of a key on the programme at `at` of the page's rows, with the visible time
 * window and the anchor of the last up/down move; null for keys the grid leaves alone.
 */
export function keyOutcome(
  key: string,
  rows: readonly (readonly ProgrammeSlot[])[],
  at: { row: number; index: number },
  window: Slot,
  paging: Paging,
  anchor: Anchor | null = null,
): KeyOutcome | null {
  const programme = rows[at.row]?.[at.index];
  if (!programme) return null;
  if (key === 'Enter' || key === ' ') return { kind: 'open' };
  const direction = ARROWS[key];
  if (!direction) return null;
  const vertical = direction === 'up' || direction === 'down';
  // The anchor holds while it is on screen; once the grid scrolled away, the programme's visible middle.
  const kept =
    anchor && anchor.id === programme.id && anchor.time >= window.start && anchor.time <= window.end
      ? anchor.time
      : null;
  const time = kept ?? middleOf(programme, window);
  const target = navigate(rows, at, direction, window, time);
  if (target) return { kind: 'focus', ...target, anchor: vertical ? time : null };
  const { firstRow, perPage, count } = paging;
  if (direction === 'up' && firstRow > 0)
    return { kind: 'page', firstRow: Math.max(0, firstRow - perPage), pending: { row: 'last', time } };
  if (direction === 'down' && firstRow + perPage < count)
    return { kind: 'page', firstRow: firstRow + perPage, pending: { row: 'first', time } };
  return { kind: 'edge', message: vertical ? 'edgeOfGuide' : 'edgeOfRow' };
}

/**
 * Where a pending focus lands once the new page's rows arrive: in its first (or last) row
 * with programmes, skipping rows whose days all answered empty; 'wait' while a row it
 * depends on is still coming; null when there is nothing to focus.
 */
export function pendingTarget(
  pending: PendingFocus,
  pageChannels: readonly GuideChannel[],
  rows: ReadonlyMap<number, ChannelRow>,
): { programme: GuideProgramme; channel: GuideChannel } | 'wait' | null {
  if (pageChannels.length === 0) return 'wait';
  const order = pending.row === 'first' ? pageChannels : [...pageChannels].reverse();
  for (const channel of order) {
    const row = rows.get(channel.id);
    if (!row) return 'wait';
    if (row.programmes.length === 0) {
      if (row.days.some((d) => d?.status !== 'ready' && d?.status !== 'error')) return 'wait';
      continue;
    }
    const programme = row.programmes[indexAt(row.programmes, pending.time)];
    return programme ? { programme, channel } : null;
  }
  return null;
}

/** A programme of the page by id, with its channel and place. */
export function findOnPage(
  rowList: readonly (readonly GuideProgramme[])[],
  pageChannels: readonly GuideChannel[],
  id: number,
): { programme: GuideProgramme; channel: GuideChannel; row: number; index: number } | null {
  for (let row = 0; row < pageChannels.length; row += 1) {
    const list = rowList[row] ?? [];
    const index = list.findIndex((p) => p.id === id);
    if (index >= 0)
      return { programme: list[index] as GuideProgramme, channel: pageChannels[row] as GuideChannel, row, index };
  }
  return null;
}

/** The grid's one tab stop (roving tabindex): the focused programme when on this page, else the first row's programme at `time`. */
export function tabStopId(
  rowList: readonly (readonly GuideProgramme[])[],
  focusedId: number | null,
  time: number,
): number | null {
  if (focusedId !== null && rowList.some((list) => list.some((p) => p.id === focusedId))) return focusedId;
  for (const list of rowList) {
    const programme = list[indexAt(list, time)];
    if (programme) return programme.id;
  }
  return null;
}

/**
 * The instant whose programme takes the tab stop: what is on now when now is drawn, else
 * the start of what is drawn (another day). The drawn window reaches hours to each side of
 * the screen, so its start alone would land hours in the past.
 */
export function tabStopTime(now: number, drawnFrom: number, drawnTo: number): number {
  return now >= drawnFrom && now < drawnTo ? now : drawnFrom;
}

/** Busy while a day of the page is still coming, so assistive tech waits for the rows to settle. */
export function pageBusy(pageChannels: readonly GuideChannel[], rows: ReadonlyMap<number, ChannelRow>): boolean {
  return pageChannels.some((channel) => {
    const row = rows.get(channel.id);
    return !row || row.days.some((d) => d === undefined || d.status === 'loading');
  });
}

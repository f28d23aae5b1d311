import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatClock } from '../../../lib/date';
import { addDays, ITEM_HEIGHT, msToPx, pageCount, pxToMs, ROW_HEIGHT, SIDEBAR_WIDTH, slotCount, SLOT_WIDTH, timeToX } from '../lib/geometry';
import type { DayState, GuideChannel, GuideProgramme } from '../lib/programme';
import { indexAt, navigate, type Direction } from '../lib/timeline';
import { useWheelPaging } from '../hooks/use-wheel-paging';
import { GuideRow, type RowLabels } from './guide-row';
import { TimeRuler } from './time-ruler';

/** A channel's row as the grid needs it: its merged programmes and the state of each day. */
export interface ChannelRow {
  programmes: readonly GuideProgramme[];
  days: readonly (DayState | undefined)[];
}

export interface GuideGridProps {
  /** Every channel, in the user's order; only the page's rows are rendered. */
  channels: readonly GuideChannel[];
  /** Local midnights of the days shown, oldest first. */
  days: readonly number[];
  /** The page's rows; channels without one show their days as loading. */
  rows: ReadonlyMap<number, ChannelRow>;
  now: number;
  /** Index of the page's first channel; pages step by `perPage` from it. */
  firstRow: number;
  perPage: number;
  onFirstRowChange: (firstRow: number) => void;
  overlayOpen: boolean;
  selectedId: number | null;
  onOpen: (programme: GuideProgramme, channel: GuideChannel) => void;
  /** Where the left edge of the timeline starts, epoch ms. */
  initialTime: number;
  /** A date-picker jump: scroll so this time is at the left edge (a new object each time). */
  jump?: { time: number } | null;
  /** Reports the time at the left edge after scrolling (throttled by the render chunk). */
  onTimeChange?: (time: number) => void;
  /** Reports which day is in view. */
  onVisibleDayChange?: (day: number) => void;
}

/** Horizontal rendering works in 2-hour chunks: scrolling inside a chunk renders nothing. */
const CHUNK_PX = 2 * SLOT_WIDTH;

/** Where focus goes once a new page's rows are there: the programme at `time` in row `row` of the page. */
interface PendingFocus {
  row: 'first' | 'last';
  time: number;
}

/**
 * The channel sidebar and the timeline: rows are paged ((height − 200) / 72 per page, the
 * wheel turns pages), and only the programmes overlapping the visible hours (rounded out to
 * 2-hour chunks) get DOM nodes, so the DOM stays the same size whatever the number
 * of channels and days.
 */
export function GuideGrid(props: GuideGridProps) {
  const { t, i18n } = useTranslation('guide');
  const { channels, days, rows, now, firstRow, perPage, onFirstRowChange, overlayOpen } = props;
  const page = Math.floor(firstRow / perPage);
  const viewportRef = useRef<HTMLDivElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const origin = days[0] ?? 0;
  const end = addDays(days[days.length - 1] ?? 0, 1);
  const totalWidth = Math.min(msToPx(end - origin), slotCount(days.length) * SLOT_WIDTH);
  const [viewportWidth, setViewportWidth] = useState(1200);
  const [chunk, setChunk] = useState(() => Math.floor(Math.max(0, timeToX(props.initialTime, origin)) / CHUNK_PX));
  const [focusedId, setFocusedId] = useState<number | null>(props.selectedId);
  const [announcement, setAnnouncementState] = useState({ firstRow, text: '' });
  const pendingFocus = useRef<PendingFocus | null>(null);
  const focusAfterRender = useRef(false);
  /** Whether focus was last on a programme (and not moved elsewhere by the user). */
  const focusInside = useRef(false);

  const labels = useMemo<RowLabels>(() => ({ live: t('live'), loading: t('loading'), noData: t('noData'), loadFailed: t('loadFailed') }), [t]);
  const pageChannels = useMemo(() => channels.slice(firstRow, firstRow + perPage), [channels, firstRow, perPage]);
  const pages = pageCount(channels.length, perPage);
  // From the chunk's start to one chunk past the viewport: covers every scroll position
  // inside the chunk, so nothing more is drawn until the next chunk is reached.
  const fromX = chunk * CHUNK_PX;
  const toX = Math.min(totalWidth, (chunk + 1) * CHUNK_PX + viewportWidth);
  const from = origin + pxToMs(fromX);
  const to = origin + pxToMs(toX);

  // Initial position before the first paint; later only jumps move it.
  useLayoutEffect(() => {
    const viewport = viewportRef.current;
    if (!viewport) return;
    viewport.scrollLeft = Math.max(0, timeToX(props.initialTime, origin));
    setViewportWidth(viewport.clientWidth);
    const observer = new ResizeObserver(() => setViewportWidth(viewport.clientWidth));
    observer.observe(viewport);
    return () => observer.disconnect();
    // Mount only: the initial time is read once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // At midnight the oldest day drops out and the timeline's origin moves a day on: keep the
  // same hours on screen by moving the scroll position back by as much.
  const originRef = useRef(origin);
  useLayoutEffect(() => {
    const viewport = viewportRef.current;
    if (viewport && origin !== originRef.current) viewport.scrollLeft = Math.max(0, viewport.scrollLeft - msToPx(origin - originRef.current));
    originRef.current = origin;
  }, [origin]);

  useLayoutEffect(() => {
    if (!props.jump || !viewportRef.current) return;
    viewportRef.current.scrollLeft = Math.max(0, timeToX(props.jump.time, origin));
  }, [props.jump, origin]);

  const { onTimeChange, onVisibleDayChange } = props;
  const onScroll = useCallback(() => {
    const viewport = viewportRef.current;
    if (!viewport) return;
    const next = Math.floor(viewport.scrollLeft / CHUNK_PX);
    setChunk((current) => (current === next ? current : next));
  }, []);
  useEffect(() => {
    const viewport = viewportRef.current;
    if (!viewport) return;
    const left = origin + pxToMs(viewport.scrollLeft);
    onTimeChange?.(left);
    const middle = left + pxToMs(viewport.clientWidth / 2);
    const day = days.findLast((d) => d <= middle);
    if (day !== undefined) onVisibleDayChange?.(day);
  }, [chunk, origin, days, onTimeChange, onVisibleDayChange]);

  useWheelPaging(rootRef, { firstRow, perPage, count: channels.length, overlayOpen, onFirstRowChange });

  // Screen readers hear the focused programme, or which channels a new page shows.
  const pageText = t('pageAnnouncement', { from: firstRow + 1, to: Math.min(channels.length, firstRow + perPage), total: channels.length });
  const liveText = announcement.firstRow === firstRow ? announcement.text : pageText;

  const setAnnouncement = useCallback((text: string) => setAnnouncementState({ firstRow, text }), [firstRow]);

  const rowList = pageChannels.map((channel) => rows.get(channel.id)?.programmes ?? []);

  const visibleWindow = useCallback(() => {
    const viewport = viewportRef.current;
    const left = origin + pxToMs(viewport?.scrollLeft ?? 0);
    return { start: left, end: left + pxToMs(viewport?.clientWidth ?? 0) };
  }, [origin]);

  const focusProgramme = useCallback(
    (programme: GuideProgramme, channel: GuideChannel) => {
      setFocusedId(programme.id);
      focusAfterRender.current = true;
      setAnnouncement(
        `${channel.name}: ${programme.title}, ${formatClock(programme.start)}–${formatClock(programme.end)}${programme.start <= now && now < programme.end ? `, ${t('live')}` : ''}`,
      );
      // Bring it into view: its start when it begins off-screen to the left or right.
      const viewport = viewportRef.current;
      if (!viewport) return;
      const x = timeToX(programme.start, origin);
      const right = x + msToPx(programme.end - programme.start);
      if (x < viewport.scrollLeft || x > viewport.scrollLeft + viewport.clientWidth - 40) {
        viewport.scrollLeft = Math.max(0, right < viewport.scrollLeft + 40 ? x : x - 40);
      }
    },
    [origin, now, t, setAnnouncement],
  );

  // A focus request for a row of a page that just arrived: resolved once the row has programmes.
  useEffect(() => {
    const pending = pendingFocus.current;
    if (!pending || pageChannels.length === 0) return;
    const order = pending.row === 'first' ? pageChannels : [...pageChannels].reverse();
    for (const channel of order) {
      const row = rows.get(channel.id);
      if (!row) return;
      if (row.programmes.length === 0) {
        if (row.days.some((d) => d?.status !== 'ready' && d?.status !== 'error')) return;
        continue;
      }
      const target = row.programmes[indexAt(row.programmes, pending.time)];
      pendingFocus.current = null;
      if (target) focusProgramme(target, channel);
      return;
    }
    pendingFocus.current = null;
  }, [rows, pageChannels, focusProgramme]);

  useEffect(() => {
    // Elements are reused across programmes and rows re-render as days arrive: keep DOM
    // focus on the focused programme, also when its old element went away.
    const active = document.activeElement;
    if (!focusAfterRender.current && focusInside.current && focusedId !== null) {
      const lost = active === null || active === document.body;
      const moved = active instanceof HTMLElement && active.dataset.programmeId !== undefined && Number(active.dataset.programmeId) !== focusedId;
      if (lost || moved) focusAfterRender.current = true;
    }
    if (!focusAfterRender.current) return;
    const element = rootRef.current?.querySelector<HTMLElement>(`[data-programme-id="${focusedId}"]`);
    if (element) {
      focusAfterRender.current = false;
      element.focus({ preventScroll: true });
    }
  });

  function findProgramme(id: number): { programme: GuideProgramme; channel: GuideChannel; row: number; index: number } | null {
    for (let r = 0; r < pageChannels.length; r += 1) {
      const list = rowList[r] ?? [];
      const index = list.findIndex((p) => p.id === id);
      if (index >= 0) return { programme: list[index] as GuideProgramme, channel: pageChannels[r] as GuideChannel, row: r, index };
    }
    return null;
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const direction = ({ ArrowLeft: 'left', ArrowRight: 'right', ArrowUp: 'up', ArrowDown: 'down' } as Record<string, Direction>)[event.key];
    const id = Number((event.target as HTMLElement).dataset.programmeId);
    if (Number.isNaN(id)) return;
    const found = findProgramme(id);
    if (!found) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      props.onOpen(found.programme, found.channel);
      return;
    }
    if (!direction) return;
    event.preventDefault();
    const window = visibleWindow();
    const target = navigate(rowList, { row: found.row, index: found.index }, direction, window);
    if (target) {
      const programme = rowList[target.row]?.[target.index];
      const channel = pageChannels[target.row];
      if (programme && channel) focusProgramme(programme, channel);
      return;
    }
    // Past the page's first or last row: the next page, at the same time.
    const middle = (Math.max(found.programme.start, window.start) + Math.min(found.programme.end, window.end)) / 2;
    if (direction === 'up' && firstRow > 0) {
      pendingFocus.current = { row: 'last', time: middle };
      onFirstRowChange(Math.max(0, firstRow - perPage));
    } else if (direction === 'down' && firstRow + perPage < channels.length) {
      pendingFocus.current = { row: 'first', time: middle };
      onFirstRowChange(firstRow + perPage);
    } else {
      setAnnouncement(t(direction === 'left' || direction === 'right' ? 'edgeOfRow' : 'edgeOfGuide'));
    }
  }

  function onFocus(event: FocusEvent<HTMLDivElement>) {
    const id = Number((event.target as HTMLElement).dataset.programmeId);
    if (Number.isNaN(id)) return;
    focusInside.current = true;
    if (id !== focusedId) setFocusedId(id);
  }

  function onBlur(event: FocusEvent<HTMLDivElement>) {
    // Focus taken elsewhere on purpose; a null target is an element removed under it.
    if (event.relatedTarget instanceof Node && !rootRef.current?.contains(event.relatedTarget)) focusInside.current = false;
  }

  function onClick(event: React.MouseEvent<HTMLDivElement>) {
    const button = (event.target as HTMLElement).closest<HTMLElement>('[data-programme-id]');
    if (!button) return;
    const found = findProgramme(Number(button.dataset.programmeId));
    if (!found) return;
    setFocusedId(found.programme.id);
    props.onOpen(found.programme, found.channel);
  }

  // The row's tab stop: the focused programme if on this page, else the first visible one.
  const focusedOnPage = focusedId !== null && rowList.some((list) => list.some((p) => p.id === focusedId));
  let tabStopId = focusedOnPage ? focusedId : null;
  if (tabStopId === null) {
    const start = origin + pxToMs(chunk * CHUNK_PX);
    for (const list of rowList) {
      const p = list[indexAt(list, start)];
      if (p) {
        tabStopId = p.id;
        break;
      }
    }
  }

  // Busy while a day of the page is still coming, so assistive tech waits for the rows to settle.
  const busy = pageChannels.some((channel) => {
    const row = rows.get(channel.id);
    return !row || row.days.some((d) => d === undefined || d.status === 'loading');
  });
  const nowX = timeToX(now, origin);
  const bodyHeight = pageChannels.length * ROW_HEIGHT;
  return (
    <div
      ref={rootRef}
      className="guide-grid"
      aria-busy={busy}
      style={{ ['--guide-sidebar' as string]: `${SIDEBAR_WIDTH}px`, ['--guide-row' as string]: `${ROW_HEIGHT}px`, ['--guide-ruler' as string]: `${ITEM_HEIGHT}px` }}
    >
      <div className="guide-grid__sidebar">
        <div className="guide-grid__corner">
          <span className="guide-grid__page">{t('page', { page: page + 1, pages })}</span>
        </div>
        <ul className="guide-channels" aria-label={t('channels')}>
          {pageChannels.map((channel, r) => (
            <li key={r} className="guide-channel" title={channel.name}>
              <img className="guide-channel__logo" src={channel.logo} alt="" loading="lazy" decoding="async" />
              <span className="guide-channel__number" aria-hidden="true">{channel.number}</span>
              <span className="visually-hidden">{channel.name}</span>
            </li>
          ))}
        </ul>
      </div>
      <div ref={viewportRef} className="guide-grid__viewport" onScroll={onScroll} onKeyDown={onKeyDown} onClick={onClick} onFocus={onFocus} onBlur={onBlur}>
        <div className="guide-grid__canvas" style={{ width: totalWidth }}>
          <TimeRuler origin={origin} from={from} to={to} end={end} language={i18n.language} />
          <div className="guide-grid__rows" style={{ height: bodyHeight }}>
            {pageChannels.map((channel, r) => {
              const row = rows.get(channel.id);
              return (
                <GuideRow
                  // By position on the page, so a new page updates the rows rather than rebuilding them.
                  key={r}
                  channelName={channel.name}
                  programmes={row?.programmes ?? []}
                  dayStates={row?.days ?? []}
                  days={days}
                  origin={origin}
                  from={from}
                  to={to}
                  now={now}
                  top={r * ROW_HEIGHT}
                  focusedId={focusedId}
                  tabStopId={tabStopId}
                  selectedId={props.selectedId}
                  labels={labels}
                />
              );
            })}
            {!overlayOpen && nowX >= 0 && nowX <= totalWidth ? (
              <div className="guide-now" style={{ transform: `translateX(${nowX}px)` }} data-testid="guide-now-line">
                <span className="guide-now__label">{formatClock(now)}</span>
              </div>
            ) : null}
          </div>
        </div>
      </div>
      <div className="visually-hidden" aria-live="polite" aria-atomic="true">
        {liveText}
      </div>
    </div>
  );
}

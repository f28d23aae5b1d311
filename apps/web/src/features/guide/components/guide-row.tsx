import { memo, type ReactNode } from 'react';
import { formatClock } from '../../../lib/date';
import { addDays, hasReducedPadding, isLive, msToPx, timeToX } from '../lib/geometry';
import type { DayState, GuideProgramme } from '../lib/programme';
import { visibleRange } from '../lib/timeline';
import { BellIcon, type ProgrammeMark } from '../../recordings';

export interface GuideRowProps {
  channelName: string;
  /** The channel's catch-up window in hours (0: none), for the catch-up mark. */
  catchupHours?: number;
  /** Recording marks by programme id. */
  marks?: ReadonlyMap<number, ProgrammeMark>;
  programmes: readonly GuideProgramme[];
  dayStates: readonly (DayState | undefined)[];
  days: readonly number[];
  origin: number;
  /** The time window to render, epoch ms: only programmes overlapping it get DOM nodes. */
  from: number;
  to: number;
  now: number;
  top: number;
  focusedId: number | null;
  /** The programme that takes the row's tab stop when the focused one is elsewhere. */
  tabStopId: number | null;
  selectedId: number | null;
  /** Translated once by the grid: i18next lookups per programme would dominate a page turn. */
  labels: RowLabels;
}

export interface RowLabels {
  live: string;
  loading: string;
  noData: string;
  loadFailed: string;
  recorded: string;
  scheduled: string;
  reminder: string;
  catchup: string;
}

/** The small marks at a programme's end: recorded, scheduled, reminder, catch-up available. */
function ProgrammeMarks({ mark, catchup, labels }: { mark?: ProgrammeMark; catchup: boolean; labels: RowLabels }) {
  const items: [string, ReactNode, string][] = [];
  if (mark?.recorded) items.push(['recorded', '●', labels.recorded]);
  else if (mark?.scheduled) items.push(['scheduled', '◔', labels.scheduled]);
  if (mark?.reminder) items.push(['reminder', <BellIcon />, labels.reminder]);
  if (catchup) items.push(['catchup', '↺', labels.catchup]);
  if (items.length === 0) return null;
  return (
    <span className="guide-programme__marks">
      {items.map(([kind, icon, label]) => (
        <span key={kind} className={`guide-mark guide-mark--${kind}`} data-mark={kind} title={label}>
          <span aria-hidden="true">{icon}</span>
          <span className="visually-hidden">, {label}</span>
        </span>
      ))}
    </span>
  );
}

/**
 * Programme keys cycle by list index: rendered programmes are a contiguous index range shorter
 * than this, so keys stay unique in a row, a programme keeps its element while time scrolls,
 * and a new page of channels reuses the elements of the old one instead of rebuilding them.
 */
const KEY_CYCLE = 256;
/** Spec: id_parental 7 is adult. */
const ADULT_PARENTAL = 7;

/** One channel's visible programmes, plus a block per visible day still loading or without data. */
export const GuideRow = memo(function GuideRow(props: GuideRowProps) {
  const { programmes, dayStates, days, origin, from, to, now, top, labels } = props;
  const [first, last] = visibleRange(programmes, from, to);
  const items = [];
  for (let i = first; i < last; i += 1) {
    const p = programmes[i] as GuideProgramme;
    const left = timeToX(p.start, origin);
    const width = msToPx(p.end - p.start);
    const live = isLive(now, p.start, p.end);
    const ended = p.end <= now;
    const classes = ['guide-programme'];
    if (hasReducedPadding(width)) classes.push('guide-programme--narrow');
    if (live) classes.push('guide-programme--live');
    else if (ended) classes.push('guide-programme--past');
    if (p.id === props.selectedId) classes.push('guide-programme--selected');
    const from = formatClock(p.start);
    const until = formatClock(p.end);
    // The visible text names the programme; live ones add a hidden word for screen readers.
    items.push(
      <button
        key={i % KEY_CYCLE}
        type="button"
        className={classes.join(' ')}
        style={{ left, width }}
        data-programme-id={p.id}
        tabIndex={p.id === props.tabStopId ? 0 : -1}
        aria-current={p.id === props.selectedId ? 'true' : undefined}
      >
        <span className="guide-programme__title">
          {/* Spec: id_parental 7 shows the adult icon, in the grid as in the overlay. */}
          {p.epg.id_parental === ADULT_PARENTAL ? (
            <span className="guide-badge guide-badge--adult guide-programme__adult">+18</span>
          ) : null}
          {p.title}
        </span>
        <span className="guide-programme__time">
          {from} – {until}
          {live ? <span className="visually-hidden">, {labels.live}</span> : null}
          <ProgrammeMarks
            mark={props.marks?.get(p.id)}
            catchup={ended && (props.catchupHours ?? 0) > 0 && now - p.end <= (props.catchupHours ?? 0) * 3_600_000}
            labels={labels}
          />
        </span>
        {live ? (
          <span
            className="guide-programme__progress"
            style={{ width: `${((now - p.start) / (p.end - p.start)) * 100}%` }}
          />
        ) : null}
      </button>,
    );
  }
  // Days without programmes show why: still loading, no data, or failed.
  days.forEach((day, d) => {
    const state = dayStates[d];
    if (state?.status === 'ready' && state.programmes.length > 0) return;
    const dayEnd = addDays(day, 1);
    const start = Math.max(day, from);
    const end = Math.min(dayEnd, to);
    if (end <= start) return;
    const kind =
      state === undefined || state.status === 'loading' ? 'loading' : state.status === 'error' ? 'error' : 'empty';
    items.push(
      <div
        key={`day-${day}`}
        className={`guide-day-block guide-day-block--${kind}`}
        style={{ left: timeToX(start, origin), width: msToPx(end - start) }}
      >
        {kind === 'loading' ? (
          <span className="visually-hidden">{labels.loading}</span>
        ) : (
          <span className="guide-day-block__text">{kind === 'error' ? labels.loadFailed : labels.noData}</span>
        )}
      </div>,
    );
  });
  return (
    <div
      className="guide-row"
      role="group"
      aria-label={props.channelName}
      style={{ transform: `translateY(${top}px)` }}
    >
      {items}
    </div>
  );
});

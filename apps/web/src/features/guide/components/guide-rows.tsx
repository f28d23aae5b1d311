import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatClock } from '../../../lib/date';
import { ROW_HEIGHT, timeToX } from '../lib/geometry';
import type { ChannelRow } from '../lib/grid-navigation';
import type { GuideChannel } from '../lib/programme';
import { visibleRange } from '../lib/timeline';
import { useRecordingMarks } from '../../recordings';
import { GuideRow, type RowLabels } from './guide-row';

export interface GuideRowsProps {
  pageChannels: readonly GuideChannel[];
  rows: ReadonlyMap<number, ChannelRow>;
  days: readonly number[];
  /** The timeline's origin and width. */
  origin: number;
  width: number;
  /** The window of time drawn. */
  from: number;
  to: number;
  now: number;
  focusedId: number | null;
  tabStopId: number | null;
  selectedId: number | null;
  /** The overlay hides the current-time line (spec section 4). */
  overlayOpen: boolean;
}

/** The page's rows of programmes, and the current-time line over them. */
export function GuideRows({
  pageChannels,
  rows,
  days,
  origin,
  width,
  from,
  to,
  now,
  focusedId,
  tabStopId,
  selectedId,
  overlayOpen,
}: GuideRowsProps) {
  const { t } = useTranslation('guide');
  const labels = useMemo<RowLabels>(
    () => ({
      live: t('live'),
      loading: t('loading'),
      noData: t('noData'),
      loadFailed: t('loadFailed'),
      recorded: t('rec.marks.recorded'),
      scheduled: t('rec.marks.scheduled'),
      reminder: t('rec.marks.reminder'),
      catchup: t('rec.marks.catchup'),
    }),
    [t],
  );
  // Marks (recorded, scheduled, reminder) of the programmes drawn on this page only.
  const visibleIds = useMemo(
    () =>
      pageChannels.flatMap((channel) => {
        const programmes = rows.get(channel.id)?.programmes ?? [];
        const [first, last] = visibleRange(programmes, from, to);
        return programmes.slice(first, last).map((p) => p.id);
      }),
    [pageChannels, rows, from, to],
  );
  const marks = useRecordingMarks(visibleIds);
  const nowX = timeToX(now, origin);
  return (
    <div className="guide-grid__rows" style={{ height: pageChannels.length * ROW_HEIGHT }}>
      {pageChannels.map((channel, r) => {
        const row = rows.get(channel.id);
        return (
          <GuideRow
            // By position on the page, so a new page updates the rows rather than rebuilding them.
            key={r}
            channelName={channel.name}
            catchupHours={channel.catchupHours}
            marks={marks}
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
            selectedId={selectedId}
            labels={labels}
          />
        );
      })}
      {!overlayOpen && nowX >= 0 && nowX <= width ? (
        <div className="guide-now" style={{ transform: `translateX(${nowX}px)` }} data-testid="guide-now-line">
          <span className="guide-now__label">{formatClock(now)}</span>
        </div>
      ) : null}
    </div>
  );
}

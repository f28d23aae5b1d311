import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ITEM_HEIGHT, pageCount, ROW_HEIGHT, SIDEBAR_WIDTH } from '../lib/geometry';
import { pageBusy, tabStopId, tabStopTime, type ChannelRow } from '../lib/grid-navigation';
import type { GuideChannel, GuideProgramme } from '../lib/programme';
import { useAnnouncer } from '../hooks/use-announcer';
import { useGridFocus } from '../hooks/use-grid-focus';
import { useTimeline } from '../hooks/use-timeline';
import { useRowsTop } from '../hooks/use-rows-top';
import { useWheelPaging } from '../hooks/use-wheel-paging';
import { ChannelSidebar, type ChannelStars } from './channel-sidebar';
import { GuideRows } from './guide-rows';
import { TimeRuler } from './time-ruler';

export type { ChannelRow };

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
  /** Favourite stars on the channel column (issue 30); none without. */
  stars?: ChannelStars;
  /** Reports where the first row begins once laid out, and again when that moves. */
  onRowsTop?: (px: number) => void;
}

/**
 * The channel sidebar and the timeline: rows are paged ((height − 200) / 72 per page, the
 * wheel turns pages), and only the programmes overlapping the visible hours (rounded out to
 * 2-hour chunks) get DOM nodes, so the DOM stays the same size whatever the number of
 * channels and days. The parts: the viewport (useTimeline), keyboard and focus
 * (useGridFocus), paging (useWheelPaging), the rows (GuideRows) and the live region.
 */
export function GuideGrid(props: GuideGridProps) {
  const { t, i18n } = useTranslation('guide');
  const { channels, days, rows, now, firstRow, perPage, onFirstRowChange, overlayOpen, selectedId } = props;
  const rootRef = useRef<HTMLDivElement>(null);
  const { viewportRef, onScroll, visibleWindow, reveal, ...timeline } = useTimeline(props);
  const pageChannels = useMemo(() => channels.slice(firstRow, firstRow + perPage), [channels, firstRow, perPage]);
  const rowList = pageChannels.map((channel) => rows.get(channel.id)?.programmes ?? []);
  const paging = { firstRow, perPage, count: channels.length, onFirstRowChange };
  useWheelPaging(rootRef, { ...paging, overlayOpen });
  useRowsTop(rootRef, props.onRowsTop);
  // Screen readers hear the focused programme, or which channels a new page shows.
  const live = useAnnouncer(
    firstRow,
    t('pageAnnouncement', {
      from: firstRow + 1,
      to: Math.min(channels.length, firstRow + perPage),
      total: channels.length,
    }),
  );
  const focus = useGridFocus({
    rootRef,
    pageChannels,
    rows,
    rowList,
    paging,
    now,
    selectedId,
    timeline: { visibleWindow, reveal },
    onOpen: props.onOpen,
    announce: live.announce,
  });

  return (
    <div
      ref={rootRef}
      className="guide-grid"
      aria-busy={pageBusy(pageChannels, rows)}
      style={{
        ['--guide-sidebar' as string]: `${SIDEBAR_WIDTH}px`,
        ['--guide-row' as string]: `${ROW_HEIGHT}px`,
        ['--guide-ruler' as string]: `${ITEM_HEIGHT}px`,
      }}
    >
      <ChannelSidebar
        pageChannels={pageChannels}
        page={Math.floor(firstRow / perPage) + 1}
        pages={pageCount(channels.length, perPage)}
        stars={props.stars}
      />
      <div ref={viewportRef} className="guide-grid__viewport" onScroll={onScroll} {...focus.handlers}>
        <div className="guide-grid__canvas" style={{ width: timeline.width }}>
          <TimeRuler
            origin={timeline.origin}
            from={timeline.from}
            to={timeline.to}
            end={timeline.end}
            language={i18n.language}
          />
          <GuideRows
            pageChannels={pageChannels}
            rows={rows}
            days={days}
            origin={timeline.origin}
            width={timeline.width}
            from={timeline.from}
            to={timeline.to}
            now={now}
            focusedId={focus.focusedId}
            // The tab stop: the focused programme if on this page, else what is on now on the page's first channel.
            tabStopId={tabStopId(rowList, focus.focusedId, tabStopTime(now, timeline.from, timeline.to))}
            selectedId={selectedId}
            overlayOpen={overlayOpen}
          />
        </div>
      </div>
      <div className="visually-hidden" aria-live="polite" aria-atomic="true">
        {live.text}
      </div>
    </div>
  );
}

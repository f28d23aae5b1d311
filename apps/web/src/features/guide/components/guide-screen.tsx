import {
  useCallback,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type Dispatch,
  type SetStateAction,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { NO_GUIDE_FILTER, type GuideFilter, type GuideSearchHit } from '@pantalla/contracts';
import { Link, Navigate, useNavigate } from 'react-router';
import { useUserInfo } from '../../account';
import { useCatalogueLoad, useChannels } from '../../../lib/catalogue';
import { useChannelDial } from '../../../lib/channel-dial/use-channel-dial';
import { currentProfile } from '../../../lib/current-profile';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { OperatorLogo } from '../../../ui/brand';
import { Spinner } from '../../../ui/spinner';
import { favouriteChannelsQueryOptions, useFavouriteChannels } from '../api/favourites';
import { guideFilterQueryOptions, useGuideFilter, useShownGenreChannels } from '../api/guide-filter';
import { useGuideClock } from '../hooks/use-guide-clock';
import { useGuideData } from '../hooks/use-guide-data';
import { useWindowHeight } from '../hooks/use-window-height';
import {
  dayKey,
  keepRowVisible,
  OVERLAY_HEIGHT,
  overlayMaxHeight,
  rowsPerPage,
  startOfDay,
  stepBackRow,
  type PageLayout,
} from '../lib/geometry';
import { profileKeyOf } from '../lib/favourites-filter';
import { filterActive, filterChannels } from '../lib/guide-filter';
import { guideChannels, guideOpening, LEAD_MS, openingTime } from '../lib/opening';
import { mergeDays, type DayState, type GuideChannel, type GuideProgramme } from '../lib/programme';
import { readSavedGuide, writeSavedGuide } from '../lib/saved-state';
import { DatePicker } from './date-picker';
import { GuideDialOsd } from './guide-dial-osd';
import { GuideFilters } from './guide-filters';
import { ZapWithinContext } from './zap-within-context';
import type { ChannelStars } from './channel-sidebar';
import { GuideGrid, type ChannelRow } from './guide-grid';
import { GuideSearch, type GuideSearchProps } from './guide-search';
import { ProgrammeOverlay } from './programme-overlay';
import { ReminderNotice } from '../../recordings';

/** The TV guide at /epg/ and /epg1/: header with date picker and close, the grid, the detail overlay. */
export function GuideScreen() {
  const user = useUserInfo();
  const navigate = useNavigate();
  const { lineup, loadDone } = useCatalogueLoad({ regionId: user?.regionId ?? null, enabled: user !== null });
  const channelsQuery = useChannels(lineup?.id, loadDone);
  const channelOrder = user?.channelOrder;
  const channels = useMemo(
    () => guideChannels(channelsQuery.data?.resources ?? [], channelOrder ?? []),
    [channelsQuery.data, channelOrder],
  );
  // The profile this device watches as (its favourites and remembered filter); the first until one is chosen.
  const profileId = useSyncExternalStore(currentProfile.subscribe, () => currentProfile.of(user?.email)?.id ?? null);
  const profileKey = user ? profileKeyOf(user, profileId) : null;
  // The filter and the stars are asked beside the lineup's channels, not once those have come
  // (10,000 channels take a while): the filtered page is then asked as soon as they arrive.
  const client = useQueryClient();
  useEffect(() => {
    if (profileKey === null) return;
    void client.prefetchQuery(guideFilterQueryOptions(profileKey));
    void client.prefetchQuery(favouriteChannelsQueryOptions(profileKey));
  }, [client, profileKey]);
  const noGuide = channelsQuery.isError || (channelsQuery.isSuccess && channels.length === 0);
  // Spec: without guide data the app resets to its entry page.
  useEffect(() => {
    if (noGuide) void navigate('/', { replace: true });
  }, [noGuide, navigate]);

  // Spec: without user info the app resets too.
  if (!user) return <Navigate to="/" replace />;
  if (channels.length === 0 || profileKey === null) return <GuideSpinner />;
  return <GuideFiltered key={profileKey} channels={channels} profileKey={profileKey} />;
}

function GuideSpinner() {
  const { t } = useTranslation('guide');
  return (
    <div className="guide guide--loading">
      <Spinner label={t('loadingGuide')} />
    </div>
  );
}

/** The guide's filters (issue 30): favourites, a channel group, a programme genre; remembered per profile on the server. */
export interface GuideFilterControls {
  filter: GuideFilter;
  change: (patch: Partial<GuideFilter>) => void;
}

/**
 * Stars and the filters. The grid is built anew when the filtered list changes (its page and
 * opening follow the new channel list); a player opened from a filtered guide zaps within it.
 */
function GuideFiltered({ channels, profileKey }: { channels: GuideChannel[]; profileKey: string }) {
  const { favourites, ready, failed, toggle } = useFavouriteChannels(profileKey);
  const { filter, settled, change: changeFilter } = useGuideFilter(profileKey);
  // A new filter's list opens at its first row: the saved row and programme were of another list.
  const change = useCallback(
    (patch: Partial<GuideFilter>) => {
      const saved = readSavedGuide();
      if (saved) writeSavedGuide({ ...saved, page: 1, firstRow: 0, selected: null });
      changeFilter(patch);
    },
    [changeFilter],
  );
  // The genre looks at the hours the guide shows (the day picked, where it scrolled), not at now.
  const [opensAt] = useState(() => openingTime(readSavedGuide(), Date.now()));
  const { query: genre, onShownTime } = useShownGenreChannels(filter.genreId, opensAt);
  const genreIds = genre.data?.channelIds;
  const genreChannels = useMemo(() => (genreIds ? new Set(genreIds) : null), [genreIds]);
  const controls = useMemo<GuideFilterControls>(() => ({ filter, change }), [filter, change]);
  const stars = useMemo<ChannelStars>(() => ({ favourites, onToggle: toggle }), [favourites, toggle]);
  const shown = useMemo(
    () => filterChannels(channels, filter, { favourites: ready ? favourites : null, genreChannels }),
    [channels, filter, ready, favourites, genreChannels],
  );
  const zapWithin = useMemo(() => (filterActive(filter) ? shown.map((c) => c.id) : null), [filter, shown]);
  const waiting =
    !settled ||
    (filter.favourites && !ready && !failed) ||
    (filter.genreId !== null && !genre.isSuccess && !genre.isError);
  if (waiting) return <GuideSpinner />;
  if (shown.length === 0) return <NoChannels controls={controls} />;
  return (
    <ZapWithinContext value={zapWithin}>
      <GuideLoaded
        key={`${filter.favourites}.${filter.groupId}.${filter.genreId}`}
        channels={shown}
        stars={stars}
        controls={controls}
        profileKey={profileKey}
        onShownTime={onShownTime}
      />
    </ZapWithinContext>
  );
}

/** No channel passes the filters: say why (how to star, when only favourites), and offer every channel again. */
function NoChannels({ controls }: { controls: GuideFilterControls }) {
  const { t } = useTranslation('guide');
  useDocumentTitle(t('title'));
  const { filter } = controls;
  const onlyFavourites = filter.favourites && filter.groupId === null && filter.genreId === null;
  return (
    <div className="guide">
      <header className="guide__header">
        <Link className="guide__close" to="/" aria-label={t('close')}>
          <span aria-hidden="true">✕</span>
        </Link>
        <h1 className="guide__title">{t('title')}</h1>
        <GuideFilters controls={controls} />
      </header>
      <main id="main" className="guide__main guide__empty">
        <p>{t(onlyFavourites ? 'favourites.none' : 'filters.none')}</p>
        <button type="button" className="btn btn--primary" onClick={() => controls.change(NO_GUIDE_FILTER)}>
          {t('favourites.showAll')}
        </button>
      </main>
    </div>
  );
}

/** A programme the user picked (or the saved one, until its row arrives). */
interface Selection {
  channelId: number;
  programmeId: number;
  start: number;
  found?: { programme: GuideProgramme; channel: GuideChannel };
}

function GuideLoaded({
  channels,
  stars,
  controls,
  profileKey,
  onShownTime,
}: {
  channels: GuideChannel[];
  stars: ChannelStars;
  controls: GuideFilterControls;
  profileKey: string;
  /** The time at the grid's left edge, each time it moves on (the genre filter follows it). */
  onShownTime: (time: number) => void;
}) {
  const { now, days } = useGuideClock();
  const [saved] = useState(readSavedGuide);
  const height = useWindowHeight();
  // Where the guide opens: the rule the start-up load filled its page by (`prefill.ts`).
  const [opening] = useState(() => guideOpening({ saved, channelCount: channels.length, height, now }));
  const [selection, setSelection] = useState<Selection | null>(saved?.selected ?? null);
  const overlayOpen = selection !== null;
  const [firstRow, setFirstRow] = useState(opening.firstRow);
  const selectedRow = selection ? channels.findIndex((c) => c.id === selection.channelId) : -1;
  const { layout, onOverlayHeight, onRowsTop } = usePageLayout(selectedRow, setFirstRow);
  const perPage = rowsPerPage(height, overlayOpen, layout);
  // Fewer channels than the saved page needs: out of range steps back one page.
  const currentRow = stepBackRow(firstRow, channels.length, perPage);
  if (currentRow !== firstRow) setFirstRow(currentRow);

  const initialTime = opening.time;
  const [jump, setJump] = useState<{ time: number } | null>(null);
  const [visibleDay, setVisibleDay] = useState(opening.day);
  const [leftTime, setLeftTime] = useState(initialTime);
  const onTimeChange = useCallback(
    (time: number) => {
      setLeftTime(time);
      onShownTime(time);
    },
    [onShownTime],
  );
  const { pageIds, rows } = usePageRows(channels, currentRow, perPage, days, visibleDay);
  const overlay = useOverlay({ selection, setSelection, channels, rows, pageIds, setFirstRow, layout });
  // A channel number typed here brings its row to the top, as the player's dial tunes it (issue 30).
  const dial = useChannelDial(true, channels, channels[currentRow]?.id ?? null, (id) => {
    const row = channels.findIndex((c) => c.id === id);
    if (row >= 0) setFirstRow(row);
    return row >= 0;
  });

  // Saved on every change, so leaving by any route (close, back, a player link) keeps it.
  useEffect(() => {
    const kept = selection
      ? { channelId: selection.channelId, programmeId: selection.programmeId, start: selection.start }
      : null;
    writeSavedGuide({
      page: Math.floor(currentRow / perPage) + 1,
      firstRow: currentRow,
      selected: kept,
      time: leftTime,
    });
  }, [currentRow, perPage, selection, leftTime]);

  const onPickDay = useCallback(
    (day: number) => {
      setVisibleDay(day);
      setJump({ time: dayKey(day) === dayKey(now) ? Math.max(day, now - LEAD_MS) : day });
    },
    [now],
  );

  // A search hit (issue 30): its day and time in view, its channel's row on the page, its detail open.
  const onSearchJump = (hit: GuideSearchHit) => {
    const row = channels.findIndex((c) => c.id === hit.channelId);
    if (row < 0) return;
    const day = startOfDay(hit.startTime);
    setVisibleDay(day);
    setJump({ time: Math.max(day, hit.startTime - LEAD_MS) });
    setFirstRow((first) => keepRowVisible(first, row, rowsPerPage(window.innerHeight, true, layout)));
    setSelection({ channelId: hit.channelId, programmeId: hit.eventId, start: hit.startTime });
  };
  const shownIds = new Set(channels.map((c) => c.id));
  const search: GuideSearchProps = { profileKey, listed: (id) => shownIds.has(id), onJump: onSearchJump };

  return (
    <div className="guide" data-overlay={overlayOpen ? 'open' : 'closed'}>
      <GuideHeader
        days={days}
        now={now}
        visibleDay={visibleDay}
        onPickDay={onPickDay}
        controls={controls}
        search={search}
      />
      <main id="main" className="guide__main" aria-describedby="guide-help">
        <GuideGrid
          channels={channels}
          days={days}
          rows={rows}
          now={now}
          firstRow={currentRow}
          perPage={perPage}
          onFirstRowChange={setFirstRow}
          overlayOpen={overlayOpen}
          selectedId={overlay.selectedId}
          onOpen={overlay.onOpen}
          initialTime={initialTime}
          jump={jump}
          onTimeChange={onTimeChange}
          onVisibleDayChange={setVisibleDay}
          stars={stars}
          onRowsTop={onRowsTop}
        />
      </main>
      {overlay.selected ? (
        <ProgrammeOverlay
          programme={overlay.selected.programme}
          channel={overlay.selected.channel}
          now={now}
          onClose={overlay.onClose}
          onHeight={onOverlayHeight}
          maxHeight={layout.rowsTop == null ? undefined : overlayMaxHeight(height, layout.rowsTop)}
        />
      ) : null}
      <GuideDialOsd dial={dial} />
      {/* The guide is full screen, outside the main layout: reminders show here too (issue 29). */}
      <ReminderNotice />
    </div>
  );
}

/**
 * The page's layout as measured: the overlay's height (the spec's 220 px until laid out; a phone's
 * grows with its buttons) and where the grid's rows begin (a phone's header wraps taller than the
 * spec's 200 px allow). Either changing keeps the chosen channel's row above the panel.
 */
function usePageLayout(selectedRow: number, setFirstRow: Dispatch<SetStateAction<number>>) {
  const [overlayHeight, setOverlayHeight] = useState(OVERLAY_HEIGHT);
  const [rowsTop, setRowsTop] = useState<number | null>(null);
  const keepSelectedRow = useCallback(
    (panel: number, top: number | null) => {
      if (selectedRow < 0) return;
      const fit = rowsPerPage(window.innerHeight, true, { overlayHeight: panel, rowsTop: top });
      setFirstRow((first) => keepRowVisible(first, selectedRow, fit));
    },
    [selectedRow, setFirstRow],
  );
  const onOverlayHeight = useCallback(
    (px: number) => {
      setOverlayHeight(px);
      keepSelectedRow(px, rowsTop);
    },
    [keepSelectedRow, rowsTop],
  );
  const onRowsTop = useCallback(
    (px: number) => {
      setRowsTop(px);
      keepSelectedRow(overlayHeight, px);
    },
    [keepSelectedRow, overlayHeight],
  );
  const layout = useMemo<PageLayout>(() => ({ overlayHeight, rowsTop }), [overlayHeight, rowsTop]);
  return { layout, onOverlayHeight, onRowsTop };
}

/** Close, the title, the date picker and 'now'; the keyboard help screen readers hear. */
function GuideHeader({
  days,
  now,
  visibleDay,
  onPickDay,
  controls,
  search,
}: {
  days: readonly number[];
  now: number;
  visibleDay: number;
  onPickDay: (day: number) => void;
  controls: GuideFilterControls;
  search: GuideSearchProps;
}) {
  const { t } = useTranslation('guide');
  const user = useUserInfo();
  useDocumentTitle(t('title'));
  return (
    <>
      <header className="guide__header">
        <Link className="guide__close" to="/" aria-label={t('close')}>
          <span aria-hidden="true">✕</span>
        </Link>
        {/* Spec: the operator's 3002 logo heads the guide. */}
        <span className="guide__logo">
          <OperatorLogo skin={user?.skin} type={3002} />
        </span>
        <h1 className="guide__title">{t('title')}</h1>
        <DatePicker days={days} now={now} value={visibleDay} onChange={onPickDay} />
        <GuideFilters controls={controls} />
        <GuideSearch {...search} />
        <button type="button" className="btn btn--secondary guide__now" onClick={() => onPickDay(startOfDay(now))}>
          {t('now')}
        </button>
      </header>
      <p id="guide-help" className="visually-hidden">
        {t('keyboardHelp')}
      </p>
    </>
  );
}

/**
 * The page's rows, fetched per channel and day from the day in view. The next page's day in
 * view comes along (queued after this page's), so the wheel turns to a filled page; it is
 * cancelled like the rest once no longer ahead.
 */
function usePageRows(
  channels: readonly GuideChannel[],
  firstRow: number,
  perPage: number,
  days: readonly number[],
  visibleDay: number,
) {
  const pageIds = useMemo(
    () => channels.slice(firstRow, firstRow + perPage).map((c) => c.id),
    [channels, firstRow, perPage],
  );
  const dayInView = Math.max(0, days.indexOf(visibleDay));
  const dayStates = useGuideData(pageIds, days, dayInView);
  const nextIds = useMemo(
    () => channels.slice(firstRow + perPage, firstRow + 2 * perPage).map((c) => c.id),
    [channels, firstRow, perPage],
  );
  const dayInViewOnly = useMemo(() => days.slice(dayInView, dayInView + 1), [days, dayInView]);
  useGuideData(nextIds, dayInViewOnly);
  return { pageIds, rows: useRows(dayStates) };
}

interface OverlayInput {
  selection: Selection | null;
  setSelection: (selection: Selection | null) => void;
  channels: readonly GuideChannel[];
  rows: ReadonlyMap<number, ChannelRow>;
  pageIds: readonly number[];
  setFirstRow: Dispatch<SetStateAction<number>>;
  layout: PageLayout;
}

/**
 * The detail overlay's wiring: which programme it shows (the one picked, or the saved one
 * once its row has it), opening it (keeping the channel's row on screen above it) and
 * closing it (by Escape too), focus going back to the programme.
 */
function useOverlay({ selection, setSelection, channels, rows, pageIds, setFirstRow, layout }: OverlayInput) {
  const { overlayHeight, rowsTop } = layout;
  let selected = selection?.found ?? null;
  if (selection && !selected) {
    const channel = channels.find((c) => c.id === selection.channelId);
    const row = rows.get(selection.channelId);
    const programme = row?.programmes.find((p) => p.id === selection.programmeId);
    if (channel && programme) selected = { programme, channel };
    // Gone from the guide, off this page, or not in its row once every day answered: nothing to reopen.
    else if (
      !channel ||
      !pageIds.includes(channel.id) ||
      (row && row.days.every((d) => d?.status === 'ready' || d?.status === 'error'))
    )
      setSelection(null);
  }

  const onOpen = useCallback(
    (programme: GuideProgramme, channel: GuideChannel) => {
      setSelection({
        channelId: channel.id,
        programmeId: programme.id,
        start: programme.start,
        found: { programme, channel },
      });
      // The overlay takes 3 rows (more on a phone): keep the chosen channel's row on screen.
      const row = channels.indexOf(channel);
      setFirstRow((first) =>
        keepRowVisible(first, row, rowsPerPage(window.innerHeight, true, { overlayHeight, rowsTop })),
      );
    },
    [channels, setSelection, setFirstRow, overlayHeight, rowsTop],
  );
  const selectedId = selection?.programmeId ?? null;
  const onClose = useCallback(() => {
    setSelection(null);
    // Back to the programme the overlay was about.
    requestAnimationFrame(() => document.querySelector<HTMLElement>(`[data-programme-id="${selectedId}"]`)?.focus());
  }, [selectedId, setSelection]);

  const open = selection !== null;
  useEffect(() => {
    if (!open) return;
    function onKey(event: KeyboardEvent) {
      if (event.key === 'Escape' && !document.querySelector('.modal-backdrop')) onClose();
    }
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, onClose]);

  return { selected, selectedId, onOpen, onClose };
}

/** Merged rows by the identity of their day states, shared by every render. */
const rowCache = new WeakMap<readonly DayState[], ChannelRow>();

/** Rows from day states, each merged once per change of its days. */
function useRows(dayStates: ReadonlyMap<number, readonly DayState[]>): ReadonlyMap<number, ChannelRow> {
  return useMemo(() => {
    const rows = new Map<number, ChannelRow>();
    for (const [channelId, days] of dayStates) {
      let row = rowCache.get(days);
      if (!row) {
        row = { programmes: mergeDays(days), days };
        rowCache.set(days, row);
      }
      rows.set(channelId, row);
    }
    return rows;
  }, [dayStates]);
}

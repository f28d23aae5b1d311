import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type UIEvent } from 'react';
import { useQueries } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { GENRE_DEPORTES, type CatalogueEvent, type Channel } from '@pantalla/contracts';
import { getEventsQueryOptions, useChannels } from '../../../lib/catalogue';
import { formatClock } from '../../../lib/date';
import { ChannelLogo, OperatorLogo } from '../../../ui/brand';
import { hideBrokenImage } from '../../../ui/broken-image';
import { Button } from '../../../ui/button';
import { Spinner } from '../../../ui/spinner';
import { useAuthenticatedUser } from '../../account';
import { detailHref, stillUrl, timeState, PageHeader, useNow } from '../../catalogue';
import {
  calendarDays,
  calendarEnd,
  eventWindows,
  groupByDay,
  isCalendarEvent,
  type CalendarDay,
} from '../lib/calendar-days';

/** 'lunes, 23 nov' in the user's language. */
function dayLabel(day: number, language: string): string {
  return new Intl.DateTimeFormat(language, { weekday: 'long', day: 'numeric', month: 'short' }).format(day);
}

/**
 * 'Calendario de eventos': the next 15 days, one row per day, the day's pay-per-view and
 * sports events by start time, under the operator's 3002 logo.
 */
export function CalendarScreen() {
  const { t, i18n } = useTranslation('explore');
  const user = useAuthenticatedUser();
  const now = useNow();
  // The days are fixed for the visit; a new visit starts from the new today.
  const [days] = useState(() => calendarDays(Date.now()));
  const windows = useMemo(() => eventWindows(days[0]!, calendarEnd(days)), [days]);
  const results = useQueries({ queries: windows.map((w) => getEventsQueryOptions(w)) });
  const channels = useChannels();
  const pending = results.some((r) => r.isPending);
  const failed = results.some((r) => r.isError);
  const rows = groupByDay(
    results.flatMap((r) => r.data?.resources ?? []).filter((e) => isCalendarEvent(e, GENRE_DEPORTES, now)),
    days,
  );
  const channelById = useMemo(() => new Map((channels.data?.resources ?? []).map((c) => [c.id, c])), [channels.data]);

  return (
    <div className="browse-page calendar-page">
      <PageHeader
        title={t('calendar.title')}
        subtitle={t('calendar.subtitle')}
        logo={<OperatorLogo skin={user.skin} type={3002} />}
        close
      />
      {pending ? (
        <div className="browse-page__status">
          <Spinner label={t('loading')} />
        </div>
      ) : failed ? (
        <div className="browse-page__status" role="alert">
          <p>{t('loadFailed')}</p>
          <Button variant="secondary" onClick={() => results.forEach((r) => r.isError && void r.refetch())}>
            {t('retry')}
          </Button>
        </div>
      ) : (
        <ol className="calendar" aria-label={t('calendar.days')}>
          {rows.map((row, index) => (
            <CalendarRow
              key={row.day}
              row={row}
              index={index}
              label={dayLabel(row.day, i18n.language)}
              channelById={channelById}
              now={now}
            />
          ))}
        </ol>
      )}
    </div>
  );
}

interface RowProps {
  row: CalendarDay<CatalogueEvent>;
  index: number;
  label: string;
  channelById: Map<number, Channel>;
  now: number;
}

/** Events of a day rendered at first, and added each time the row nears its end: a sports day has a hundred. */
const EVENTS_STEP = 12;

function CalendarRow({ row, index, label, channelById, now }: RowProps) {
  const { t } = useTranslation('explore');
  const links = useRef<(HTMLAnchorElement | null)[]>([]);
  const [shown, setShown] = useState(EVENTS_STEP);
  const pendingFocus = useRef<number | null>(null);
  const headingId = `calendar-day-${row.day}`;
  const relative = index === 0 ? t('calendar.today') : index === 1 ? t('calendar.tomorrow') : null;
  const count = row.events.length;

  function focusEvent(i: number) {
    const target = links.current[i];
    target?.focus();
    target?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }
  // A key that goes past the events rendered (End, or ArrowRight at the last one) focuses once they are.
  useEffect(() => {
    if (pendingFocus.current === null || !links.current[pendingFocus.current]) return;
    focusEvent(pendingFocus.current);
    pendingFocus.current = null;
  });

  function onKeyDown(event: KeyboardEvent<HTMLAnchorElement>, i: number) {
    const moves: Record<string, number> = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: count - 1 };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const target = Math.max(0, Math.min(count - 1, next));
    if (target < shown) return focusEvent(target);
    pendingFocus.current = target;
    setShown(target + EVENTS_STEP);
  }

  function onScroll(event: UIEvent<HTMLUListElement>) {
    const list = event.currentTarget;
    if (shown < count && list.scrollLeft + list.clientWidth >= list.scrollWidth - list.clientWidth)
      setShown((n) => n + EVENTS_STEP);
  }

  return (
    <li className="calendar__day" aria-labelledby={headingId}>
      <h2 id={headingId} className="calendar__date">
        {relative ? <span className="calendar__relative">{relative}</span> : null}
        <span className="calendar__weekday">{label}</span>
      </h2>
      {row.events.length === 0 ? (
        <p className="calendar__empty">{t('calendar.noEvents')}</p>
      ) : (
        <ul className="calendar__events" onScroll={onScroll}>
          {row.events.slice(0, shown).map((event, i) => {
            const channel = channelById.get(event.channelId);
            const time = formatClock(event.startTime);
            const image = stillUrl(event);
            const live = timeState(event, now).live;
            return (
              <li key={event.id} className="calendar-event" aria-posinset={i + 1} aria-setsize={count}>
                <Link
                  ref={(el) => {
                    links.current[i] = el;
                  }}
                  to={detailHref(event)}
                  className="calendar-event__link"
                  onKeyDown={(e) => onKeyDown(e, i)}
                >
                  <span className="calendar-event__image">
                    {image ? (
                      <img
                        key={image}
                        src={image}
                        alt=""
                        width={240}
                        height={135}
                        loading="lazy"
                        decoding="async"
                        onError={hideBrokenImage}
                      />
                    ) : null}
                    {live ? <span className="calendar-event__live">{t('calendar.live')}</span> : null}
                    {event.ppv ? <span className="calendar-event__ppv">{t('calendar.ppv')}</span> : null}
                  </span>
                  <span className="calendar-event__time">{time}</span>
                  <span className="calendar-event__title">{event.title}</span>
                  <span className="calendar-event__channel">
                    {channel ? (
                      <ChannelLogo
                        className="calendar-event__logo"
                        src={channel.logoURL}
                        name={channel.name}
                        nameBeside
                      />
                    ) : null}
                    {channel?.name}
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </li>
  );
}

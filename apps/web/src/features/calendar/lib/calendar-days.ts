/** Spec: the calendar shows the next 15 days, one row per day. */
export const CALENDAR_DAYS = 15;
/** The events route answers windows of at most 48 hours. */
export const EVENTS_WINDOW_MS = 48 * 3600_000;

/** Local midnight of `now`'s day and of the following days (DST-safe: built from the calendar). */
export function calendarDays(now: number, count = CALENDAR_DAYS): number[] {
  const d = new Date(now);
  return Array.from({ length: count }, (_, i) => new Date(d.getFullYear(), d.getMonth(), d.getDate() + i).getTime());
}

/** The end of the calendar: local midnight after its last day. */
export function calendarEnd(days: readonly number[]): number {
  const last = days.at(-1);
  if (last === undefined) return 0;
  const d = new Date(last);
  return new Date(d.getFullYear(), d.getMonth(), d.getDate() + 1).getTime();
}

/** Consecutive windows of at most 48 h covering [start, end). */
export function eventWindows(
  start: number,
  end: number,
  size = EVENTS_WINDOW_MS,
): { startTime: number; endTime: number }[] {
  const out: { startTime: number; endTime: number }[] = [];
  for (let from = start; from < end; from += size) out.push({ startTime: from, endTime: Math.min(end, from + size) });
  return out;
}

export interface CalendarDay<T> {
  /** Local midnight of the day. */
  day: number;
  events: T[];
}

/**
 * One row per day: each event in the day it starts on (local time), by start time (then
 * id, so the order is stable); events starting outside the calendar are left out, and an
 * event seen twice (windows overlap at their edges) appears once.
 */
export function groupByDay<T extends { id: number; startTime: number }>(
  events: readonly T[],
  days: readonly number[],
): CalendarDay<T>[] {
  const rows: CalendarDay<T>[] = days.map((day) => ({ day, events: [] }));
  const end = calendarEnd(days);
  const seen = new Set<number>();
  const sorted = [...events].sort((a, b) => a.startTime - b.startTime || a.id - b.id);
  for (const event of sorted) {
    if (seen.has(event.id) || event.startTime < (days[0] ?? 0) || event.startTime >= end) continue;
    seen.add(event.id);
    let index = rows.length - 1;
    while (index > 0 && rows[index]!.day > event.startTime) index--;
    rows[index]!.events.push(event);
  }
  return rows;
}

/** Which events the calendar lists: pay-per-view events and those of the sports section, not yet over. */
export function isCalendarEvent(
  event: { ppv: boolean; genres: readonly number[]; endTime: number },
  sportsGenreId: number,
  now: number,
): boolean {
  return event.endTime > now && (event.ppv || event.genres.includes(sportsGenreId));
}

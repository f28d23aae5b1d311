/** Short labels the guide shows: hours, day names for the picker, and a programme's time span. */
import { formatClock } from '../../../lib/date';

/** 'hh:mm–hh:mm'. */
export function timeSpan(start: number, end: number): string {
  return `${formatClock(start)}–${formatClock(end)}`;
}

/** A day for the picker and the ruler in the user's language, e.g. 'lun, 23 nov'. */
export function dayLabel(day: number, language: string): string {
  return new Intl.DateTimeFormat(language, { weekday: 'short', day: 'numeric', month: 'short' }).format(day);
}

/** Spanish month abbreviations; the spec shows dates with them in every language. */
export const SPANISH_MONTHS = [
  'ene',
  'feb',
  'mar',
  'abr',
  'may',
  'jun',
  'jul',
  'ago',
  'sep',
  'oct',
  'nov',
  'dic',
] as const;

const pad = (n: number) => String(n).padStart(2, '0');

function toDate(value: Date | number | string): Date {
  if (value instanceof Date) return value;
  if (typeof value === 'number') return new Date(value);
  return parseDateTime(value) ?? new Date(Number.NaN);
}

/** 'd mon yyyy - hh:mmh' in local time, e.g. '5 ene 2025 - 21:30h'; '' for an invalid date. */
export function formatDateTime(value: Date | number | string): string {
  const d = toDate(value);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getDate()} ${SPANISH_MONTHS[d.getMonth()]} ${d.getFullYear()} - ${pad(d.getHours())}:${pad(d.getMinutes())}h`;
}

/** 'hh:mm' in local time. */
export function formatClock(value: Date | number | string): string {
  const d = toDate(value);
  return Number.isNaN(d.getTime()) ? '' : `${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/**
 * Parses the catalogue's 'YYYY-MM-DD HH:MM:SS' (local time) as well as ISO strings;
 * null when it is neither.
 */
export function parseDateTime(text: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(text.trim());
  if (m) {
    const [, y, mo, d, h, mi, s] = m;
    const date = new Date(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s ?? 0));
    return Number.isNaN(date.getTime()) ? null : date;
  }
  const iso = new Date(text);
  return Number.isNaN(iso.getTime()) ? null : iso;
}

/** Epoch seconds, the unit of the API's expirations and the time service. */
export function toEpochSeconds(date: Date | number = Date.now()): number {
  return Math.floor((date instanceof Date ? date.getTime() : date) / 1000);
}

/** Whether `now` lies in [start, end): the live badge rule. */
export function isBetween(now: Date | number, start: Date | number, end: Date | number): boolean {
  const t = +now;
  return t >= +start && t < +end;
}

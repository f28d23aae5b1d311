/** Time-zone arithmetic for guide days, without a library: Intl gives each instant's offset. */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(tz: string): Intl.DateTimeFormat {
  let f = formatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(tz, f);
  }
  return f;
}

/** True when the runtime knows the IANA time zone. */
export function isValidTimeZone(tz: string): boolean {
  try {
    formatter(tz);
    return true;
  } catch {
    return false;
  }
}

interface Parts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function partsOf(ms: number, tz: string): Parts {
  const out: Record<string, number> = {};
  for (const p of formatter(tz).formatToParts(new Date(ms))) if (p.type !== 'literal') out[p.type] = Number(p.value);
  return {
    year: out.year ?? 0,
    month: out.month ?? 0,
    day: out.day ?? 0,
    hour: out.hour ?? 0,
    minute: out.minute ?? 0,
    second: out.second ?? 0,
  };
}

/** Offset of the zone from UTC at an instant, in ms. */
function offsetAt(ms: number, tz: string): number {
  const p = partsOf(ms, tz);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(ms / 1000) * 1000;
}

/** The instant a local wall time happens in a zone (the earlier one across a DST fold). */
export function zonedTimeToUtc(year: number, month: number, day: number, tz: string): number {
  const guess = Date.UTC(year, month - 1, day);
  const first = guess - offsetAt(guess, tz);
  return guess - offsetAt(first, tz);
}

/** [start, end) of a calendar day (yyyy-mm-dd) in a zone; null when the date is not real. */
export function dayBounds(date: string, tz: string): { start: number; end: number } | null {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const probe = new Date(Date.UTC(y, m - 1, d));
  if (probe.getUTCFullYear() !== y || probe.getUTCMonth() !== m - 1 || probe.getUTCDate() !== d) return null;
  const next = new Date(Date.UTC(y, m - 1, d + 1));
  return {
    start: zonedTimeToUtc(y, m, d, tz),
    end: zonedTimeToUtc(next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate(), tz),
  };
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** 'YYYY-MM-DD HH:MM:SS' of an instant in a zone (the EPG's fc_ini form). */
export function formatLocal(ms: number, tz: string): string {
  const p = partsOf(ms, tz);
  return `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)} ${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}`;
}

/** Midnight UTC of the day containing an instant. */
export function utcDayStart(ms: number): number {
  return Math.floor(ms / 86400000) * 86400000;
}

/** Pure: a byte count for people (1 decimal past KB). */
export function formatBytes(bytes: number, locale: string): string {
  const units = ['B', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: unit === 0 ? 0 : 1 }).format(value)} ${units[unit]}`;
}

/** Pure: milliseconds as "850 ms" or "12,3 s". */
export function formatDuration(ms: number | null, locale: string): string {
  if (ms === null) return '—';
  return ms < 1000 ? `${ms} ms` : `${new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(ms / 1000)} s`;
}

/** Pure: an epoch-ms instant as a short date and time. */
export function formatWhen(ms: number, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'medium' }).format(ms);
}

/** Pure: a guide shift in minutes as "+2 h", "−1 h 30 min" or "+45 min". */
export function formatShift(minutes: number): string {
  const sign = minutes < 0 ? '−' : '+';
  const h = Math.floor(Math.abs(minutes) / 60);
  const m = Math.abs(minutes) % 60;
  return `${sign}${[h ? `${h} h` : '', m ? `${m} min` : ''].filter(Boolean).join(' ') || '0 min'}`;
}

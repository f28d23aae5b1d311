/** The guide's geometry and time rules (viewing spec sections 2, 4, 5 and 9), as pure functions. */

/** Pixels per second of programme time: 1/9, so an hour is 400 px. */
export const PX_PER_SECOND = 1 / 9;
export const SLOT_WIDTH = 400;
export const SLOT_COUNT = 172;
export const DAY_WIDTH = 50400;
export const SIDEBAR_WIDTH = 100;
export const ROW_HEIGHT = 72;
export const ITEM_HEIGHT = 80;
export const OVERLAY_HEIGHT = 220;
/** Rows the open overlay takes away from a page. */
export const OVERLAY_ROWS = 3;
/** Programmes narrower than this get reduced padding. */
export const REDUCED_PADDING_BELOW = 40;
export const CLOCK_REFRESH_MS = 15 * 60_000;
export const DAYS_BACK = 4;
export const DAYS_AHEAD = 1;
/** Gaps between programmes longer than this are corrected. */
export const MAX_GAP_MS = 60_000;
export const DESCRIPTION_SHORT = 360;
export const DESCRIPTION_EXTENDED = 620;
export const CAST_LIMIT = 11;
/** Hours of timeline one day shows. */
export const HOURS_PER_DAY = 24;

/** Width in px of a span of milliseconds. */
export function msToPx(ms: number): number {
  return (ms / 1000) * PX_PER_SECOND;
}

/** Milliseconds covered by a width in px. */
export function pxToMs(px: number): number {
  return (px / PX_PER_SECOND) * 1000;
}

/** X offset of a time from the timeline's origin. */
export function timeToX(time: number, origin: number): number {
  return msToPx(time - origin);
}

/**
 * Rows the open overlay takes away: the spec's 3 for its 220 px, and a row more for each 72 px a
 * taller one (a phone's, holding the recording buttons) measures, so no row of the page hides under it.
 */
export function overlayRows(overlayHeight: number = OVERLAY_HEIGHT): number {
  return OVERLAY_ROWS + Math.max(0, Math.ceil((overlayHeight - OVERLAY_HEIGHT) / ROW_HEIGHT));
}

/** Chrome above a page's rows in the spec's rule: header, padding and ruler. */
export const SPEC_CHROME = 200;

/** What is known of the laid-out guide: the overlay's height and where the grid's rows begin. */
export interface PageLayout {
  /** The open overlay's measured height; the spec's 220 px when not given. */
  overlayHeight?: number;
  /** Y of the grid's first row (its top plus the ruler), once measured; a phone's header wraps taller. */
  rowsTop?: number | null;
}

/**
 * Rows per page: (window height − 200) / 72, at least 1; 3 fewer (still at least 1) while the
 * overlay is open. While it is open, where the grid's measured rows begin lower than the rule
 * assumes (a phone's wrapped header, a desktop's filters on a second line), no more rows than fit
 * whole above the overlay's top: the chosen or searched-for row is never under the panel. With
 * the overlay closed the spec's count stands (the window's edge may cut the last rows).
 */
export function rowsPerPage(windowHeight: number, overlayOpen: boolean, layout: PageLayout = {}): number {
  const spec = Math.max(1, Math.floor((windowHeight - SPEC_CHROME) / ROW_HEIGHT));
  const rows = overlayOpen ? Math.max(1, spec - overlayRows(layout.overlayHeight)) : spec;
  if (!overlayOpen || layout.rowsTop == null) return rows;
  const fit = Math.floor((windowHeight - (layout.overlayHeight ?? OVERLAY_HEIGHT) - layout.rowsTop) / ROW_HEIGHT);
  return Math.max(1, Math.min(rows, fit));
}

/**
 * The tallest the overlay may grow so a page's first row stays above it (at least 0): on a short
 * phone its buttons scroll inside it rather than cover the row they are about.
 */
export function overlayMaxHeight(windowHeight: number, rowsTop: number): number {
  return Math.max(0, Math.floor(windowHeight - rowsTop - ROW_HEIGHT));
}

/** Number of pages for a channel count. */
export function pageCount(rows: number, perPage: number): number {
  return Math.max(1, Math.ceil(rows / Math.max(1, perPage)));
}

/** A page out of range steps back to the last one; negative pages become 0. */
export function clampPage(page: number, rows: number, perPage: number): number {
  return Math.min(Math.max(0, Math.floor(page)), pageCount(rows, perPage) - 1);
}

/** Programmes under 40 px wide get reduced padding. */
export function hasReducedPadding(widthPx: number): boolean {
  return widthPx < REDUCED_PADDING_BELOW;
}

/** Live when now lies between start (inclusive) and end (exclusive). */
export function isLive(now: number, start: number, end: number): boolean {
  return now >= start && now < end;
}

/** Local midnight of a time. */
export function startOfDay(time: number): number {
  const d = new Date(time);
  d.setHours(0, 0, 0, 0);
  return d.getTime();
}

/** Local midnight `days` days after a day's midnight (DST-safe). */
export function addDays(dayStart: number, days: number): number {
  const d = new Date(dayStart);
  d.setDate(d.getDate() + days);
  d.setHours(0, 0, 0, 0);
  return d.getTime();
}

/** 'yyyy-mm-dd' of a local day. */
export function dayKey(time: number): string {
  const d = new Date(time);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** Parses 'yyyy-mm-dd' as a local midnight; null when malformed. */
export function parseDayKey(key: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(key);
  if (!m) return null;
  const d = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return d.getMonth() === Number(m[2]) - 1 ? d.getTime() : null;
}

/** The date picker's bounds: 4 days back and 1 day ahead of today, as local midnights. */
export function dateLimits(now: number): { min: number; max: number } {
  const today = startOfDay(now);
  return { min: addDays(today, -DAYS_BACK), max: addDays(today, DAYS_AHEAD) };
}

/** A day moved inside the date limits. */
export function clampDay(day: number, now: number): number {
  const { min, max } = dateLimits(now);
  return Math.min(Math.max(startOfDay(day), min), max);
}

/** Every selectable day, oldest first. */
export function selectableDays(now: number): number[] {
  const today = startOfDay(now);
  const days: number[] = [];
  for (let i = -DAYS_BACK; i <= DAYS_AHEAD; i += 1) days.push(addDays(today, i));
  return days;
}

/** Cuts a text at `limit` characters, ending with '…' when cut. */
export function cutText(text: string, limit: number): string {
  return text.length <= limit ? text : `${text.slice(0, Math.max(0, limit - 1)).trimEnd()}…`;
}

/** Milliseconds from `now` to the next local midnight, when the guide's days move on. */
export function msUntilNextDay(now: number): number {
  return addDays(startOfDay(now), 1) - now;
}

/** Hourly slots the ruler shows for a span of days, capped at SLOT_COUNT. */
export function slotCount(days: number): number {
  return Math.min(SLOT_COUNT, days * HOURS_PER_DAY);
}

/** Spec: paging out of range steps back one page (then stays inside the range). */
export function stepBackIfOutOfRange(page: number, rows: number, perPage: number): number {
  return page >= pageCount(rows, perPage) ? clampPage(page - 1, rows, perPage) : clampPage(page, rows, perPage);
}

/**
 * The first channel of a page after the channel count or rows per page changed: a page out
 * of range steps back one page; otherwise it stays, inside [0, rows − 1].
 */
export function stepBackRow(firstRow: number, rows: number, perPage: number): number {
  const start = firstRow >= rows ? firstRow - Math.max(1, perPage) : firstRow;
  return Math.max(0, Math.min(start, rows - 1));
}

/** The first row that keeps `row` on a page of `perPage` rows starting at `firstRow`. */
export function keepRowVisible(firstRow: number, row: number, perPage: number): number {
  if (row < firstRow) return row;
  if (row >= firstRow + perPage) return row - perPage + 1;
  return firstRow;
}

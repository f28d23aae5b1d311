/*
 * Card sizes of the spec (viewing spec 2 and 9). Display mode 2 rows (series, channels)
 * use wide cards: 270 px up to a window width of 1600 px, else 350 px. Display modes 1 and
 * 3 use portrait posters: 159 px images in 159.5 px slots. 88 % of the window is usable.
 */
export const WIDE_CARD_WIDTH = 270;
export const WIDE_CARD_WIDTH_LARGE = 350;
/** Up to this window width (inclusive) wide cards are 270 px. */
export const LARGE_WINDOW_FROM = 1600;
export const USABLE_WIDTH_RATIO = 0.88;
export const PORTRAIT_POSTER_WIDTH = 159;
export const POSTER_SLOT_WIDTH = 159.5;
/** Mode 3 shows a rank number on positions under 10. */
export const RANK_POSITIONS = 10;
/** Card text is cut to 85 characters. */
export const CARD_TEXT_MAX = 85;
/** Spec: "description shortening elsewhere 90" (episode lists). */
export const SHORT_DESCRIPTION_MAX = 90;
/** The search page's non-series rows use 220 px cards. */
export const SEARCH_CARD_WIDTH = 220;
/** Space between two cards; inside the slot for posters, added to wide cards. */
export const CARD_GAP = 12;

export type DisplayMode = 1 | 2 | 3;
export type CardShape = 'poster' | 'wide';

export function cardShape(displayMode: DisplayMode): CardShape {
  return displayMode === 2 ? 'wide' : 'poster';
}

/** Width of a wide (mode 2) card for a window width. */
export function wideCardWidth(windowWidth: number): number {
  return windowWidth <= LARGE_WINDOW_FROM ? WIDE_CARD_WIDTH : WIDE_CARD_WIDTH_LARGE;
}

/** The width a row may fill: 88 % of the window. */
export function usableWidth(windowWidth: number): number {
  return Math.floor(windowWidth * USABLE_WIDTH_RATIO);
}

export interface RowGeometry {
  shape: CardShape;
  /** Width of one card's slot, gap included. */
  slotWidth: number;
  /** Width of the card's image. */
  cardWidth: number;
  /** Cards that fit in the usable width (at least 1): one page of paging. */
  perPage: number;
  usable: number;
}

/** Where and how large a row's cards are for a display mode and window width. */
export function rowGeometry(displayMode: DisplayMode, windowWidth: number): RowGeometry {
  const shape = cardShape(displayMode);
  const usable = usableWidth(windowWidth);
  const cardWidth = shape === 'wide' ? wideCardWidth(windowWidth) : PORTRAIT_POSTER_WIDTH;
  const slotWidth = shape === 'wide' ? cardWidth + CARD_GAP : POSTER_SLOT_WIDTH + CARD_GAP;
  const perPage = Math.max(1, Math.floor((usable + CARD_GAP) / slotWidth));
  return { shape, slotWidth, cardWidth, perPage, usable };
}

/** Page count and the first index of a page, for left/right paging. */
export function pageCount(itemCount: number, perPage: number): number {
  return Math.max(1, Math.ceil(itemCount / Math.max(1, perPage)));
}

export function clampPage(page: number, itemCount: number, perPage: number): number {
  return Math.min(Math.max(0, page), pageCount(itemCount, perPage) - 1);
}

/** Mode 3 ranks: position (0-based) under 10 shows position + 1; else null. */
export function rankNumber(displayMode: DisplayMode, position: number): number | null {
  return displayMode === 3 && position >= 0 && position < RANK_POSITIONS ? position + 1 : null;
}

/**
 * Shortens text to `max` characters at a word boundary with '…'; used for card text (85),
 * episode lists (90), the details panel (250) and the detail page (1050, 250 for a series'
 * first tab).
 */
export function shortenText(text: string, max: number): string {
  const trimmed = text.trim().replace(/\s+/g, ' ');
  if (trimmed.length <= max) return trimmed;
  const head = trimmed.slice(0, Math.max(0, max - 1));
  const space = head.lastIndexOf(' ');
  const body = (space > max / 2 ? head.slice(0, space) : head).replace(/[\s,.;:]+$/, '');
  return `${body}…`;
}

/** Spec: the carousel description is cut to 160 characters. */
export const CAROUSEL_DESCRIPTION_MAX = 160;
/** A period counts as a cut point only after this position. */
export const PERIOD_MIN_POSITION = 32;
export const ELLIPSIS = '...';

/**
 * The carousel's description rule: text up to 160 characters stays whole; longer text is
 * cut within its first 160 characters at the last period if it lies after position 32
 * (keeping the period), otherwise at the last comma, replaced by '...', otherwise at the
 * last space followed by '...'; a text without any of these is cut hard at 160 plus '...'.
 */
export function truncateCarouselDescription(text: string): string {
  const trimmed = text.trim();
  if (trimmed.length <= CAROUSEL_DESCRIPTION_MAX) return trimmed;
  const head = trimmed.slice(0, CAROUSEL_DESCRIPTION_MAX);
  const period = head.lastIndexOf('.');
  if (period > PERIOD_MIN_POSITION) return head.slice(0, period + 1);
  const comma = head.lastIndexOf(',');
  if (comma > 0) return `${head.slice(0, comma).trimEnd()}${ELLIPSIS}`;
  const space = head.lastIndexOf(' ');
  if (space > 0) return `${head.slice(0, space).trimEnd()}${ELLIPSIS}`;
  return `${head}${ELLIPSIS}`;
}

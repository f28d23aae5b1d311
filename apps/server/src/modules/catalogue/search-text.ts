import { SEARCH_MIN_LENGTH, stripSearchTerm } from '@pantalla/contracts';

/**
 * The normalised form stored beside every searchable text and applied to every term:
 * lower case, accents removed (á→a, ñ→n, ü→u), anything but letters and digits turned
 * into single spaces. Matching normalised against normalised makes search accent- and
 * case-insensitive on both databases, and leaves no LIKE wildcard in a term.
 */
export function normalizeForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** A search term after the spec's rules: stripped, at least 3 characters, normalised; null when it answers nothing. */
export function searchTermOf(raw: string): string | null {
  const stripped = stripSearchTerm(raw);
  if ([...stripped].length < SEARCH_MIN_LENGTH) return null;
  const normalized = normalizeForSearch(stripped);
  return normalized.length > 0 ? normalized : null;
}

/** Titles are answered without percent signs (spec). */
export function withoutPercent(title: string): string {
  return title.replace(/%/g, '').replace(/\s{2,}/g, ' ').trim();
}

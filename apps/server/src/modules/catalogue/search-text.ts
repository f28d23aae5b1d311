import { SEARCH_MIN_LENGTH, stripSearchTerm } from '@pantalla/contracts';

/**
 * The normalised form stored beside every searchable text and applied to every term:
 * lower case, accents removed (á→a, ñ→n, ü→u), anything but letters and digits turned
 * into single spaces. Matching normalised against normalised makes search accent- and
 * case-insensitive on both databases, and leaves no LIKE wildcard in a term.
 */
export function normalizeForSearch(text: string): string {
  // Written as UTF-16 units and decoded once: a string grown a character at a time is a
  // tree of pieces in memory, ten times the size of the text it holds.
  if (units.length < text.length * 4) units = new Uint16Array(text.length * 4);
  let n = 0;
  let gap = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const folded = code < 0x80 ? (ASCII[code] as string) : foldOf(code);
    for (let k = 0; k < folded.length; k++) {
      const unit = folded.charCodeAt(k);
      if (unit === 0x20) gap = n > 0;
      else {
        if (gap) units[n++] = 0x20;
        units[n++] = unit;
        gap = false;
      }
    }
  }
  return n === 0 ? '' : utf16.decode(units.subarray(0, n));
}

let units = new Uint16Array(1024);
const utf16 = new TextDecoder('utf-16le');

/** The rule as written, over a whole text: what normalizeForSearch() gives, four copies later. */
export function normalizeSlowly(text: string): string {
  return foldText(text).replace(/ +/g, ' ').trim();
}

/** Accents removed, lower case, anything but a-z and 0-9 a space (not yet collapsed). */
const foldText = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, ' ');

/**
 * What each UTF-16 unit becomes ('' for an accent, ' ' for a gap). NFD decomposes a
 * character alone, whatever surrounds it, so folding unit by unit and collapsing the gaps
 * gives what the whole text gives, without its copies (an import folds a million texts).
 */
const ASCII = Array.from({ length: 0x80 }, (_, code) => foldText(String.fromCharCode(code)));
const folds = new Map<number, string>();

function foldOf(code: number): string {
  let folded = folds.get(code);
  if (folded === undefined) {
    folded = foldText(String.fromCharCode(code));
    folds.set(code, folded);
  }
  return folded;
}

/**
 * How two names of channels or groups compare when an import matches them: compatibility
 * forms (full-width, ligatures) unified, case folded, Latin and Greek accents and
 * punctuation ignored, the letters and digits of every script kept ('Первый' and 'ΕΡΤ' are keys of their own, never ''). Cyrillic keeps
 * its marks: й and и are different letters. A name of symbols only ('★★★') is its own key.
 */
export function matchKey(name: string): string {
  const key = name
    .normalize('NFKC')
    // Upper then lower folds what lower case alone leaves apart: ß and SS, ς and σ.
    .toUpperCase()
    .toLowerCase()
    .normalize('NFD')
    .replace(/([\p{Script=Latin}\p{Script=Greek}])[\u0300-\u036f]+/gu, '$1')
    .normalize('NFC')
    .replace(/[^\p{L}\p{N}\p{M}]+/gu, ' ')
    .trim();
  return key || name.normalize('NFKC').replace(/\s+/g, ' ').trim();
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
  return title
    .replace(/%/g, '')
    .replace(/\s{2,}/g, ' ')
    .trim();
}

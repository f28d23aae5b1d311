/**
 * The pieces of an M3U line as real lists write them: '#EXTINF:-1 attr="v" ...,Name',
 * attributes quoted, single-quoted or bare, names with commas, names with status suffixes,
 * stream URLs with Kodi's '|User-Agent=...' header options.
 */
import { matchKey } from '../../catalogue';

/** An #EXTINF line taken apart. */
export interface ExtinfParts {
  attrs: Record<string, string>;
  /** The display name after the comma, as written (trimmed). */
  name: string;
  /** A quote was left open; the attributes were read up to the end of the line. */
  unclosedQuote: boolean;
  /** There was no comma before a name. */
  missingComma: boolean;
}

const ATTRIBUTE = /([A-Za-z0-9_][\w.:-]*)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"',]+))/g;

/** key="value" pairs (keys lower case); later duplicates do not override the first. */
export function parseAttributes(text: string): Record<string, string> {
  // Prototype-less: the list's attribute names are the file's, `constructor` or `__proto__` included.
  const attrs = Object.create(null) as Record<string, string>;
  for (const m of text.matchAll(ATTRIBUTE)) {
    const key = (m[1] as string).toLowerCase();
    if (!(key in attrs)) attrs[key] = (m[2] ?? m[3] ?? m[4] ?? '').trim();
  }
  return attrs;
}

/** The body of an #EXTINF line (after '#EXTINF:'). */
export function parseExtinf(body: string): ExtinfParts {
  const duration = /^\s*-?\d+(?:\.\d+)?/.exec(body);
  const rest = duration ? body.slice(duration[0].length) : body;
  let inQuote = false;
  let comma = -1;
  for (let i = 0; i < rest.length; i++) {
    const c = rest.charCodeAt(i);
    if (c === 34) inQuote = !inQuote;
    else if (c === 44 && !inQuote) {
      comma = i;
      break;
    }
  }
  if (comma === -1 && inQuote) {
    // An open quote swallowed the comma: the name is after the last comma of the line.
    const last = rest.lastIndexOf(',');
    const attrText = last === -1 ? rest : rest.slice(0, last);
    const attrs = parseAttributes(attrText);
    const open = /([A-Za-z0-9_][\w.:-]*)\s*=\s*"([^"]*)$/.exec(attrText);
    if (open) attrs[(open[1] as string).toLowerCase()] ??= (open[2] as string).trim();
    return {
      attrs,
      name: last === -1 ? '' : rest.slice(last + 1).trim(),
      unclosedQuote: true,
      missingComma: last === -1,
    };
  }
  if (comma === -1) return { attrs: parseAttributes(rest), name: '', unclosedQuote: false, missingComma: true };
  return {
    attrs: parseAttributes(rest.slice(0, comma)),
    name: rest.slice(comma + 1).trim(),
    unclosedQuote: false,
    missingComma: false,
  };
}

/** Trailing qualifiers public lists add to names: resolutions and notes in brackets. */
const BRACKETS = /\s*\[[^[\]]*\]\s*$/;
const QUALITY =
  /\s*\(\s*(?:\d{3,4}[pi](?:\d{2})?|[FU]?HD|SD|4K|8K|UHD|HEVC|H\.?26[45]|backup|alt(?:\.|ernativ[oa])?\s*\d*|geo-?blocked|not 24\/7|op(?:ción|cion|tion)?\s*\d+)\s*\)\s*$/i;

/**
 * The channel's name without what lists append to tell streams apart: 'La 1 (720p)
 * [Geo-blocked]' is 'La 1'. Parentheses are removed only around qualities and notes, so
 * 'Canal (Sur)' keeps its words; square brackets always hold notes.
 */
export function cleanChannelName(raw: string): string {
  let name = raw.replace(/\s+/g, ' ').trim();
  for (;;) {
    const next = name.replace(BRACKETS, '').replace(QUALITY, '');
    if (next === name || next === '') return name;
    name = next;
  }
}

/** How two names compare for grouping: the catalogue's rule for names of every script. */
export const nameKey = matchKey;

/** A stream line split from Kodi's '|Header=value&...' options. */
export function splitStreamUrl(line: string): { url: string; headers: Record<string, string> } {
  const bar = line.indexOf('|');
  if (bar === -1) return { url: line, headers: {} };
  const headers = Object.create(null) as Record<string, string>;
  for (const pair of line.slice(bar + 1).split('&')) {
    const eq = pair.indexOf('=');
    if (eq <= 0) continue;
    const key = pair.slice(0, eq).replace(/^!/, '').trim().toLowerCase();
    headers[key] = safeDecode(pair.slice(eq + 1).trim());
  }
  return { url: line.slice(0, bar).trim(), headers };
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** A number of hours such as tvg-shift="-4.5" or "+1"; null when not one in -24..24. */
export function hoursOf(value: string | undefined): number | null {
  if (value === undefined || !/^[+-]?\d{1,2}(?:\.\d+)?$/.test(value.trim())) return null;
  const hours = Number(value);
  return hours >= -24 && hours <= 24 ? hours : null;
}

import type { IngestProblemAction, IngestProblemCode } from '@pantalla/contracts';
import { genreOf } from './genres';
import type {
  CreditKind,
  GuideChannel,
  GuideCredit,
  GuideEpisode,
  GuideImage,
  GuideProgramme,
  LocalizedText,
} from './xmltv-types';
import { parseXmltvDate } from './xmltv-time';

/** One element of a <channel> or <programme>, kept only until that element is read. */
export interface XmlNode {
  name: string;
  attrs: Record<string, string>;
  children: XmlNode[];
  text: string;
  line: number;
}

/** Where the fields report what they could not take. */
export type Report = (line: number, code: IngestProblemCode, action: IngestProblemAction, message: string) => void;

/**
 * A programme as read, before its end is settled against the next one on its channel: the
 * same object is given out once it is (one object per programme, a million times over).
 */
export type ProgrammeDraft = Omit<GuideProgramme, 'stop'> & { stop: number | null };

// Control characters are what the DTD forbids and saxes reports; they are read as spaces.
// eslint-disable-next-line no-control-regex
const MESSY = /[\u0000-\u001F]| {2}/;
// eslint-disable-next-line no-control-regex
const RUNS = /[\s\u0000-\u001F]+/g;

/** Element text as the DTD reads it: trimmed, runs of whitespace as one space (control characters too). */
export function clean(text: string): string {
  const t = text.trim();
  return MESSY.test(t) ? t.replace(RUNS, ' ') : t;
}

const isLang = (lang: string | null, code: string) =>
  lang !== null && (lang === code || lang.startsWith(`${code}-`) || lang.startsWith(`${code}_`));

/** The one to show of a repeated element: Spanish, then English, then the first. */
export function preferred(items: readonly LocalizedText[]): string {
  let en: string | null = null;
  for (const item of items) {
    const lang = item.lang?.toLowerCase() ?? null;
    if (isLang(lang, 'es')) return item.text;
    if (en === null && isLang(lang, 'en')) en = item.text;
  }
  return en ?? items[0]?.text ?? '';
}

function localized(node: XmlNode, name: string): LocalizedText[] {
  const out: LocalizedText[] = [];
  for (const c of node.children) {
    if (c.name !== name) continue;
    const text = clean(c.text);
    if (text) out.push({ text, lang: c.attrs.lang?.trim() || null });
  }
  return out;
}

function texts(node: XmlNode, name: string): string[] {
  const out: string[] = [];
  for (const c of node.children) {
    if (c.name !== name) continue;
    const text = clean(c.text);
    if (text && !out.includes(text)) out.push(text);
  }
  return out;
}

const child = (node: XmlNode, name: string) => node.children.find((c) => c.name === name);

/** A <channel> element; null (reported) when it has no id. */
export function readChannel(node: XmlNode, report: Report): GuideChannel | null {
  const id = node.attrs.id?.trim();
  if (!id) {
    report(node.line, 'channel-missing-id', 'skipped', '<channel> sin atributo id; se omite.');
    return null;
  }
  let names = localized(node, 'display-name');
  if (names.length === 0) {
    report(
      node.line,
      'channel-missing-name',
      'corrected',
      `el canal "${id}" no tiene <display-name>; se usa su id como nombre.`,
    );
    names = [{ text: id, lang: null }];
  }
  const icon = child(node, 'icon')?.attrs.src?.trim() || null;
  return { id, name: preferred(names), names, icon, urls: texts(node, 'url'), line: node.line };
}

const CREDIT_KINDS = new Set<string>([
  'director',
  'actor',
  'writer',
  'adapter',
  'producer',
  'composer',
  'editor',
  'presenter',
  'commentator',
  'guest',
]);

function credits(node: XmlNode | undefined): GuideCredit[] {
  if (!node) return [];
  const out: GuideCredit[] = [];
  for (const c of node.children) {
    if (!CREDIT_KINDS.has(c.name)) continue;
    const name = clean(c.text);
    if (!name) continue;
    const image = child(c, 'image');
    out.push({
      kind: c.name as CreditKind,
      name,
      role: c.attrs.role?.trim() || null,
      image: image ? clean(image.text) || null : null,
      guest: c.attrs.guest === 'yes',
    });
  }
  return out;
}

function images(node: XmlNode): GuideImage[] {
  const out: GuideImage[] = [];
  for (const c of node.children) {
    if (c.name !== 'image') continue;
    const url = clean(c.text);
    if (!url) continue;
    const size = Number(c.attrs.size);
    const orient = c.attrs.orient?.trim().toUpperCase();
    out.push({
      url,
      type: c.attrs.type?.trim() || null,
      size: size >= 1 && size <= 3 ? size : null,
      orient: orient === 'P' || orient === 'L' ? orient : null,
      system: c.attrs.system?.trim() || null,
    });
  }
  return out;
}

/** xmltv_ns 'season.episode.part', each zero-based and maybe 'n/total', spaces anywhere. */
export function parseXmltvNs(
  text: string,
): { season: number | null; episode: number | null; part: number | null; parts: number | null } | null {
  const fields = text.replace(/\s+/g, '').split('.');
  if (fields.length > 3) return null;
  const [season, episode, part] = fields.map((f) => {
    const [n, total] = f.split('/');
    const value = n ? Number(n) : null;
    return {
      value: value !== null && Number.isInteger(value) && value >= 0 ? value + 1 : null,
      total: total ? Number(total) || null : null,
    };
  });
  if (!season?.value && !episode?.value && !part?.value) return null;
  return {
    season: season?.value ?? null,
    episode: episode?.value ?? null,
    part: part?.value ?? null,
    parts: part?.total ?? null,
  };
}

/** An onscreen text that is an id or a date ('movie/1234', 'EP01234567.0045', '2026-06-15'), not an episode. */
const NOT_AN_EPISODE = /^(?:[a-z]+\/\S+|[A-Z]{2}\d{6,}(?:\.\d+)?|\d{4}[-/.]\d{1,2}[-/.]\d{1,2}(?:[ T].*)?|\d{8,14})$/i;

const SXE = /^S(\d+)\s*[ .]?\s*E(\d+)$/i;

function episode(node: XmlNode): GuideEpisode | null {
  let onscreen: string | null = null;
  let ns: ReturnType<typeof parseXmltvNs> = null;
  let sxe: RegExpExecArray | null = null;
  for (const c of node.children) {
    if (c.name !== 'episode-num') continue;
    const text = clean(c.text);
    if (!text) continue;
    // The DTD's default system is onscreen; the others (dd_progid, thetvdb.com, imdb.com...) are ids, not shown.
    const system = c.attrs.system?.trim() || 'onscreen';
    if (system === 'xmltv_ns') ns ??= parseXmltvNs(text);
    else if (system === 'onscreen' || system.toLowerCase() === 'sxxexx') {
      sxe ??= SXE.exec(text);
      if (system === 'onscreen' && !NOT_AN_EPISODE.test(text)) onscreen ??= text;
    }
  }
  if (!onscreen && !ns && !sxe) return null;
  const { part = null, parts = null } = ns ?? {};
  let { season = null, episode = null } = ns ?? {};
  if (!ns && sxe) {
    season = Number(sxe[1]);
    episode = Number(sxe[2]);
  }
  const fromNs = [season ? `T${season}` : '', episode ? `E${episode}` : ''].filter(Boolean).join(' ');
  return { season, episode, part, parts, onscreen, label: onscreen ?? fromNs };
}

const LENGTH_UNITS: Record<string, number> = { seconds: 1000, minutes: 60_000, hours: 3_600_000 };

function lengthOf(node: XmlNode, report: Report): number | null {
  const el = child(node, 'length');
  if (!el) return null;
  const unit = LENGTH_UNITS[el.attrs.units?.trim() ?? ''];
  const value = Number(clean(el.text));
  if (unit === undefined || !(value > 0)) {
    report(
      el.line,
      'programme-bad-length',
      'ignored',
      `<length units="${el.attrs.units ?? ''}">${clean(el.text)}</length> no es una duración; se ignora.`,
    );
    return null;
  }
  return Math.round(value * unit);
}

function valueOf(el: XmlNode): string {
  const value = child(el, 'value');
  return clean(value ? value.text : el.text);
}

function rating(node: XmlNode): { rating: string; ratingSystem: string | null; starRating: string | null } {
  let found: XmlNode | undefined;
  let stars: string | null = null;
  for (const c of node.children) {
    if (c.name === 'rating' && !found && valueOf(c)) found = c;
    else if (c.name === 'star-rating' && stars === null) stars = valueOf(c).replace(/\s+/g, '') || null;
  }
  return { rating: found ? valueOf(found) : '', ratingSystem: found?.attrs.system?.trim() || null, starRating: stars };
}

function clumpOf(value: string | undefined): { index: number; count: number } | null {
  const m = value ? /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(value) : null;
  if (!m) return null;
  const index = Number(m[1]);
  const count = Number(m[2]);
  return count > 1 && index < count ? { index, count } : null;
}

/**
 * A <programme> element with everything the DTD carries that the app shows; null (reported)
 * when it cannot be placed in the guide: no channel, no readable start, no title. A stop
 * that is unreadable or not after the start is dropped (reported), so the programme ends at
 * the next one or after its <length>, as one without stop.
 */
export function readProgramme(node: XmlNode, report: Report): ProgrammeDraft | null {
  const { line, attrs } = node;
  const channel = attrs.channel?.trim();
  if (!channel) return skip(report, line, 'programme-missing-channel', '<programme> sin atributo channel; se omite.');
  if (!attrs.start) return skip(report, line, 'programme-missing-start', '<programme> sin atributo start; se omite.');
  const start = parseXmltvDate(attrs.start);
  if (!start)
    return skip(
      report,
      line,
      'programme-bad-start',
      `hora de inicio no válida "${attrs.start.slice(0, 40)}"; se omite el programa.`,
    );
  if (start.zone === 'unknown')
    report(
      line,
      'unknown-timezone',
      'corrected',
      `zona horaria desconocida "${start.zoneText}" en start; se toma como UTC.`,
    );
  let stop: number | null = null;
  if (attrs.stop !== undefined) {
    const parsed = parseXmltvDate(attrs.stop);
    if (!parsed)
      report(
        line,
        'programme-bad-stop',
        'corrected',
        `hora de fin no válida "${attrs.stop.slice(0, 40)}"; el programa termina cuando empieza el siguiente.`,
      );
    else if (parsed.time <= start.time && pastMidnight(attrs.start, attrs.stop, start.time, parsed.time)) {
      stop = parsed.time + DAY_MS;
      report(
        line,
        'programme-stop-not-after-start',
        'corrected',
        'la hora de fin es anterior a la de inicio en la misma fecha; se lee como del día siguiente.',
      );
    } else if (parsed.time <= start.time)
      report(
        line,
        'programme-stop-not-after-start',
        'corrected',
        'la hora de fin no es posterior a la de inicio; el programa termina cuando empieza el siguiente.',
      );
    else {
      if (parsed.zone === 'unknown')
        report(
          line,
          'unknown-timezone',
          'corrected',
          `zona horaria desconocida "${parsed.zoneText}" en stop; se toma como UTC.`,
        );
      stop = parsed.time;
    }
  }
  const titles = localized(node, 'title');
  if (titles.length === 0) return skip(report, line, 'programme-missing-title', '<programme> sin <title>; se omite.');
  const date = clean(child(node, 'date')?.text ?? '');
  const categories = texts(node, 'category');
  const ratings = rating(node);
  return {
    channel,
    start: start.time,
    stop,
    stopFrom: 'stop',
    title: preferred(titles),
    titles,
    subTitle: preferred(localized(node, 'sub-title')),
    desc: preferred(localized(node, 'desc')),
    credits: credits(child(node, 'credits')),
    date,
    year: /^\d{4}/.test(date) ? Number(date.slice(0, 4)) : null,
    categories,
    genre: genreOf(categories),
    countries: texts(node, 'country'),
    lengthMs: lengthOf(node, report),
    icon: child(node, 'icon')?.attrs.src?.trim() || null,
    images: images(node),
    episode: episode(node),
    rating: ratings.rating,
    ratingSystem: ratings.ratingSystem,
    starRating: ratings.starRating,
    isNew: child(node, 'new') !== undefined,
    premiere: child(node, 'premiere') !== undefined,
    previouslyShown: child(node, 'previously-shown') !== undefined,
    lastChance: child(node, 'last-chance') !== undefined,
    clump: clumpOf(attrs.clumpidx),
    catchupId: attrs['catchup-id']?.trim() || null,
    line,
  };
}

const DAY_MS = 86_400_000;
/** Longer than this past midnight, a stop before its start is a mistake, not the next day. */
const MAX_PAST_MIDNIGHT_MS = 12 * 3_600_000;

/**
 * A stop before its start written with the start's own date ('20260615230000' to
 * '20260615010000', ending at most 12 h after it): a programme past midnight.
 */
function pastMidnight(startText: string, stopText: string, start: number, stop: number): boolean {
  return startText.trim().slice(0, 8) === stopText.trim().slice(0, 8) && stop + DAY_MS - start <= MAX_PAST_MIDNIGHT_MS;
}

function skip(report: Report, line: number, code: IngestProblemCode, message: string): null {
  report(line, code, 'skipped', message);
  return null;
}

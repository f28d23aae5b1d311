import { IngestError } from './errors';
import { parseXml, type XmlElement } from './xml';

/** A channel declared by an XMLTV guide. */
export interface XmltvChannel {
  id: string;
  names: string[];
  icon: string | null;
  line: number;
}

/** A programme of an XMLTV guide, times as epoch ms. */
export interface XmltvProgramme {
  channel: string;
  start: number;
  stop: number;
  title: string;
  subTitle: string;
  desc: string;
  directors: string[];
  actors: string[];
  year: number | null;
  categories: string[];
  country: string;
  rating: string;
  icon: string | null;
  episodeNum: string;
  line: number;
}

/** What a guide file holds, after overlaps are trimmed. */
export interface XmltvGuide {
  channels: XmltvChannel[];
  programmes: XmltvProgramme[];
  trimmed: number;
  warnings: string[];
}

/**
 * An XMLTV time: YYYYMMDDhhmm[ss] with an optional ±hhmm offset (UTC when absent),
 * e.g. '20261122213000 +0100'. Null when malformed.
 */
export function parseXmltvTime(value: string): number | null {
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})?\s*(?:([+-])(\d{2}):?(\d{2})|Z|UTC|GMT)?$/.exec(value.trim());
  if (!m) return null;
  const [, y, mo, d, h, mi, s, sign, oh, om] = m;
  const local = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s ?? 0));
  const check = new Date(local);
  if (check.getUTCMonth() !== Number(mo) - 1 || check.getUTCDate() !== Number(d) || Number(h) > 23 || Number(mi) > 59 || Number(s ?? 0) > 59) return null;
  const offset = sign ? (sign === '-' ? -1 : 1) * (Number(oh) * 60 + Number(om)) * 60000 : 0;
  return local - offset;
}

const childText = (el: XmlElement, name: string) => el.children.find((c) => c.name === name)?.text.trim() ?? '';
const childTexts = (el: XmlElement, name: string) => el.children.filter((c) => c.name === name).map((c) => c.text.trim()).filter(Boolean);

/** Prefers the Spanish version of a repeated, language-tagged element. */
function localized(el: XmlElement, name: string): string {
  const all = el.children.filter((c) => c.name === name);
  return (all.find((c) => c.attrs.lang === 'es') ?? all[0])?.text.trim() ?? '';
}

function episodeOf(el: XmlElement): string {
  const nums = el.children.filter((c) => c.name === 'episode-num');
  const onscreen = nums.find((n) => n.attrs.system === 'onscreen');
  if (onscreen) return onscreen.text.trim();
  const ns = nums.find((n) => n.attrs.system === 'xmltv_ns');
  if (ns) {
    // xmltv_ns counts from zero: 'season.episode.part', each possibly 'n/total'.
    const [season, episode] = ns.text.split('.').map((p) => p.split('/')[0]?.trim() ?? '');
    const parts = [season ? `T${Number(season) + 1}` : '', episode ? `E${Number(episode) + 1}` : ''].filter(Boolean);
    return parts.join(' ');
  }
  return nums[0]?.text.trim() ?? '';
}

/** Parses an XMLTV document, checks every programme and trims overlaps per channel. */
export function parseXmltv(source: string): XmltvGuide {
  const root = parseXml(source);
  if (root.name !== 'tv') throw new IngestError(`el elemento raíz debe ser <tv>, no <${root.name}>`, root.line);
  const warnings: string[] = [];
  const channels: XmltvChannel[] = [];
  const seen = new Map<string, number>();
  for (const el of root.children.filter((c) => c.name === 'channel')) {
    const id = el.attrs.id?.trim();
    if (!id) throw new IngestError('<channel> sin atributo id', el.line);
    const previous = seen.get(id);
    if (previous !== undefined) throw new IngestError(`canal "${id}" repetido (ya declarado en la línea ${previous})`, el.line);
    seen.set(id, el.line);
    const names = childTexts(el, 'display-name');
    if (names.length === 0) throw new IngestError(`el canal "${id}" no tiene <display-name>`, el.line);
    const icon = el.children.find((c) => c.name === 'icon')?.attrs.src ?? null;
    channels.push({ id, names, icon, line: el.line });
  }
  const raw: (Omit<XmltvProgramme, 'stop'> & { stop: number | null })[] = [];
  for (const el of root.children.filter((c) => c.name === 'programme')) {
    const channel = el.attrs.channel?.trim();
    if (!channel) throw new IngestError('<programme> sin atributo channel', el.line);
    if (!el.attrs.start) throw new IngestError('<programme> sin atributo start', el.line);
    const start = parseXmltvTime(el.attrs.start);
    if (start === null) throw new IngestError(`hora de inicio no válida "${el.attrs.start}"`, el.line);
    const stop = el.attrs.stop ? parseXmltvTime(el.attrs.stop) : null;
    if (el.attrs.stop && stop === null) throw new IngestError(`hora de fin no válida "${el.attrs.stop}"`, el.line);
    if (stop !== null && stop <= start) throw new IngestError('la hora de fin no es posterior a la de inicio', el.line);
    const title = localized(el, 'title');
    if (!title) throw new IngestError('<programme> sin <title>', el.line);
    const credits = el.children.find((c) => c.name === 'credits');
    const date = childText(el, 'date');
    const ratingEl = el.children.find((c) => c.name === 'rating');
    raw.push({
      channel,
      start,
      stop,
      title,
      subTitle: localized(el, 'sub-title'),
      desc: localized(el, 'desc'),
      directors: credits ? childTexts(credits, 'director') : [],
      actors: credits ? childTexts(credits, 'actor') : [],
      year: /^\d{4}/.test(date) ? Number(date.slice(0, 4)) : null,
      categories: childTexts(el, 'category'),
      country: childText(el, 'country'),
      rating: ratingEl ? (childText(ratingEl, 'value') || ratingEl.text.trim()) : '',
      icon: el.children.find((c) => c.name === 'icon')?.attrs.src ?? null,
      episodeNum: episodeOf(el),
      line: el.line,
    });
  }
  // Per channel by start: a missing stop is the next start; an overlap ends the earlier programme.
  const byChannel = new Map<string, typeof raw>();
  for (const p of raw) byChannel.set(p.channel, [...(byChannel.get(p.channel) ?? []), p]);
  const programmes: XmltvProgramme[] = [];
  let trimmed = 0;
  for (const list of byChannel.values()) {
    list.sort((a, b) => a.start - b.start || a.line - b.line);
    for (let i = 0; i < list.length; i++) {
      const p = list[i] as (typeof raw)[number];
      const next = list[i + 1];
      if (next && next.start === p.start) {
        warnings.push(`Línea ${p.line}: el programa empieza a la vez que el de la línea ${next.line}; se conserva el último.`);
        trimmed++;
        continue;
      }
      let stop = p.stop;
      if (stop === null) {
        if (!next) {
          warnings.push(`Línea ${p.line}: último programa del canal sin hora de fin; se omite.`);
          continue;
        }
        stop = next.start;
      } else if (next && stop > next.start) {
        stop = next.start;
        trimmed++;
      }
      programmes.push({ ...p, stop });
    }
  }
  return { channels, programmes, trimmed, warnings };
}

import { IngestError } from './errors';

/** One channel entry of an M3U list. */
export interface M3uEntry {
  tvgId: string | null;
  tvgName: string | null;
  name: string;
  logo: string | null;
  group: string | null;
  catchup: string | null;
  catchupDays: number | null;
  catchupSource: string | null;
  url: string;
  protocol: 'dash' | 'hls';
  line: number;
}

function attributes(text: string, line: number): Record<string, string> {
  const attrs: Record<string, string> = {};
  let rest = text.trim();
  while (rest.length > 0) {
    const m = /^([A-Za-z][\w-]*)="([^"]*)"\s*/.exec(rest);
    if (!m) {
      if (/^[A-Za-z][\w-]*="[^"]*$/.test(rest)) throw new IngestError('atributo con comillas sin cerrar', line);
      throw new IngestError(`atributo mal formado cerca de "${rest.slice(0, 30)}"`, line);
    }
    attrs[(m[1] as string).toLowerCase()] = m[2] as string;
    rest = rest.slice(m[0].length);
  }
  return attrs;
}

/** Splits '#EXTINF:-1 attr="v" ...,Name' at the comma that follows the attributes (names may hold commas). */
function splitExtinf(body: string, line: number): { attrText: string; name: string } {
  let inQuote = false;
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (c === '"') inQuote = !inQuote;
    else if (c === ',' && !inQuote) return { attrText: body.slice(0, i), name: body.slice(i + 1).trim() };
  }
  if (inQuote) throw new IngestError('atributo con comillas sin cerrar', line);
  throw new IngestError('a #EXTINF le falta la coma antes del nombre del canal', line);
}

/** Parses an M3U/M3U8 channel list: #EXTINF attributes (tvg-id, tvg-name, tvg-logo, group-title, catchup...) and each stream URL. */
export function parseM3u(source: string): M3uEntry[] {
  const lines = source.replace(/^\uFEFF/, '').split(/\r?\n/);
  const first = lines.findIndex((l) => l.trim() !== '');
  if (first === -1 || !lines[first]?.trim().startsWith('#EXTM3U')) throw new IngestError('falta la cabecera #EXTM3U', first === -1 ? 1 : first + 1);
  const entries: M3uEntry[] = [];
  let pending: (Omit<M3uEntry, 'url' | 'protocol'> & { groupFromExtgrp?: string }) | null = null;
  for (let i = first + 1; i < lines.length; i++) {
    const lineNo = i + 1;
    const text = (lines[i] as string).trim();
    if (!text) continue;
    if (text.startsWith('#EXTINF:')) {
      if (pending) throw new IngestError(`#EXTINF sin URL (el de la línea ${pending.line})`, lineNo);
      const body = text.slice('#EXTINF:'.length);
      const durationMatch = /^\s*(-?\d+(?:\.\d+)?)/.exec(body);
      if (!durationMatch) throw new IngestError('#EXTINF sin duración', lineNo);
      const { attrText, name } = splitExtinf(body.slice(durationMatch[0].length), lineNo);
      const attrs = attributes(attrText, lineNo);
      const displayName = name || attrs['tvg-name'] || '';
      if (!displayName) throw new IngestError('canal sin nombre', lineNo);
      let catchupDays: number | null = null;
      if (attrs['catchup-days'] !== undefined) {
        catchupDays = Number(attrs['catchup-days']);
        if (!Number.isInteger(catchupDays) || catchupDays < 0 || catchupDays > 60) throw new IngestError(`catchup-days no válido "${attrs['catchup-days']}"`, lineNo);
      }
      pending = {
        tvgId: attrs['tvg-id'] || null,
        tvgName: attrs['tvg-name'] || null,
        name: displayName,
        logo: attrs['tvg-logo'] || null,
        group: attrs['group-title'] || null,
        catchup: attrs.catchup || null,
        catchupDays,
        catchupSource: attrs['catchup-source'] || null,
        line: lineNo,
      };
      continue;
    }
    if (text.startsWith('#EXTGRP:')) {
      if (pending && !pending.group) pending.group = text.slice(8).trim() || null;
      continue;
    }
    if (text.startsWith('#')) continue;
    if (!pending) throw new IngestError('URL sin #EXTINF delante', lineNo);
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      throw new IngestError(`URL no válida "${text.slice(0, 80)}"`, lineNo);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new IngestError(`la URL debe ser http o https: "${text.slice(0, 80)}"`, lineNo);
    entries.push({ ...pending, url: text, protocol: /\.mpd(\?|$)/i.test(url.pathname + url.search) || url.pathname.toLowerCase().endsWith('.mpd') ? 'dash' : 'hls' });
    pending = null;
  }
  if (pending) throw new IngestError('#EXTINF sin URL al final del archivo', pending.line);
  const seen = new Map<string, number>();
  for (const e of entries) {
    if (!e.tvgId) continue;
    const previous = seen.get(e.tvgId);
    if (previous !== undefined) throw new IngestError(`tvg-id "${e.tvgId}" repetido (ya en la línea ${previous})`, e.line);
    seen.set(e.tvgId, e.line);
  }
  return entries;
}

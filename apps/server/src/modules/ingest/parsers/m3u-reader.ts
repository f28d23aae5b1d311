import { ByteDecoder } from './byte-decoder';
import { catchupModeOf, type CatchupMode } from '@pantalla/contracts';
import { detached, IngestError, PROBLEMS_KEPT, ProblemLog } from './errors';
import { cleanChannelName, hoursOf, nameKey, parseAttributes, parseExtinf, splitStreamUrl } from './m3u-entry';
import type { M3uCatchup, M3uChannel, M3uHeader, M3uResult, M3uStream, StreamProtocol } from './m3u-types';

export type { M3uCatchup, M3uChannel, M3uHeader, M3uResult, M3uStream, M3uSummary, StreamProtocol } from './m3u-types';

/** Attributes with a field of their own; the rest go to the channel's attribute bag. */
const KNOWN = new Set([
  'tvg-id',
  'tvg-name',
  'tvg-logo',
  'logo',
  'tvg-chno',
  'channel-number',
  'tvg-shift',
  'group-title',
  'catchup',
  'catchup-type',
  'catchup-days',
  'catchup-source',
  'catchup-correction',
  'timeshift',
  'tvg-rec',
  'radio',
  'http-user-agent',
  'user-agent',
  'http-referrer',
  'http-referer',
  'referrer',
]);

/** A line longer than this has no place in a channel list. */
const MAX_LINE = 1 << 20;
/**
 * Streams one channel keeps (its first and the alternates after it). Real lists give a
 * handful per tvg-id; a list repeating one tvg-id half a million times would otherwise hold
 * every entry in memory and in the channel's row (issue 11). The rest are reported, once.
 */
export const MAX_STREAMS_PER_CHANNEL = 32;
/** Groups and extra attributes one channel keeps, for the same reason. */
const MAX_GROUPS_PER_CHANNEL = 32;
const MAX_ATTRIBUTES_PER_CHANNEL = 64;

interface Options {
  userAgent: string | null;
  referrer: string | null;
  groups: string[];
  manifest: StreamProtocol | null;
}

interface PendingEntry {
  line: number;
  attrs: Record<string, string>;
  rawName: string;
}

const noOptions = (): Options => ({ userAgent: null, referrer: null, groups: [], manifest: null });

/**
 * A streaming M3U parser: fed the list piece by piece, it reads #EXTM3U, #EXTINF, #EXTGRP,
 * #EXTVLCOPT and #KODIPROP lines, and gives the channels at the end (a later entry may be
 * an alternate of an earlier channel; memory grows with the channels, not the file). A bad
 * entry is reported with its line and skipped; only a file that is not an M3U list throws.
 */
export class M3uStreamParser {
  private readonly decoder = new ByteDecoder('text');
  private readonly problems: ProblemLog;
  private readonly channels = new Map<string, M3uChannel>();
  private header: M3uHeader = { guideUrls: [], attributes: {} };
  private rest = '';
  private line = 0;
  private started = false;
  private pending: PendingEntry | null = null;
  /** The last #EXTINF was skipped: its URL line goes with it, unreported. */
  private skipUrl = false;
  private options: Options = noOptions();
  private entries = 0;
  /** Per channel key: entries left out past MAX_STREAMS_PER_CHANNEL, and the line of the first. */
  private readonly dropped = new Map<string, { count: number; line: number }>();

  constructor(options: { maxProblems?: number } = {}) {
    this.problems = new ProblemLog(options.maxProblems ?? PROBLEMS_KEPT);
  }

  /** Feeds the next piece of the list. */
  write(chunk: Uint8Array | string): void {
    this.lines(this.decoder.write(chunk), false);
  }

  /** Ends the list: its channels, the header, the summary. */
  end(): M3uResult {
    this.lines(this.decoder.end(), true);
    if (!this.started) throw new IngestError('el archivo está vacío: no es una lista M3U', 1);
    if (this.pending)
      this.problems.add(
        this.pending.line,
        'extinf-without-url',
        'skipped',
        '#EXTINF sin URL al final del archivo; se omite.',
      );
    this.pending = null;
    for (const [key, { count, line }] of this.dropped) {
      const name = this.channels.get(key)?.name ?? key;
      this.problems.add(
        line,
        'too-many-streams',
        'skipped',
        `el canal "${name.slice(0, 80)}" tiene más de ${MAX_STREAMS_PER_CHANNEL} flujos; se omiten ${count} entradas desde esta línea.`,
      );
    }
    const channels = [...this.channels.values()];
    return {
      header: this.header,
      channels,
      summary: {
        channels: channels.length,
        entries: this.entries,
        alternates: this.entries - channels.length,
        skipped: this.problems.byAction.skipped,
        corrected: this.problems.byAction.corrected,
        problems: this.problems.kept,
        problemsTotal: this.problems.total,
        encoding: this.decoder.encoding,
      },
    };
  }

  private lines(text: string, last: boolean): void {
    let data = this.rest + text;
    let at = 0;
    for (let nl = data.indexOf('\n', at); nl !== -1; nl = data.indexOf('\n', at)) {
      this.readLine(data.slice(at, nl));
      at = nl + 1;
    }
    data = data.slice(at);
    if (last) {
      if (data) this.readLine(data);
      this.rest = '';
    } else {
      if (data.length > MAX_LINE) throw new IngestError('una línea de más de 1 MB: no es una lista M3U', this.line + 1);
      this.rest = detached(data);
    }
    if (this.decoder.notes.length > 0) this.noteDecoder();
  }

  private noteDecoder(): void {
    for (const note of this.decoder.notes.splice(0)) {
      if (note === 'fallback-latin1')
        this.problems.add(
          1,
          'encoding-fallback',
          'corrected',
          'la lista no es UTF-8 válido; se lee como ISO-8859-1 (windows-1252).',
        );
      else
        this.problems.add(
          Math.max(1, this.line),
          'invalid-bytes',
          'corrected',
          'hay bytes que no son UTF-8 válido; se sustituyen por «�».',
        );
    }
  }

  private readLine(raw: string): void {
    this.line++;
    let text = raw.trim();
    if (text.includes('\u0000')) {
      // No name, id or URL holds NUL, and PostgreSQL cannot store it in text (issue 9).
      text = text.replaceAll('\u0000', '').trim();
      this.problems.add(
        this.line,
        'nul-character',
        'corrected',
        'la línea contiene el carácter nulo (U+0000); se quita.',
      );
    }
    if (!text) return;
    if (!this.started) {
      this.started = true;
      if (text.startsWith('#EXTM3U')) return this.readHeader(text.slice(7));
      if (!text.startsWith('#EXTINF'))
        throw new IngestError('no es una lista M3U: falta la cabecera #EXTM3U', this.line);
      this.problems.add(this.line, 'missing-header', 'corrected', 'falta la cabecera #EXTM3U; se lee como lista M3U.');
    }
    if (text.charCodeAt(0) !== 35) return this.readUrl(text);
    const upper = text.slice(0, 12).toUpperCase();
    if (upper.startsWith('#EXTINF:')) this.readExtinf(text.slice(8));
    else if (upper.startsWith('#EXTGRP:')) this.options.groups.push(...splitGroups(text.slice(8)));
    else if (upper.startsWith('#EXTVLCOPT:')) this.readOption(text.slice(11));
    else if (upper.startsWith('#KODIPROP:')) this.readKodiProperty(text.slice(10));
    else if (upper.startsWith('#EXTM3U')) this.readHeader(text.slice(7));
    // Any other '#' line is a comment or a tag no channel needs (#EXT-X-..., #PLAYLIST).
  }

  private readHeader(rest: string): void {
    const attrs = parseAttributes(rest);
    for (const [k, v] of Object.entries(attrs)) this.header.attributes[k] ??= v;
    for (const key of ['url-tvg', 'x-tvg-url', 'tvg-url']) {
      for (const url of (attrs[key] ?? '').split(/[,\s]+/))
        if (url && !this.header.guideUrls.includes(url)) this.header.guideUrls.push(url);
    }
  }

  private readExtinf(body: string): void {
    if (this.pending)
      this.problems.add(
        this.pending.line,
        'extinf-without-url',
        'skipped',
        `#EXTINF sin URL (le sigue otro #EXTINF en la línea ${this.line}); se omite.`,
      );
    this.skipUrl = false;
    const parts = parseExtinf(body);
    if (parts.unclosedQuote)
      this.problems.add(
        this.line,
        'unclosed-quote',
        'corrected',
        'atributo con comillas sin cerrar; se lee hasta la última coma.',
      );
    let rawName = parts.name;
    if (!rawName) {
      rawName = parts.attrs['tvg-name'] || parts.attrs['tvg-id'] || '';
      if (rawName)
        this.problems.add(
          this.line,
          'missing-name',
          'corrected',
          `#EXTINF sin nombre tras la coma; se usa "${rawName}".`,
        );
    }
    if (!rawName) {
      this.problems.add(this.line, 'missing-name', 'skipped', 'canal sin nombre ni tvg-name ni tvg-id; se omite.');
      this.pending = null;
      this.skipUrl = true;
      return;
    }
    this.pending = { line: this.line, attrs: parts.attrs, rawName };
  }

  private readOption(option: string): void {
    const eq = option.indexOf('=');
    if (eq <= 0) return;
    const key = option.slice(0, eq).trim().toLowerCase();
    const value = option.slice(eq + 1).trim();
    if (key === 'http-user-agent') this.options.userAgent = value || null;
    else if (key === 'http-referrer' || key === 'http-referer') this.options.referrer = value || null;
  }

  private readKodiProperty(property: string): void {
    // Only the manifest type matters here: it tells DASH from HLS when the URL does not.
    const m = /^inputstream\.adaptive\.manifest_type\s*=\s*(mpd|hls)\s*$/i.exec(property);
    if (m) this.options.manifest = (m[1] as string).toLowerCase() === 'mpd' ? 'dash' : 'hls';
  }

  private readUrl(text: string): void {
    const entry = this.pending;
    const options = this.options;
    this.pending = null;
    this.options = noOptions();
    if (!entry && this.skipUrl) {
      this.skipUrl = false;
      return;
    }
    if (!entry) {
      this.problems.add(
        this.line,
        'url-without-extinf',
        'skipped',
        `URL sin #EXTINF delante ("${text.slice(0, 60)}"); se omite.`,
      );
      return;
    }
    const { url, headers } = splitStreamUrl(text);
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      this.problems.add(
        this.line,
        'bad-url',
        'skipped',
        `URL no válida "${url.slice(0, 80)}"; se omite el canal de la línea ${entry.line}.`,
      );
      return;
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
      this.problems.add(
        this.line,
        'unsupported-protocol',
        'skipped',
        `el navegador no puede reproducir "${parsed.protocol}" (solo http y https); se omite el canal de la línea ${entry.line}.`,
      );
      return;
    }
    const a = entry.attrs;
    const stream: M3uStream = {
      url: detached(url),
      protocol: options.manifest ?? (/\.mpd$/i.test(parsed.pathname) ? 'dash' : 'hls'),
      userAgent: options.userAgent ?? headers['user-agent'] ?? (a['http-user-agent'] || a['user-agent'] || null),
      referrer:
        options.referrer ??
        headers.referer ??
        headers.referrer ??
        (a['http-referrer'] || a['http-referer'] || a.referrer || null),
      rawName: entry.rawName,
      line: entry.line,
    };
    if (this.addEntry(entry, stream, options.groups)) this.entries++;
  }

  /** Adds an entry as a channel or an alternate of one; false when the channel has all the streams it may keep. */
  private addEntry(entry: PendingEntry, stream: M3uStream, extraGroups: string[]): boolean {
    const a = entry.attrs;
    const tvgId = a['tvg-id'] || null;
    const name = cleanChannelName(entry.rawName);
    const groups = [...splitGroups(a['group-title'] ?? ''), ...extraGroups];
    const key = detached(tvgId ? `id:${tvgId.toLowerCase()}` : nameOnlyKey(name, groups[0], entry.line));
    const number = this.numberOf(a, entry.line);
    const catchup = this.catchupOf(a, entry.line);
    const shift = a['tvg-shift'] !== undefined ? this.hours(a['tvg-shift'], 'tvg-shift', entry.line) : null;
    const channel = this.channels.get(key);
    if (channel) {
      if (channel.streams.length >= MAX_STREAMS_PER_CHANNEL) {
        const dropped = this.dropped.get(key);
        if (dropped) dropped.count++;
        else this.dropped.set(key, { count: 1, line: entry.line });
        return false;
      }
      // An alternate stream: it plays when the earlier ones fail, and fills what they lacked.
      channel.streams.push(stream);
      channel.logo ??= a['tvg-logo'] || a.logo || null;
      channel.tvgName ??= a['tvg-name'] || null;
      channel.number ??= number;
      channel.catchup ??= catchup;
      for (const g of groups)
        if (!channel.groups.includes(g) && channel.groups.length < MAX_GROUPS_PER_CHANNEL) channel.groups.push(g);
      let attributes = Object.keys(channel.attributes).length;
      for (const [k, v] of Object.entries(a)) {
        if (KNOWN.has(k) || k in channel.attributes || attributes >= MAX_ATTRIBUTES_PER_CHANNEL) continue;
        channel.attributes[k] = v;
        attributes++;
      }
      return true;
    }
    const attributes = Object.create(null) as Record<string, string>;
    for (const [k, v] of Object.entries(a)) if (!KNOWN.has(k)) attributes[k] = v;
    this.channels.set(key, {
      key,
      tvgId,
      tvgName: a['tvg-name'] || null,
      name: name || entry.rawName,
      rawName: entry.rawName,
      logo: a['tvg-logo'] || a.logo || null,
      groups: [...new Set(groups)],
      number,
      shiftHours: shift ?? hoursOf(this.header.attributes['tvg-shift']) ?? 0,
      radio: (a.radio ?? '').toLowerCase() === 'true',
      catchup,
      streams: [stream],
      attributes,
      line: entry.line,
    });
    return true;
  }

  private numberOf(a: Record<string, string>, line: number): number | null {
    const raw = a['tvg-chno'] ?? a['channel-number'];
    if (raw === undefined || raw === '') return null;
    if (/^\d{1,6}(?:\.\d{1,3})?$/.test(raw)) return Number(raw);
    this.problems.add(
      line,
      'bad-attribute',
      'ignored',
      `tvg-chno "${raw.slice(0, 20)}" no es un número de canal; se ignora.`,
    );
    return null;
  }

  private hours(raw: string, name: string, line: number): number | null {
    const hours = hoursOf(raw);
    if (hours === null)
      this.problems.add(
        line,
        'bad-attribute',
        'ignored',
        `${name} "${raw.slice(0, 20)}" no es un número de horas entre -24 y 24; se ignora.`,
      );
    return hours;
  }

  /** catchup, catchup-days, catchup-source, catchup-correction, each defaulting to the header's. */
  private catchupOf(a: Record<string, string>, line: number): M3uCatchup | null {
    const h = this.header.attributes;
    const modeText =
      a.catchup || a['catchup-type'] || (a.timeshift ? 'shift' : '') || h.catchup || h['catchup-type'] || '';
    const ownSource = a['catchup-source'] || null;
    const daysText = a['catchup-days'] || a.timeshift || a['tvg-rec'] || h['catchup-days'] || '';
    if (!modeText && !ownSource && !h['catchup-source'] && !daysText) return null;
    let mode: CatchupMode | null = null;
    if (modeText) {
      mode = catchupModeOf(modeText);
      if (!mode)
        this.problems.add(
          line,
          'unknown-catchup-mode',
          'ignored',
          `modo de catch-up desconocido "${modeText.slice(0, 20)}"; el canal queda sin enlaces de catch-up.`,
        );
    } else if (ownSource || h['catchup-source']) mode = 'default';
    // The header's source is a default for the modes that use one; shift, flussonic and xc make their own.
    const source =
      ownSource ?? (mode === 'default' || mode === 'append' || mode === 'vod' ? h['catchup-source'] || null : null);
    let days: number | null = null;
    if (daysText) {
      days = /^\d{1,3}$/.test(daysText.trim()) ? Number(daysText) : null;
      if (days === null || days > 365) {
        this.problems.add(
          line,
          'bad-attribute',
          'ignored',
          `catchup-days "${daysText.slice(0, 20)}" no es un número de días; se ignora.`,
        );
        days = null;
      }
    }
    const correctionText = a['catchup-correction'] ?? h['catchup-correction'];
    const correctionHours =
      correctionText !== undefined ? (this.hours(correctionText, 'catchup-correction', line) ?? 0) : 0;
    return { mode, days, source: source ? detached(source) : null, correctionHours };
  }
}

/** A name-only entry joins the entries of the same name in the same group of this list. */
function nameOnlyKey(name: string, group: string | undefined, line: number): string {
  const key = nameKey(name);
  return key ? `name:${nameKey(group ?? '')}\u0001${key}` : `line:${line}`;
}

function splitGroups(text: string): string[] {
  return text
    .split(';')
    .map((g) => g.trim())
    .filter(Boolean);
}

/** Reads a whole M3U list from pieces (a file stream, a gunzip stream, strings). */
export async function readM3u(
  source: AsyncIterable<Uint8Array | string> | Iterable<Uint8Array | string>,
): Promise<M3uResult> {
  const parser = new M3uStreamParser();
  for await (const chunk of source) parser.write(chunk);
  return parser.end();
}

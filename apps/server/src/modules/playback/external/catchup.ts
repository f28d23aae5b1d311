/**
 * Catch-up URLs of channels imported from M3U lists, as Kodi's IPTV Simple (pvr.iptvsimple)
 * and TiviMate build them: a mode says how the template is made from the live URL, the
 * template's placeholders take the programme's times. Times are Unix seconds; the calendar
 * fields ({Y}, {utc:YmdHMS}...) are written in UTC, since a server has no viewer's local
 * zone: a provider that expects another zone is corrected with tvg-shift or
 * catchup-correction, as in those players.
 */
import type { CatchupMode } from '@pantalla/contracts';

/** A channel's catch-up as its M3U entry gives it. */
export interface CatchupChannel {
  mode: CatchupMode;
  /** catchup-source: a whole URL (default), a suffix (append), or none. */
  source: string | null;
  /** The live stream URL, which append, shift, flussonic and xc derive from. */
  streamUrl: string;
  /** tvg-shift: hours the guide's times were moved for this channel. */
  shiftHours?: number;
  /** catchup-correction: hours the provider's catch-up clock is off. */
  correctionHours?: number;
}

const ABSOLUTE = /^[a-z][a-z0-9+.-]*:\/\//i;

/**
 * The URL template of a channel's catch-up, placeholders unreplaced; null when its mode
 * cannot make one (append without a source, a stream URL flussonic or xc cannot read).
 */
export function catchupTemplate(channel: CatchupChannel): string | null {
  const { mode, source, streamUrl } = channel;
  switch (mode) {
    case 'default':
      if (source && ABSOLUTE.test(source)) return source;
      // A relative source ('?utc={utc}') under default is what append means: players accept both.
      return source ? streamUrl + source : null;
    case 'append':
      return source ? streamUrl + source : null;
    case 'shift':
      return `${streamUrl}${streamUrl.includes('?') ? '&' : '?'}utc={utc}&lutc={lutc}`;
    case 'flussonic':
    case 'flussonic-ts':
      return flussonicTemplate(streamUrl, mode === 'flussonic-ts');
    case 'xc':
      return xtreamTemplate(streamUrl);
    case 'vod':
      return source || '{catchup-id}';
  }
}

/**
 * Flussonic: 'http://host/151/mpegts?token=t' → 'http://host/151/timeshift_abs-${start}.ts?token=t';
 * 'http://host/325/index.m3u8?token=t' → '.../325/timeshift_rel-{offset:1}.m3u8?token=t';
 * 'http://host/325/mono.m3u8' → '.../325/mono-timeshift_rel-{offset:1}.m3u8'; any other
 * last path part is replaced by the archive, HLS or (flussonic-ts) TS.
 */
function flussonicTemplate(url: string, ts: boolean): string | null {
  const m = /^(https?:\/\/[^/]+)\/(.+)\/([^/?]*)(\?.*)?$/i.exec(url);
  if (!m) return null;
  const [, host, channel, last = '', query = ''] = m;
  if (last === 'mpegts' || ts) return `${host}/${channel}/timeshift_abs-\${start}.ts${query}`;
  const list = /^(.*)\.m3u8$/i.exec(last)?.[1];
  if (list && list !== 'index') return `${host}/${channel}/${list}-timeshift_rel-{offset:1}.m3u8${query}`;
  return `${host}/${channel}/timeshift_rel-{offset:1}.m3u8${query}`;
}

/**
 * Xtream Codes: 'http://host/[live/]user/pass/1477[.m3u8]' →
 * 'http://host/timeshift/user/pass/{duration:60}/{Y}-{m}-{d}:{H}-{M}/1477.m3u8' (.ts when
 * the live URL has no extension).
 */
function xtreamTemplate(url: string): string | null {
  const m = /^(https?:\/\/[^/]+)\/(?:live\/)?([^/]+)\/([^/]+)\/([^/.?]+)(\.m3u8?|\.ts)?$/i.exec(url);
  if (!m) return null;
  const [, host, user, pass, id, ext] = m;
  return `${host}/timeshift/${user}/${pass}/{duration:60}/{Y}-{m}-{d}:{H}-{M}/${id}${ext && ext !== '.ts' ? ext : '.ts'}`;
}

/** The times a template is filled with, in epoch ms. */
export interface CatchupTimes {
  start: number;
  end: number;
  now: number;
  /** Hours subtracted from start and end (not now) before they are written (tvg-shift + catchup-correction). */
  shiftHours?: number;
  catchupId?: string | null;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

function calendar(seconds: number): Record<'Y' | 'm' | 'd' | 'H' | 'M' | 'S', string> {
  const d = new Date(seconds * 1000);
  return {
    Y: String(d.getUTCFullYear()),
    m: pad(d.getUTCMonth() + 1),
    d: pad(d.getUTCDate()),
    H: pad(d.getUTCHours()),
    M: pad(d.getUTCMinutes()),
    S: pad(d.getUTCSeconds()),
  };
}

/** '{utc:Y-m-d H:M}': each of Y m d H M S replaced by that field, anything else kept. */
function formatCalendar(seconds: number, format: string): string {
  const fields = calendar(seconds);
  return format.replace(/[YmdHMS]/g, (c) => fields[c as keyof typeof fields]);
}

/** OTT Navigator's '${(b)yyyyMMddHHmmss}' patterns (Java date letters). */
function formatJava(seconds: number, format: string): string {
  const f = calendar(seconds);
  return format.replace(
    /yyyy|yy|MM|dd|HH|mm|ss/g,
    (t) => ({ yyyy: f.Y, yy: f.Y.slice(2), MM: f.m, dd: f.d, HH: f.H, mm: f.M, ss: f.S })[t] as string,
  );
}

const TIMESTAMP_NAMES: Record<string, 'start' | 'end' | 'now'> = {
  utc: 'start',
  start: 'start',
  utcend: 'end',
  end: 'end',
  lutc: 'now',
  now: 'now',
  timestamp: 'now',
};

const TOKEN = /\$\{\((b|e)\)([^}]*)\}|\$?\{([A-Za-z-]+)(?::([^{}]*))?\}/g;

/**
 * Fills a template's placeholders (pvr.iptvsimple's list, plus TiviMate's and OTT
 * Navigator's spellings): {utc} ${start} {start} = start; {utcend} ${end} {end} = end;
 * {lutc} ${now} ${timestamp} = now; each optionally ':Y-m-d H:M:S'-formatted; {Y} {m} {d}
 * {H} {M} {S} of the start; {duration} and {offset} (now − start) in seconds, or ':N' to
 * divide them ({duration:60} in minutes); ${(b)yyyyMMddHHmmss} and ${(e)...}; {catchup-id}.
 * Unknown placeholders stay as written.
 */
export function fillCatchupTemplate(template: string, times: CatchupTimes): string {
  const shift = Math.round((times.shiftHours ?? 0) * 3600);
  const start = Math.floor(times.start / 1000) - shift;
  // A programme still on air is fetched up to now, as the players do.
  const end = Math.floor(Math.min(times.end, Math.max(times.now, times.start)) / 1000) - shift;
  // Now is the real now: pvr.iptvsimple moves only the programme's times.
  const now = Math.floor(times.now / 1000);
  const value = { start, end, now };
  const duration = end - start;
  const offset = Math.max(0, now - start);
  return template.replace(
    TOKEN,
    (
      whole,
      be: string | undefined,
      javaFormat: string | undefined,
      name: string | undefined,
      arg: string | undefined,
    ) => {
      if (be) return formatJava(be === 'b' ? start : end, javaFormat ?? '');
      const key = (name as string).toLowerCase();
      const time = TIMESTAMP_NAMES[key];
      if (time) return arg === undefined ? String(value[time]) : formatCalendar(value[time], arg);
      if (key === 'duration' || key === 'offset') {
        const seconds = key === 'duration' ? duration : offset;
        if (arg === undefined) return String(seconds);
        const divisor = Number(arg);
        return Number.isInteger(divisor) && divisor >= 1 ? String(Math.floor(seconds / divisor)) : whole;
      }
      if (name !== undefined && arg === undefined && /^[YmdHMS]$/.test(name)) return calendar(start)[name as 'Y'];
      if (key === 'catchup-id') return times.catchupId ?? whole;
      return whole;
    },
  );
}

/**
 * The URL that plays an ended programme of a channel with catch-up, or null when the
 * channel's mode cannot make one, or the template needs a catchup-id the programme lacks.
 */
export function catchupUrl(
  channel: CatchupChannel,
  programme: { start: number; end: number; catchupId?: string | null },
  now: number,
): string | null {
  const template = catchupTemplate(channel);
  if (template === null) return null;
  if (template.includes('{catchup-id}') && !programme.catchupId) return null;
  return fillCatchupTemplate(template, {
    ...programme,
    now,
    shiftHours: (channel.shiftHours ?? 0) + (channel.correctionHours ?? 0),
  });
}

/**
 * Big, deterministic guides and channel lists for the ingest benchmark and tests: the same
 * options always give the same bytes, produced piece by piece so a million programmes
 * never sit in memory at once.
 */

export interface SyntheticGuideOptions {
  channels: number;
  days: number;
  /** First day, 'YYYY-MM-DD' (UTC midnight). */
  from?: string;
  seed?: number;
  /** Programmes per yielded piece: the unit the generator streams out. */
  programmesPerChunk?: number;
  /**
   * 'channel': each channel's whole schedule, then the next (most grabbers); 'day': every
   * channel's day, then the next day (channels interleaved, as time-sorted guides are).
   */
  order?: 'channel' | 'day';
}

/** A small, fast PRNG (mulberry32): deterministic per seed, good enough for test data. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const MINUTES = [30, 60, 90, 120, 150];
const CATEGORIES = [
  'Cine',
  'Deportes',
  'Noticias',
  'Infantil',
  'Documentales',
  'Series',
  'Música',
  'Entretenimiento',
  'Movie',
  'Sports',
];
const WORDS = [
  'la',
  'noche',
  'gran',
  'historia',
  'del',
  'mar',
  'ciudad',
  'viaje',
  'campeonato',
  'final',
  'directo',
  'vida',
  'secreto',
  'tierra',
  'fútbol',
  'cocina',
  'música',
  'equipo',
  'misión',
  'familia',
];

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** 'YYYYMMDDhhmmss +0000' for epoch ms, as XMLTV writes it. */
export function xmltvTimeOf(ms: number): string {
  const d = new Date(ms);
  return `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())} +0000`;
}

function sentence(random: () => number, words: number): string {
  const out: string[] = [];
  for (let i = 0; i < words; i++) out.push(WORDS[Math.floor(random() * WORDS.length)] as string);
  const text = out.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The channel id the generator gives channel n (1-based). */
export const syntheticChannelId = (n: number) => `canal${n}.sintetico.tv`;

/**
 * Yields an XMLTV document of `channels` × `days` (programmes of 30–150 minutes back to
 * back, with the optional elements real guides carry now and then), in pieces.
 */
export function* syntheticXmltv(options: SyntheticGuideOptions): Generator<string> {
  const { channels, days, from = '2026-06-15', seed = 16, programmesPerChunk = 2000, order = 'channel' } = options;
  const random = prng(seed);
  const begin = Date.parse(`${from}T00:00:00Z`);
  const end = begin + days * 86_400_000;
  let out =
    '<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE tv SYSTEM "xmltv.dtd">\n<tv generator-info-name="pantalla-sintetico">\n';
  for (let c = 1; c <= channels; c++) {
    out += `  <channel id="${syntheticChannelId(c)}"><display-name lang="es">Canal ${c}</display-name><icon src="https://img.example/c${c}.png"/></channel>\n`;
    if (c % 1000 === 0) {
      yield out;
      out = '';
    }
  }
  let count = 0;
  const programme = (c: number, t: number, limit: number): [string, number] => {
    const stop = Math.min(limit, t + (MINUTES[Math.floor(random() * MINUTES.length)] as number) * 60_000);
    const r = random();
    let p = `  <programme start="${xmltvTimeOf(t)}" stop="${xmltvTimeOf(stop)}" channel="${syntheticChannelId(c)}">\n    <title lang="es">${sentence(random, 3)}</title>\n`;
    if (r < 0.4) p += `    <sub-title lang="es">${sentence(random, 2)}</sub-title>\n`;
    p += `    <desc lang="es">${sentence(random, 18)} &amp; ${sentence(random, 4)}.</desc>\n`;
    if (r < 0.2) p += '    <credits><director>Ana Gil</director><actor role="Marta">Marta Ruiz</actor></credits>\n';
    p += `    <category lang="es">${CATEGORIES[Math.floor(random() * CATEGORIES.length)]}</category>\n`;
    if (r < 0.4)
      p += `    <episode-num system="xmltv_ns">${Math.floor(r * 10)}.${Math.floor(random() * 20)}.</episode-num>\n`;
    if (r > 0.7) p += `    <icon src="https://img.example/p/${c}-${t / 60_000}.jpg"/>\n`;
    if (r > 0.8) p += '    <rating system="ES"><value>12</value></rating>\n';
    return [`${p}  </programme>\n`, stop];
  };
  // Each channel's clock; a day block ends where the day does (a programme may run past it).
  const clocks = new Array<number>(channels + 1).fill(begin);
  const blocks = order === 'day' ? days : 1;
  for (let b = 0; b < blocks; b++) {
    const limit = order === 'day' ? begin + (b + 1) * 86_400_000 : end;
    for (let c = 1; c <= channels; c++) {
      for (let t = clocks[c] as number; t < limit;) {
        const [p, stop] = programme(c, t, end);
        out += p;
        t = stop;
        clocks[c] = stop;
        if (++count % programmesPerChunk === 0) {
          yield out;
          out = '';
        }
      }
    }
  }
  yield `${out}</tv>\n`;
}

/** How many programmes syntheticXmltv yields for these options, without building them. */
export function syntheticProgrammeCount(options: SyntheticGuideOptions): number {
  let n = 0;
  for (const piece of syntheticXmltv(options))
    for (let i = piece.indexOf('<programme '); i !== -1; i = piece.indexOf('<programme ', i + 1)) n++;
  return n;
}

export interface SyntheticListOptions {
  channels: number;
  /** Every n-th channel gets a second stream (same tvg-id), as public lists often do. */
  alternateEvery?: number;
  seed?: number;
}

/** Yields an M3U list of `channels` channels with alternates, groups, numbers and catch-up. */
export function* syntheticM3u(options: SyntheticListOptions): Generator<string> {
  const { channels, alternateEvery = 5, seed = 11 } = options;
  const random = prng(seed);
  let out = '#EXTM3U url-tvg="https://guia.example/epg.xml.gz"\n';
  for (let c = 1; c <= channels; c++) {
    const group = CATEGORIES[Math.floor(random() * CATEGORIES.length)];
    const catchup =
      c % 3 === 0
        ? ' catchup="default" catchup-days="7" catchup-source="https://cdn.example/archive/{utc}-{duration}.m3u8"'
        : '';
    out += `#EXTINF:-1 tvg-id="${syntheticChannelId(c)}" tvg-chno="${c}" tvg-logo="https://img.example/c${c}.png" group-title="${group}"${catchup},Canal ${c} (1080p)\nhttps://cdn.example/live/${c}/index.m3u8\n`;
    if (c % alternateEvery === 0)
      out += `#EXTINF:-1 tvg-id="${syntheticChannelId(c)}",Canal ${c} (720p) [Not 24/7]\nhttps://backup.example/live/${c}/index.m3u8\n`;
    if (c % 1000 === 0) {
      yield out;
      out = '';
    }
  }
  yield out;
}

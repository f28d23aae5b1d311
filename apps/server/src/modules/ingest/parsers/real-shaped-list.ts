import { prng } from './synthetic-guide';

/**
 * A combined public list as iptv-org publishes them, generated deterministically: about
 * 7,000 entries, a third without tvg-id, names in Latin, Cyrillic, Greek, CJK, Arabic,
 * Hebrew, Devanagari and Thai script, the same names in several countries and groups,
 * feed suffixes (`France2.fr@SD`), several streams per channel, names that are only
 * symbols, and quality notes after names. Tests only: the same seed gives the same bytes.
 */

const SCRIPTS: readonly (readonly string[])[] = [
  ['Canal', 'Noticias', 'Deportes', 'Cine', 'Música', 'Télé', 'Straße', 'Kids', 'Info', 'Sport'],
  ['Первый', 'Россия', 'Новости', 'Спорт', 'Кино', 'Мир', 'Дом', 'Звезда', 'Культура', 'Пятница'],
  ['ΕΡΤ', 'Ειδήσεις', 'Αθλητικά', 'Σινεμά', 'Μουσική', 'Βουλή', 'Σκάι', 'Όπεν', 'Άλφα', 'Στάρ'],
  ['新闻', '体育', '电影', '综合', '少儿', '音乐', '财经', '纪录', '综艺', '戏曲'],
  ['ＮＨＫ', '総合', 'テレビ', '東京', 'ニュース', '映画', 'アニメ', 'スポーツ', '放送', '日本'],
  ['الجزيرة', 'العربية', 'أخبار', 'رياضة', 'أفلام', 'مباشر', 'قناة', 'الأولى', 'دراما', 'سينما'],
  ['חדשות', 'ספורט', 'ערוץ', 'סרטים', 'מוזיקה'],
  ['समाचार', 'खेल', 'फ़िल्म', 'संगीत', 'भारत'],
  ['ข่าว', 'กีฬา', 'หนัง', 'เพลง', 'ไทย'],
];
const COUNTRIES = ['es', 'fr', 'ru', 'gr', 'cn', 'jp', 'sa', 'il', 'in', 'th', 'us', 'mx', 'ar', 'de', 'ua', 'eg'];
const CATEGORIES = ['General', 'News', 'Sports', 'Movies', 'Music', 'Kids', 'Documentary', 'Religious'];
const QUALITIES = ['', '', '', ' (720p)', ' (1080p)', ' (576p) [Geo-blocked]', ' [Not 24/7]', ' (480p)'];
const FEEDS = ['', '', '@SD', '@HD'];
const SYMBOLS = ['★★★', '♪♪', '📺', '+++', '…'];

export interface RealShapedEntry {
  tvgId: string | null;
  name: string;
  group: string;
  url: string;
  line: number;
}

/** The list's entries, in order, with the line of each #EXTINF. */
export function realShapedEntries(size = 7000, seed = 31): RealShapedEntry[] {
  const random = prng(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const entries: RealShapedEntry[] = [];
  // Channels, each given one or more streams: ~2,300 names for ~7,000 entries.
  while (entries.length < size) {
    const earlier = entries[Math.floor(random() * entries.length)];
    if (earlier?.tvgId && random() < 0.05) {
      // The same tvg-id again further down (a mirror listed under another country).
      const i = entries.length;
      entries.push({ ...earlier, url: `https://mirror.example/${i}/live.m3u8`, line: 0 });
      continue;
    }
    const script = pick(SCRIPTS);
    const country = pick(COUNTRIES);
    const words = random() < 0.25 ? [pick(script)] : [pick(script), pick(script)];
    const symbolOnly = random() < 0.01;
    const number = random() < 0.5 ? ` ${1 + Math.floor(random() * 99)}` : '';
    const name = symbolOnly ? pick(SYMBOLS) : `${words.join(' ')}${number}`;
    const group = random() < 0.5 ? pick(CATEGORIES) : `${pick(CATEGORIES)};${country.toUpperCase()}`;
    const base = `${name.replace(/[^\p{L}\p{N}]+/gu, '') || 'Sym'}${entries.length}.${country}`;
    const withId = random() < 0.66;
    const streams = 1 + Math.floor(random() * random() * 6);
    const feed = pick(FEEDS);
    for (let s = 0; s < streams && entries.length < size; s++) {
      const i = entries.length;
      entries.push({
        tvgId: withId ? `${base}${feed}` : null,
        name: `${name}${pick(QUALITIES)}`,
        group,
        url: `https://cdn${i % 7}.example/${country}/${i}/index.m3u8`,
        line: 0,
      });
    }
  }
  return entries;
}

/** The list as text, with each entry's #EXTINF line recorded in its `line`. */
export function realShapedList(entries: RealShapedEntry[]): string {
  const lines = ['#EXTM3U x-tvg-url="https://epg.example/guide.xml.gz"'];
  for (const [i, e] of entries.entries()) {
    const id = e.tvgId ? ` tvg-id="${e.tvgId}"` : ' tvg-id=""';
    const logo = i % 5 === 0 ? '' : ` tvg-logo="https://logo${i % 3}.example/${i}.png"`;
    lines.push(`#EXTINF:-1${id}${logo} group-title="${e.group}",${e.name}`);
    e.line = lines.length;
    if (i % 11 === 0) lines.push('#EXTVLCOPT:http-user-agent=Mozilla/5.0');
    lines.push(e.url);
  }
  return `${lines.join('\n')}\n`;
}

/**
 * Series rules matched against guide programmes (issue 29). Pure: the rules are indexed once per
 * evaluation, so 100,000 rules cost a few map lookups per programme instead of a loop over rules.
 */

const LATIN: Record<string, string> = Object.fromEntries(
  [...'áàäâãåéèëêíìïîóòöôõúùüûñçý'].map((c) => [c, c.normalize('NFD').charAt(0)]),
);
const foldedChars = new Map<string, string>();

/** One non-ASCII character folded: Latin accents dropped, other letters and digits kept, the rest a space. */
function foldChar(c: string): string {
  let out = LATIN[c] ?? foldedChars.get(c);
  if (out === undefined) {
    const bare = c.normalize('NFD').replace(/\p{M}+/gu, '');
    out = /^[\p{L}\p{N}]+$/u.test(bare) ? bare : ' ';
    if (foldedChars.size < 10_000) foldedChars.set(c, out);
  }
  return out;
}

/**
 * Lower case without accents, punctuation as spaces, runs of spaces as one: "¡Águila Roja!" →
 * "aguila roja". A character at a time, ASCII first: it runs on every programme of an import.
 */
export function fold(text: string): string {
  return foldEach(text.toLowerCase());
}

function foldEach(lower: string): string {
  let out = '';
  let gap = false;
  for (const c of lower) {
    const code = c.charCodeAt(0);
    const piece = (code >= 97 && code <= 122) || (code >= 48 && code <= 57) ? c : code < 128 ? ' ' : foldChar(c);
    if (piece === ' ') gap = true;
    else {
      if (gap && out !== '') out += ' ';
      gap = false;
      out += piece;
    }
  }
  return out;
}

export interface MatchRule {
  id: number;
  userId: number;
  kind: 'title' | 'keyword';
  /** Already folded. */
  folded: string;
  channelId: number | null;
  newOnly: boolean;
}

export interface MatchProgramme {
  id: number;
  channelId: number;
  title: string;
  description: string;
  episodeNum: string;
}

/** Rules by what a programme must contain: titles whole, keywords by their longest word. */
export class RuleIndex {
  private readonly byTitle = new Map<string, MatchRule[]>();
  private readonly byWord = new Map<string, MatchRule[]>();
  private readonly titles = new Map<string, string>();
  private readonly descriptions = new Map<string, readonly string[]>();

  constructor(rules: Iterable<MatchRule>) {
    for (const rule of rules) {
      if (rule.folded === '') continue;
      if (rule.kind === 'title') push(this.byTitle, rule.folded, rule);
      else push(this.byWord, longestWord(rule.folded), rule);
    }
  }

  /** The rules a programme matches (each once). */
  match(programme: MatchProgramme): MatchRule[] {
    const title = this.folded(this.titles, programme.title);
    const found: MatchRule[] = [];
    for (const rule of this.byTitle.get(title) ?? []) if (onChannel(rule, programme)) found.push(rule);
    if (this.byWord.size === 0) return found;
    // Padded so a keyword matches whole words only: "sol" is not in "soldados". Built only when a
    // rule's word is there: most programmes hold none.
    let text: string | undefined;
    const check = (word: string) => {
      for (const rule of this.byWord.get(word) ?? []) {
        if (!onChannel(rule, programme) || found.includes(rule)) continue;
        text ??= ` ${title} ${fold(programme.description)} `;
        if (text.includes(` ${rule.folded} `)) found.push(rule);
      }
    };
    for (const word of title.split(' ')) check(word);
    for (const word of this.wordsOf(programme.description)) check(word);
    return found;
  }

  /**
   * The description's folded words that some keyword rule is indexed by (usually none), kept per
   * description: repeats and series share theirs, so most programmes cost one lookup.
   */
  private wordsOf(description: string): readonly string[] {
    let words = this.descriptions.get(description);
    if (words === undefined) {
      words = [...new Set(fold(description).split(' '))].filter((w) => this.byWord.has(w));
      if (this.descriptions.size >= DESCRIPTION_CACHE) this.descriptions.clear();
      this.descriptions.set(description, words.length === 0 ? NONE : words);
    }
    return words;
  }

  private folded(cache: Map<string, string>, text: string): string {
    let out = cache.get(text);
    if (out === undefined) {
      out = fold(text);
      if (cache.size >= FOLD_CACHE) cache.clear();
      cache.set(text, out);
    }
    return out;
  }
}

/** Folded titles and descriptions' words kept per evaluation (some 20 MB at most, then begun again). */
const FOLD_CACHE = 100_000;
const DESCRIPTION_CACHE = 20_000;
const NONE: readonly string[] = [];

const onChannel = (rule: MatchRule, p: MatchProgramme) => rule.channelId === null || rule.channelId === p.channelId;

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

function longestWord(folded: string): string {
  return folded.split(' ').reduce((a, b) => (b.length > a.length ? b : a), '');
}

/**
 * The episode a guide label names, comparable across sources: "T2 E5", "S02E05", "2.4." (XMLTV
 * xmltv_ns counts from 0) all read as "2:5"; null when the label names none.
 */
export function episodeKey(label: string): string | null {
  const l = label.trim();
  if (l === '') return null;
  const ns = /^(\d*)(?:\/\d+)?\s*\.\s*(\d*)(?:\/\d+)?\s*\./.exec(l);
  if (ns && ns[2] !== '') return `${ns[1] === '' ? 0 : Number(ns[1]) + 1}:${Number(ns[2]) + 1}`;
  const se = /(?:t|s|temporada|season)\s*(\d+)\D*?(?:e|ep|episodio|episode|x)\s*(\d+)/i.exec(l);
  if (se) return `${Number(se[1])}:${Number(se[2])}`;
  const only = /(?:e|ep|episodio|episode)\s*(\d+)/i.exec(l);
  return only ? `0:${Number(only[1])}` : `label:${fold(l)}`;
}

/**
 * Whether a "new episodes only" rule takes this programme: not one the guide says was shown before
 * (XMLTV `previously-shown`), the guide must name an episode, and the subscriber must not hold a
 * recording of that episode of the rule already (a repeat of it).
 */
export function isNewEpisode(
  programme: Pick<MatchProgramme, 'episodeNum'> & { previouslyShown?: number | boolean | null | undefined },
  recordedEpisodes: ReadonlySet<string>,
): boolean {
  if (programme.previouslyShown === true || programme.previouslyShown === 1) return false;
  const key = episodeKey(programme.episodeNum);
  return key !== null && !recordedEpisodes.has(key);
}

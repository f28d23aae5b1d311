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
  /** The profile the rule files its recordings for (issue 30). */
  profileId: number;
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

/** A title or description as rules see it: folded, and the rules that may take a programme carrying it. */
interface TextEntry {
  /** Folded; kept for a description only when some keyword rule may match it. */
  folded: string;
  /** Title rules for exactly this title (titles only). */
  titleRules: readonly MatchRule[];
  /** Keyword rules indexed by one of its words, in word order, each once. */
  wordRules: readonly MatchRule[];
}

/**
 * Rules by what a programme must contain: titles whole, keywords by their longest word. What a
 * title or a description may match is worked out once per distinct text (series and repeats share
 * them), so most programmes cost two map lookups and no allocation.
 */
export class RuleIndex {
  private readonly byTitle = new Map<string, MatchRule[]>();
  private readonly byWord = new Map<string, MatchRule[]>();
  private readonly titles = new Map<string, TextEntry>();
  private readonly descriptions = new Map<string, TextEntry>();

  constructor(rules: Iterable<MatchRule>) {
    for (const rule of rules) {
      if (rule.folded === '') continue;
      if (rule.kind === 'title') push(this.byTitle, rule.folded, rule);
      else push(this.byWord, longestWord(rule.folded), rule);
    }
  }

  /** The rules a programme matches (each once). */
  match(programme: MatchProgramme): readonly MatchRule[] {
    const title = this.titleEntry(programme.title);
    const description = this.descriptionEntry(programme.description);
    if (title.titleRules.length === 0 && title.wordRules.length === 0 && description.wordRules.length === 0)
      return NO_RULES;
    const found: MatchRule[] = [];
    for (const rule of title.titleRules) if (onChannel(rule, programme)) found.push(rule);
    // Padded so a keyword matches whole words only: "sol" is not in "soldados". Built only when a
    // rule on this channel wants it.
    let text: string | undefined;
    for (const rules of [title.wordRules, description.wordRules])
      for (const rule of rules) {
        if (!onChannel(rule, programme) || found.includes(rule)) continue;
        text ??= ` ${title.folded} ${description.folded} `;
        if (text.includes(` ${rule.folded} `)) found.push(rule);
      }
    return found;
  }

  private titleEntry(title: string): TextEntry {
    let entry = this.titles.get(title);
    if (entry === undefined) {
      const folded = fold(title);
      entry = { folded, titleRules: this.byTitle.get(folded) ?? NO_RULES, wordRules: this.rulesOfWords(folded) };
      if (this.titles.size >= TITLE_CACHE) this.titles.clear();
      this.titles.set(title, entry);
    }
    return entry;
  }

  private descriptionEntry(description: string): TextEntry {
    let entry = this.descriptions.get(description);
    if (entry === undefined) {
      const folded = fold(description);
      const wordRules = this.rulesOfWords(folded);
      entry = wordRules.length === 0 ? NO_TEXT : { folded, titleRules: NO_RULES, wordRules };
      if (this.descriptions.size >= DESCRIPTION_CACHE) this.descriptions.clear();
      this.descriptions.set(description, entry);
    }
    return entry;
  }

  /** The keyword rules indexed by the folded text's words (usually none). */
  private rulesOfWords(folded: string): readonly MatchRule[] {
    if (this.byWord.size === 0 || folded === '') return NO_RULES;
    let out: MatchRule[] | undefined;
    for (const word of new Set(folded.split(' '))) {
      const rules = this.byWord.get(word);
      if (rules) (out ??= []).push(...rules);
    }
    return out ?? NO_RULES;
  }
}

/** Titles and descriptions kept per evaluation (some 20 MB at most, then begun again). */
const TITLE_CACHE = 100_000;
const DESCRIPTION_CACHE = 20_000;
const NO_RULES: readonly MatchRule[] = [];
const NO_TEXT: TextEntry = { folded: '', titleRules: NO_RULES, wordRules: NO_RULES };

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

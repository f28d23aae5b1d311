/**
 * The guide's distinct programme titles (normalised: see search-text.ts), searchable by words
 * that may be typed in part or with a typo, as a viewer types on a remote: every word of the
 * query must meet a word of the title, whole (best), as its beginning, or within a small edit
 * distance of either (one slip from 4 letters, two from 8; none below 4).
 *
 * Built in memory from the distinct titles (a million programmes hold some tens of thousands):
 * a query compares its words with each distinct word once, then intersects the titles of the
 * words that matched.
 */
export class TitleIndex {
  /** Distinct words, and for each the titles holding it. */
  private readonly words: string[] = [];
  private readonly postings: number[][] = [];

  constructor(readonly titles: readonly string[]) {
    const byWord = new Map<string, number>();
    titles.forEach((title, t) => {
      for (const word of new Set(title.split(' '))) {
        if (!word) continue;
        let w = byWord.get(word);
        if (w === undefined) {
          w = this.words.length;
          byWord.set(word, w);
          this.words.push(word);
          this.postings.push([]);
        }
        this.postings[w]!.push(t);
      }
    });
  }

  /** The titles every word of `query` (normalised) meets, best first; at most `limit`. */
  find(query: string, limit: number): string[] {
    const terms = [...new Set(query.split(' ').filter(Boolean))];
    if (terms.length === 0) return [];
    let scores: Map<number, number> | null = null;
    for (const term of terms) {
      const matched = new Map<number, number>();
      this.words.forEach((word, w) => {
        const cost = wordCost(term, word);
        if (cost === null) return;
        for (const t of this.postings[w]!) {
          const before = matched.get(t);
          if (before === undefined || cost < before) matched.set(t, cost);
        }
      });
      const next = new Map<number, number>();
      for (const [t, cost] of matched) {
        if (scores === null) next.set(t, cost);
        else {
          const before: number | undefined = scores.get(t);
          if (before !== undefined) next.set(t, before + cost);
        }
      }
      scores = next;
      if (scores.size === 0) return [];
    }
    return [...(scores ?? new Map<number, number>())]
      .sort((a, b) => a[1] - b[1] || this.titles[a[0]]!.length - this.titles[b[0]]!.length || a[0] - b[0])
      .slice(0, limit)
      .map(([t]) => this.titles[t]!);
  }
}

/** Slips a word of this length may hold. */
export function allowedSlips(length: number): number {
  return length >= 8 ? 2 : length >= 4 ? 1 : 0;
}

/**
 * How well a typed term meets a title's word: 0 the whole word, 1 its beginning, 2 + slips
 * with typos (whole or beginning); null when it does not.
 */
export function wordCost(term: string, word: string): number | null {
  if (word === term) return 0;
  if (word.startsWith(term)) return 1;
  const slips = allowedSlips(term.length);
  if (slips === 0 || word.length < term.length - slips) return null;
  let best = distanceWithin(term, word, slips);
  // A word typed in part: its beginning, a letter shorter or longer than the term too.
  for (let cut = term.length - slips; cut <= term.length + slips && best > 0; cut++) {
    if (cut <= 0 || cut >= word.length) continue;
    best = Math.min(best, distanceWithin(term, word.slice(0, cut), slips));
  }
  return best <= slips ? 2 + best : null;
}

/** Levenshtein distance when at most `max`; any larger answer means "more than max". */
export function distanceWithin(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowBest = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      const value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      current.push(value);
      if (value < rowBest) rowBest = value;
    }
    if (rowBest > max) return max + 1;
    previous = current;
  }
  return previous[b.length]!;
}

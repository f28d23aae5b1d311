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
  const best = closestBeginning(term, word, slips);
  return best <= slips ? 2 + best : null;
}

/** Levenshtein distance when at most `max`; any larger answer means "more than max". */
export function distanceWithin(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const row = levenshteinLastRow(a, b, b.length, max);
  return row === null ? max + 1 : Math.min(row[b.length]!, max + 1);
}

/**
 * The least distance from `term` to the whole `word` or to one of its beginnings a few letters
 * shorter or longer than the term (a word typed in part). One table for all of them: its last
 * row holds the distance to every beginning.
 */
function closestBeginning(term: string, word: string, slips: number): number {
  const upTo = Math.min(word.length, term.length + slips);
  const row = levenshteinLastRow(term, word, upTo, slips);
  if (row === null) return slips + 1;
  let best = slips + 1;
  for (let j = Math.max(1, term.length - slips); j <= upTo; j++) if (row[j]! < best) best = row[j]!;
  if (word.length > upTo) return best;
  return Math.min(best, row[word.length]!);
}

let previousRow = new Int32Array(64);
let currentRow = new Int32Array(64);

/**
 * The last row of the edit-distance table of `a` against the first `columns` letters of `b`
 * (reused buffers: a query runs this once per distinct word); null once every cell of a row is
 * past `max`, when no beginning can come within it.
 */
function levenshteinLastRow(a: string, b: string, columns: number, max: number): Int32Array | null {
  if (previousRow.length <= columns) {
    previousRow = new Int32Array(columns * 2 + 1);
    currentRow = new Int32Array(columns * 2 + 1);
  }
  let previous = previousRow;
  let current = currentRow;
  for (let j = 0; j <= columns; j++) previous[j] = j;
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    let rowBest = i;
    const code = a.charCodeAt(i - 1);
    for (let j = 1; j <= columns; j++) {
      const value = Math.min(
        previous[j]! + 1,
        current[j - 1]! + 1,
        previous[j - 1]! + (code === b.charCodeAt(j - 1) ? 0 : 1),
      );
      current[j] = value;
      if (value < rowBest) rowBest = value;
    }
    if (rowBest > max) return null;
    [previous, current] = [current, previous];
  }
  return previous;
}

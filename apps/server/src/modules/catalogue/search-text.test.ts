import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizeForSearch, normalizeSlowly } from './search-text';

describe('normalizeForSearch', () => {
  it('folds accents and case and keeps letters and digits, one space between words', () => {
    expect(normalizeForSearch('  ¡Canción  Ñandú, 2ª parte! ')).toBe('cancion nandu 2 parte');
    expect(normalizeForSearch('Ärger über Straße')).toBe('arger uber stra e');
    expect(normalizeForSearch('a\u0301b')).toBe('ab');
    expect(normalizeForSearch('---')).toBe('');
  });

  it('gives what the rule as written gives, for any text', () => {
    const texts = fc.oneof(
      fc.string({ unit: 'binary' }),
      fc.string({ unit: fc.constantFrom(...'aÁéñÑü ÇçİıßøØ\u0301\u0327-_.,1Ⅸ한𝐀'.split('')) }),
    );
    fc.assert(
      fc.property(texts, (text) => normalizeForSearch(text) === normalizeSlowly(text)),
      { numRuns: 2000 },
    );
  });
});

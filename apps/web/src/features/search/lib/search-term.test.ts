import { describe, expect, it } from 'vitest';
import { prepareSearch, SEARCH_STRIPPED_CHARACTERS, withTimeout } from './search-term';

describe('prepareSearch', () => {
  it('strips every character the spec lists', () => {
    const listed = [
      '&',
      '/',
      '\\',
      '#',
      ',',
      '+',
      '(',
      ')',
      '$',
      '~',
      '.',
      "'",
      '"',
      ':',
      '*',
      '?',
      '<',
      '>',
      '{',
      '}',
    ];
    expect([...SEARCH_STRIPPED_CHARACTERS].sort()).toEqual([...listed].sort());
    for (const ch of listed) expect(prepareSearch(`ab${ch}c`).term).toBe('abc');
    expect(prepareSearch(listed.join('')).term).toBe('');
  });

  it('keeps letters, accents, digits, spaces inside and other punctuation', () => {
    expect(prepareSearch('  La Casa de Papel  ').term).toBe('La Casa de Papel');
    expect(prepareSearch('Ñandú 2-1 ¡olé! 50% @x').term).toBe('Ñandú 2-1 ¡olé! 50% @x');
  });

  it('asks nothing under 3 characters, counting after stripping', () => {
    expect(prepareSearch('ab').shouldQuery).toBe(false);
    expect(prepareSearch('a.b.').shouldQuery).toBe(false);
    expect(prepareSearch(' ab ').shouldQuery).toBe(false);
    expect(prepareSearch('abc').shouldQuery).toBe(true);
    expect(prepareSearch('(a)b/c').shouldQuery).toBe(true);
  });

  it('clears suggestions only when nothing is left', () => {
    expect(prepareSearch('').clearSuggestions).toBe(true);
    expect(prepareSearch('   ').clearSuggestions).toBe(true);
    expect(prepareSearch('?*').clearSuggestions).toBe(true);
    expect(prepareSearch('a').clearSuggestions).toBe(false);
  });
});

describe('withTimeout', () => {
  it('follows the caller and the timer', async () => {
    const caller = new AbortController();
    const signal = withTimeout(caller.signal, 10_000);
    expect(signal.aborted).toBe(false);
    caller.abort();
    expect(signal.aborted).toBe(true);
    const timed = withTimeout(undefined, 5);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(timed.aborted).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { profileKeyOf, readFavouritesFilter, writeFavouritesFilter } from './favourites-filter';

function memoryStore() {
  const data = new Map<string, string>();
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v) };
}

describe('the guide favourites filter', () => {
  it('is remembered per account and profile', () => {
    const store = memoryStore();
    const user = { userId: 7, profiles: [{ id: 70, isAdult: true, name: 'A' }] };
    const first = profileKeyOf(user);
    const second = profileKeyOf(user, 71);
    expect(first).toBe('7.70');
    expect(readFavouritesFilter(first, store)).toBe(false);
    writeFavouritesFilter(first, true, store);
    expect(readFavouritesFilter(first, store)).toBe(true);
    expect(readFavouritesFilter(second, store)).toBe(false);
    expect(readFavouritesFilter(profileKeyOf({ userId: 8, profiles: [] }), store)).toBe(false);
    writeFavouritesFilter(first, false, store);
    expect(readFavouritesFilter(first, store)).toBe(false);
  });

  it('survives blocked storage', () => {
    const broken = {
      getItem: () => null,
      setItem: () => {
        throw new Error('quota');
      },
    };
    expect(() => writeFavouritesFilter('1.1', true, broken)).not.toThrow();
    expect(readFavouritesFilter('1.1', null)).toBe(false);
  });
});

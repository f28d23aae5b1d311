import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { getScreenListsQueryOptions, getScreensQueryOptions } from '../../../lib/catalogue';
import { getRowItemsQueryOptions } from '../api/get-row-items';
import { prefetchHome, readHomeHint, writeHomeHint, type HomeHint } from './home-hint';

function memoryStorage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return {
    getItem: (k: string) => values.get(k) ?? null,
    setItem: vi.fn((k: string, v: string) => void values.set(k, v)),
    values,
  };
}

const HINT: HomeHint = {
  regionId: 1,
  lineupId: 1,
  listGroupId: 1,
  featured: { id: 11, kind: 'featured', personalised: 0 },
};

describe('the home hint', () => {
  it('is read back for the same region only', () => {
    const store = memoryStorage();
    writeHomeHint(HINT, store);
    expect(readHomeHint(1, store)).toEqual(HINT);
    expect(readHomeHint(3, store)).toBeNull();
    expect(readHomeHint(null, store)).toBeNull();
  });

  it('keeps ids only, and does not rewrite an unchanged hint', () => {
    const store = memoryStorage();
    writeHomeHint(
      { ...HINT, featured: { ...HINT.featured, name: 'Destacados', total: 9 } as HomeHint['featured'] },
      store,
    );
    writeHomeHint(HINT, store);
    expect(store.setItem).toHaveBeenCalledTimes(1);
    expect(JSON.parse([...store.values.values()][0] ?? '')).toEqual(HINT);
  });

  it('ignores what is not a hint, and storage that throws', () => {
    expect(readHomeHint(1, memoryStorage({ 'pantalla.homeHint': '{"regionId":1,"lineupId":"x"}' }))).toBeNull();
    expect(readHomeHint(1, memoryStorage({ 'pantalla.homeHint': 'not json' }))).toBeNull();
    const throwing = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('blocked');
      },
    };
    expect(readHomeHint(1, throwing)).toBeNull();
    expect(() => writeHomeHint(HINT, throwing)).not.toThrow();
  });

  it('asks for the screens, the rows and the carousel under the start-up load’s own keys', () => {
    const client = new QueryClient();
    const asked: unknown[] = [];
    vi.spyOn(client, 'prefetchQuery').mockImplementation((options) => {
      asked.push(options.queryKey);
      return Promise.resolve();
    });
    prefetchHome(client, HINT);
    expect(asked).toEqual([
      getScreensQueryOptions(1, 1).queryKey,
      getScreenListsQueryOptions(1, 1).queryKey,
      getRowItemsQueryOptions(HINT.featured).queryKey,
    ]);
  });
});

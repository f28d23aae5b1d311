import type { Category } from '@pantalla/contracts';
import { describe, expect, it } from 'vitest';
import { getRowItemsQueryOptions, keepWatchingQueryKey } from './get-row-items';

const category = (over: Partial<Category>): Pick<Category, 'id' | 'kind' | 'personalised'> => ({
  id: 7,
  kind: 'films',
  personalised: 0,
  ...over,
});

describe('row items query', () => {
  it('refreshes every 300000 ms, like the category data', () => {
    expect(getRowItemsQueryOptions(category({})).refetchInterval).toBe(300_000);
    expect(getRowItemsQueryOptions(category({ kind: 'keep-watching', personalised: 1 })).refetchInterval).toBe(300_000);
  });
  it('asks for the first 14 items of a list, and keep-watching from its own list', () => {
    expect(getRowItemsQueryOptions(category({})).queryKey).toEqual(['browse', 'row', 7, 14]);
    expect(getRowItemsQueryOptions(category({ kind: 'keep-watching', personalised: 1 })).queryKey).toEqual(
      keepWatchingQueryKey,
    );
  });
});

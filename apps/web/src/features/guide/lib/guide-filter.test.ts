import { describe, expect, it } from 'vitest';
import { NO_GUIDE_FILTER } from '@pantalla/contracts';
import { filterActive, filterChannels, genreWindow, groupsPageSize } from './guide-filter';
import type { GuideChannel } from './programme';

const channel = (id: number, groupId: number): GuideChannel => ({
  id,
  name: `C${id}`,
  number: id,
  logo: '',
  catchupHours: 0,
  deliveryURL: null,
  adult: false,
  groupId,
});
const channels = [channel(1, 10), channel(2, 20), channel(3, 10), channel(4, 20)];
const known = { favourites: new Set([1, 2]), genreChannels: new Set([2, 3, 4]) };

describe('guide filter', () => {
  it('keeps every channel without a filter', () => {
    expect(filterActive(NO_GUIDE_FILTER)).toBe(false);
    expect(filterChannels(channels, NO_GUIDE_FILTER, known)).toBe(channels);
  });

  it('applies every part at once, in the guide order', () => {
    const ids = (f: Partial<typeof NO_GUIDE_FILTER>) =>
      filterChannels(channels, { ...NO_GUIDE_FILTER, ...f }, known).map((c) => c.id);
    expect(ids({ groupId: 10 })).toEqual([1, 3]);
    expect(ids({ genreId: 5 })).toEqual([2, 3, 4]);
    expect(ids({ favourites: true })).toEqual([1, 2]);
    expect(ids({ groupId: 20, genreId: 5 })).toEqual([2, 4]);
    expect(ids({ groupId: 20, genreId: 5, favourites: true })).toEqual([2]);
    expect(ids({ groupId: 99 })).toEqual([]);
  });

  it('keeps the channels a source does not know yet', () => {
    const f = { ...NO_GUIDE_FILTER, favourites: true, genreId: 5 };
    expect(filterChannels(channels, f, { favourites: null, genreChannels: null })).toEqual(channels);
  });

  it('looks at the next 24 hours from the hour, one window an hour', () => {
    const at = Date.UTC(2026, 11, 11, 10, 42);
    expect(genreWindow(at)).toEqual({ from: Date.UTC(2026, 11, 11, 10), to: Date.UTC(2026, 11, 12, 10) });
    expect(genreWindow(at + 60_000)).toEqual(genreWindow(at));
  });

  it('asks for fewer groups on a phone', () => {
    expect(groupsPageSize(360)).toBeLessThan(groupsPageSize(1440));
  });
});

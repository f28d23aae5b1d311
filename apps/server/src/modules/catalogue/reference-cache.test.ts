import { describe, expect, it } from 'vitest';
import { CacheRegistry } from '../../platform/cache';
import { ManualClock } from '../../platform/clock';
import type { CatalogueRepository } from './catalogue.repository';
import type { GuideRepository } from './guide.repository';
import { META } from './meta-keys';
import { ReferenceCache } from './reference-cache';
import type { ChannelRow } from './tables';

/** Repositories that count how often every channel is read. */
function fakes() {
  const state = { stamp: '2.100.0.0', guideVersion: '1', channelReads: 0 };
  const channel = (id: number) => ({ id, name: `C${id}`, updatedAt: 100 }) as unknown as ChannelRow;
  const catalogue = {
    referenceStamp: async () => state.stamp,
    listChannels: async () => {
      state.channelReads++;
      return [channel(1), channel(2)];
    },
    listGenres: async () => [],
    listChannelGenres: async () => [],
  } as unknown as CatalogueRepository;
  const guide = { meta: async (key: string) => (key === META.guideVersion ? state.guideVersion : undefined) } as unknown as GuideRepository;
  return { state, catalogue, guide };
}

describe('ReferenceCache', () => {
  it('reads every channel again only when the stamp changed, the guide version every time', async () => {
    const clock = new ManualClock(1_000_000);
    const { state, catalogue, guide } = fakes();
    const reference = new ReferenceCache(catalogue, guide, new CacheRegistry(clock), [], 5000);
    const first = await reference.get();
    expect(state.channelReads).toBe(1);
    expect(first.channelById.get(2)?.name).toBe('C2');

    state.guideVersion = '2';
    clock.advance(6000);
    const second = await reference.get();
    expect(state.channelReads).toBe(1);
    expect(second.guideVersion).toBe('2');
    expect(second.generation).not.toBe(first.generation);
    expect(second.channels).toBe(first.channels);

    state.stamp = '2.200.0.0';
    clock.advance(6000);
    await reference.get();
    expect(state.channelReads).toBe(2);
  });

  it('reads everything again after an invalidation, stamp or not', async () => {
    const clock = new ManualClock(1_000_000);
    const { state, catalogue, guide } = fakes();
    const reference = new ReferenceCache(catalogue, guide, new CacheRegistry(clock), [], 5000);
    await reference.get();
    await reference.invalidate();
    await reference.get();
    expect(state.channelReads).toBe(2);
  });
});

import { describe, expect, it } from 'vitest';
import { CacheRegistry } from '../../platform/cache';
import { ManualClock } from '../../platform/clock';
import type { CatalogueRepository, ReferenceStamp } from './catalogue.repository';
import type { GuideRepository } from './guide.repository';
import { META } from './meta-keys';
import { ReferenceCache } from './reference-cache';
import type { ChannelRow } from './tables';

/** Repositories over a channel table in memory, counting full reads and rows read. */
function fakes() {
  const channel = (id: number, number: number, updatedAt: number) =>
    ({ id, number, name: `C${id}`, updatedAt }) as unknown as ChannelRow;
  const state = {
    rows: [channel(1, 1, 90), channel(2, 2, 100), channel(5, 5, 50)],
    genres: 0,
    guideVersion: '1',
    fullReads: 0,
    rowsRead: 0,
    savedMeanwhile: 0,
  };
  const stamp = (): ReferenceStamp => ({
    channels: state.rows.length,
    updatedAt: Math.max(0, ...state.rows.map((r) => r.updatedAt)),
    genres: state.genres,
    groups: 0,
  });
  const catalogue = {
    referenceStamp: async () => stamp(),
    listChannels: async () => {
      state.fullReads++;
      state.rowsRead += state.rows.length;
      return [...state.rows].sort((a, b) => a.number - b.number || a.id - b.id);
    },
    channelsUpdatedSince: async (at: number) => {
      const rows = state.rows.filter((r) => r.updatedAt >= at);
      state.rowsRead += rows.length;
      return { rows, count: rows.length > 0 ? state.rows.length + state.savedMeanwhile : null };
    },
    listGenres: async () => [],
    listChannelGenres: async () => [],
  } as unknown as CatalogueRepository;
  const guide = {
    meta: async (key: string) => (key === META.guideVersion ? state.guideVersion : undefined),
  } as unknown as GuideRepository;
  return { state, channel, catalogue, guide };
}

function setup() {
  const clock = new ManualClock(1_000_000);
  const f = fakes();
  const reference = new ReferenceCache(f.catalogue, f.guide, new CacheRegistry(clock), [], 5000);
  return { ...f, clock, reference };
}

describe('ReferenceCache', () => {
  it('reads no channel again while the stamp holds, the guide version every time', async () => {
    const { state, clock, reference } = setup();
    const first = await reference.get();
    expect(state.fullReads).toBe(1);
    expect(first.channelById.get(2)?.name).toBe('C2');

    state.guideVersion = '2';
    clock.advance(6000);
    const second = await reference.get();
    expect(state.rowsRead).toBe(3);
    expect(second.guideVersion).toBe('2');
    expect(second.generation).not.toBe(first.generation);
    expect(second.channels).toBe(first.channels);
  });

  it('merges only the channels changed since the last read, in dial order, when the stamp moved or an import said so', async () => {
    const { state, channel, clock, reference } = setup();
    await reference.get();
    // An import adds a channel numbered after the first and renames the first.
    state.rows.push(channel(3, 1, 200));
    state.rows[0] = { ...state.rows[0], name: 'Renamed', updatedAt: 200 } as ChannelRow;
    clock.advance(6000);
    const merged = await reference.get();
    expect(state.fullReads).toBe(1);
    // The three read first, then those saved at or after 100: not the one saved at 50.
    expect(state.rowsRead).toBe(3 + 3);
    expect(merged.channels.map((c) => c.id)).toEqual([1, 3, 2, 5]);
    expect(merged.channelById.get(1)?.name).toBe('Renamed');

    // Saved in the same millisecond as the last read's newest: an import's word is enough.
    state.rows[1] = { ...state.rows[1], name: 'Same ms', updatedAt: 200 } as ChannelRow;
    await reference.invalidate('changes');
    expect((await reference.get()).channelById.get(2)?.name).toBe('Same ms');
    expect(state.fullReads).toBe(1);
  });

  it('keeps the channels version while only the guide changes or the same rows come back, and moves it when a row changes', async () => {
    const { state, clock, reference } = setup();
    const first = await reference.get();
    state.guideVersion = '2';
    await reference.invalidate('changes');
    const guideOnly = await reference.get();
    expect(guideOnly.generation).not.toBe(first.generation);
    expect(guideOnly.channelsVersion).toBe(first.channelsVersion);
    expect(guideOnly.channels).toBe(first.channels);

    state.rows[1] = { ...state.rows[1], name: 'Otro nombre' } as ChannelRow;
    await reference.invalidate('changes');
    const renamed = await reference.get();
    expect(renamed.channelsVersion).not.toBe(first.channelsVersion);
    expect(renamed.channelById.get(2)?.name).toBe('Otro nombre');

    clock.advance(6000);
    await reference.invalidate();
    expect((await reference.get()).channelsVersion).not.toBe(renamed.channelsVersion);
  });

  it('reads every channel again when the counts do not add up (one taken out), or after a seed', async () => {
    const { state, channel, clock, reference } = setup();
    await reference.get();
    state.rows = [state.rows[0] as ChannelRow, state.rows[2] as ChannelRow, channel(4, 4, 300)];
    clock.advance(6000);
    expect((await reference.get()).channels.map((c) => c.id)).toEqual([1, 4, 5]);
    expect(state.fullReads).toBe(2);

    await reference.invalidate();
    await reference.get();
    expect(state.fullReads).toBe(3);
  });

  it('counts with the changed rows as one statement saw them, so a batch another connection saves meanwhile is no reason to read everything', async () => {
    const { state, channel, reference } = setup();
    await reference.get();
    state.rows.push(channel(6, 6, 400));
    await reference.invalidate('changes');
    expect((await reference.get()).channels.map((c) => c.id)).toEqual([1, 2, 5, 6]);
    expect(state.fullReads).toBe(1);
    // The statement's count disagrees with what it merged: something was taken out.
    state.rows.push(channel(7, 7, 500));
    state.savedMeanwhile = -2;
    await reference.invalidate('changes');
    await reference.get();
    expect(state.fullReads).toBe(2);
  });
});

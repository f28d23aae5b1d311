import { describe, expect, it } from 'vitest';
import { zapNeighbours, zapOrder, zapPreloadKey, zapTarget } from './zapping';

const channels = [
  { id: 1, channelGenreId: 1 },
  { id: 2, channelGenreId: 1 },
  { id: 90, channelGenreId: 5 },
  { id: 92, channelGenreId: 5 },
  { id: 93, channelGenreId: 5 },
  { id: 221, channelGenreId: 5 },
  { id: 99, channelGenreId: 10 },
];

describe('zapping order', () => {
  it('drops genre-5 channels from the default order, except 92 and 221', () => {
    expect(zapOrder(channels, [])).toEqual([1, 2, 92, 221, 99]);
  });
  it("uses the user's own order when there is one, as is", () => {
    expect(zapOrder(channels, [99, 90, 1])).toEqual([99, 90, 1]);
  });
});

describe('zap target', () => {
  const order = [1, 2, 92, 221, 99];
  const all = () => true;
  it('goes to the next and previous channel, wrapping around', () => {
    expect(zapTarget(order, 1, 1, all)).toBe(2);
    expect(zapTarget(order, 1, -1, all)).toBe(99);
    expect(zapTarget(order, 99, 1, all)).toBe(1);
  });
  it('skips invalid candidates', () => {
    expect(zapTarget(order, 1, 1, (id) => id !== 2 && id !== 92)).toBe(221);
  });
  it('gives up after 16 invalid candidates', () => {
    const long = Array.from({ length: 40 }, (_, i) => i + 1);
    expect(zapTarget(long, 1, 1, (id) => id === 18)).toBeNull();
    expect(zapTarget(long, 1, 1, (id) => id === 17)).toBe(17);
  });
  it('starts from an end when the current channel is not in the order', () => {
    expect(zapTarget(order, 500, 1, all)).toBe(1);
    expect(zapTarget(order, 500, -1, all)).toBe(99);
  });
  it('has nowhere to go with one channel or none', () => {
    expect(zapTarget([1], 1, 1, all)).toBeNull();
    expect(zapTarget([], 1, 1, all)).toBeNull();
  });
});

describe('zapNeighbours', () => {
  it('names the channels a zap up and down would reach, once each', () => {
    expect(zapNeighbours([1, 2, 3, 4], 2, () => true)).toEqual([3, 1]);
    expect(zapNeighbours([1, 2], 1, () => true)).toEqual([2]);
    expect(zapNeighbours([1, 2, 3, 4], 1, (id) => id !== 2)).toEqual([3, 4]);
    expect(zapNeighbours([1], 1, () => true)).toEqual([]);
  });
  it('keys a preload by channel', () => {
    expect(zapPreloadKey(92)).toBe('live:92');
  });
});

import { describe, expect, it } from 'vitest';
import { orderChannels, orderRowChannels, rowUsesChannelOrder } from './channel-order';

describe('orderChannels', () => {
  const channels = [{ id: 1 }, { id: 2 }, { id: 3 }, { id: 4 }];
  it("puts the user's order first, then the rest in lineup order", () => {
    expect(orderChannels(channels, [3, 1]).map((c) => c.id)).toEqual([3, 1, 2, 4]);
  });
  it('ignores unknown and repeated ids, and keeps lineup order without a preference', () => {
    expect(orderChannels(channels, [9, 4, 4, 2]).map((c) => c.id)).toEqual([4, 2, 1, 3]);
    expect(orderChannels(channels, []).map((c) => c.id)).toEqual([1, 2, 3, 4]);
  });
});

describe('rowUsesChannelOrder', () => {
  it("applies to categories with 'canales' in the name, in any case", () => {
    expect(rowUsesChannelOrder('Canales en directo', 'Pantalla')).toBe(true);
    expect(rowUsesChannelOrder('Mis CANALES', 'Pantalla')).toBe(true);
    expect(rowUsesChannelOrder('Películas', 'Pantalla')).toBe(false);
  });
  it("never for an operator whose name includes 'adamo'", () => {
    expect(rowUsesChannelOrder('Canales en directo', 'Adamo Telecom')).toBe(false);
  });
});

describe('orderRowChannels', () => {
  const entry = (type: string, id: number) => ({ item: { type, id } });
  it('reorders the channels among their own places and leaves other items where they are', () => {
    const row = [entry('channel', 1), entry('content', 50), entry('channel', 2), entry('channel', 3)];
    expect(orderRowChannels(row, [3, 2]).map((e) => `${e.item.type}:${e.item.id}`)).toEqual([
      'channel:3',
      'content:50',
      'channel:2',
      'channel:1',
    ]);
  });
  it('keeps the row as it is without a preference', () => {
    const row = [entry('channel', 2), entry('channel', 1)];
    expect(orderRowChannels(row, []).map((e) => e.item.id)).toEqual([2, 1]);
  });
});

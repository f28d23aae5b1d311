import { describe, expect, it } from 'vitest';
import type { OperatorChannelRow } from '@pantalla/contracts';
import { movedPages } from './get-lineup-channels';

const row = (id: number): OperatorChannelRow => ({
  id,
  number: id,
  name: `C${id}`,
  logoUrl: null,
  genreId: 1,
  packageId: 1,
  source: 'origin',
  guide: 'seed',
  health: 'ok',
  enabled: true,
  updatedAt: 0,
});
const data = {
  pageParams: [null, '2'],
  pages: [
    { items: [row(1), row(2)].map((channel, position) => ({ position, channel })), nextCursor: '2', total: 4 },
    { items: [row(3), row(4)].map((channel, i) => ({ position: 2 + i, channel })), nextCursor: null, total: 4 },
  ],
};

describe('movedPages', () => {
  it('moves a row across pages, keeping page sizes and renumbering', () => {
    const moved = movedPages(data, 3, 0);
    expect(moved.pages.map((p) => p.items.map((i) => [i.position, i.channel.id]))).toEqual([
      [
        [0, 4],
        [1, 1],
      ],
      [
        [2, 2],
        [3, 3],
      ],
    ]);
  });

  it('leaves the pages alone for a row not loaded', () => {
    expect(movedPages(data, 0, 9)).toBe(data);
  });
});

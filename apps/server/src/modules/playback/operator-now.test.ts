import { describe, expect, it } from 'vitest';
import { countOf, decodeNowCursor, encodeNowCursor, pageOf } from './operator-now';

describe('the Now view count', () => {
  const count = countOf(
    [
      { kind: 'LIVE', contentId: 7, open: 2 },
      { kind: 'LIVE', contentId: 3, open: 9 },
      { kind: 'LIVE', contentId: 5, open: 2 },
      { kind: 'VOD', contentId: 0, open: 4 },
      { kind: 'SERIE', contentId: 0, open: 1 },
    ],
    1000,
  );

  it('adds every kind to the total and ranks live channels heaviest first, ties by id', () => {
    expect(count).toMatchObject({
      countedAt: 1000,
      totalStreams: 18,
      byKind: { live: 13, catchup: 0, film: 4, episode: 1 },
    });
    expect(count.ranking).toEqual([
      { channelId: 3, openStreams: 9 },
      { channelId: 5, openStreams: 2 },
      { channelId: 7, openStreams: 2 },
    ]);
  });

  it('pages after the cursor and ends with a null cursor', () => {
    const first = pageOf(count.ranking, null, 2);
    expect(first).toEqual({ items: count.ranking.slice(0, 2), nextCursor: '2.5' });
    expect(pageOf(count.ranking, decodeNowCursor(first.nextCursor ?? ''), 2)).toEqual({
      items: [count.ranking[2]],
      nextCursor: null,
    });
    expect(pageOf(count.ranking, null, 3).nextCursor).toBeNull();
    expect(pageOf(count.ranking, { openStreams: 1, channelId: 1 }, 2)).toEqual({ items: [], nextCursor: null });
  });

  it('starts after where the cursor was even when that channel has gone', () => {
    expect(pageOf(count.ranking, { openStreams: 5, channelId: 1 }, 5).items.map((r) => r.channelId)).toEqual([5, 7]);
  });

  it('reads only its own cursors', () => {
    expect(decodeNowCursor(encodeNowCursor({ openStreams: 12, channelId: 40 }))).toEqual({
      openStreams: 12,
      channelId: 40,
    });
    for (const text of ['', 'abc', '1.', '.1', '1.2.3', '-1.2', '1e3.2']) expect(decodeNowCursor(text)).toBeNull();
  });
});

import type { OperatorNowKinds } from '@pantalla/contracts';
import type { OpenStreamGroup } from './operator-now.repository';
import type { SessionKind } from './tables';

/** The open streams counted at one instant: totals, and live channels heaviest first. */
export interface NowCount {
  countedAt: number;
  totalStreams: number;
  byKind: OperatorNowKinds;
  /** Live channels with open streams: most first, then by id (the page order). */
  ranking: { channelId: number; openStreams: number }[];
}

const kindKey: Record<SessionKind, keyof OperatorNowKinds> = {
  LIVE: 'live',
  CUTV: 'catchup',
  VOD: 'film',
  SERIE: 'episode',
  // A recording plays from the catch-up archive: the Now view counts it there.
  REC: 'catchup',
};

/** Totals and the channels' ranking from the grouped counts. */
export function countOf(groups: readonly OpenStreamGroup[], countedAt: number): NowCount {
  const byKind: OperatorNowKinds = { live: 0, catchup: 0, film: 0, episode: 0 };
  const ranking: NowCount['ranking'] = [];
  for (const group of groups) {
    byKind[kindKey[group.kind]] += group.open;
    if (group.kind === 'LIVE') ranking.push({ channelId: group.contentId, openStreams: group.open });
  }
  ranking.sort((a, b) => b.openStreams - a.openStreams || a.channelId - b.channelId);
  return { countedAt, totalStreams: byKind.live + byKind.catchup + byKind.film + byKind.episode, byKind, ranking };
}

/** Where a page starts: after the channel with these open streams and id (the ranking's order). */
export interface NowCursor {
  openStreams: number;
  channelId: number;
}

export const encodeNowCursor = (c: NowCursor): string => `${c.openStreams}.${c.channelId}`;

/** The cursor a page returned, or null when it is not one (the route answers 400). */
export function decodeNowCursor(text: string): NowCursor | null {
  const match = /^(\d{1,9})\.(\d{1,10})$/.exec(text);
  return match ? { openStreams: Number(match[1]), channelId: Number(match[2]) } : null;
}

/**
 * A page of the ranking after the cursor. Keyed on (open streams, id), not an offset: counts
 * move between two polls, and a channel never shows twice on one walk through the pages
 * unless its count rose past the cursor meanwhile.
 */
export function pageOf(
  ranking: NowCount['ranking'],
  cursor: NowCursor | null,
  limit: number,
): { items: NowCount['ranking']; nextCursor: string | null } {
  const start =
    cursor === null
      ? 0
      : ranking.findIndex(
          (r) =>
            r.openStreams < cursor.openStreams ||
            (r.openStreams === cursor.openStreams && r.channelId > cursor.channelId),
        );
  if (start < 0) return { items: [], nextCursor: null };
  const items = ranking.slice(start, start + limit);
  const last = items.at(-1);
  return { items, nextCursor: last && start + limit < ranking.length ? encodeNowCursor(last) : null };
}

import type { GuideFilter } from '@pantalla/contracts';
import type { GuideChannel } from './programme';

/** What a filter needs besides the channels: the profile's favourites and the genre's channels (null: not known yet). */
export interface FilterSources {
  favourites: ReadonlySet<number> | null;
  genreChannels: ReadonlySet<number> | null;
}

export function filterActive(filter: GuideFilter): boolean {
  return filter.favourites || filter.groupId !== null || filter.genreId !== null;
}

/**
 * The guide's rows under a filter, in the guide's order: every part of it applies (favourites,
 * the channel group, the genre); a part whose source is not known yet keeps every channel.
 */
export function filterChannels(channels: GuideChannel[], filter: GuideFilter, sources: FilterSources): GuideChannel[] {
  if (!filterActive(filter)) return channels;
  const { favourites, genreChannels } = sources;
  return channels.filter(
    (c) =>
      (!filter.favourites || !favourites || favourites.has(c.id)) &&
      (filter.groupId === null || c.groupId === filter.groupId) &&
      (filter.genreId === null || !genreChannels || genreChannels.has(c.id)),
  );
}

/**
 * The hour a genre filter looks from, and the day after it: "on in the 24 hours from the time the
 * guide shows" (not from now: a guide showing tomorrow filters tomorrow), one cache entry an hour.
 */
export function genreWindow(shown: number): { from: number; to: number } {
  const from = Math.floor(shown / 3_600_000) * 3_600_000;
  return { from, to: from + 24 * 3_600_000 };
}

/** Groups the picker asks for: what a phone's or a desktop's list shows without scrolling far. */
export function groupsPageSize(width: number): number {
  return width <= 720 ? 20 : 50;
}

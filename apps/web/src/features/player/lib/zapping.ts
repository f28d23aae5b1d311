import { CHANNEL_GENRE_ZAP_EXCLUDED } from '@pantalla/contracts';
import { PLAYER } from './constants';

/** Genre-5 channels kept in the default zapping order. */
export const ZAP_GENRE_EXCEPTIONS: readonly number[] = [92, 221];

export interface ZapChannel {
  id: number;
  channelGenreId: number;
}

/**
 * The zapping order: the user's own channel order when set, otherwise the lineup order
 * without genre-5 channels (except 92 and 221).
 */
export function zapOrder(channels: readonly ZapChannel[], userOrder: readonly number[]): number[] {
  if (userOrder.length > 0) return [...userOrder];
  return channels
    .filter((c) => c.channelGenreId !== CHANNEL_GENRE_ZAP_EXCLUDED || ZAP_GENRE_EXCEPTIONS.includes(c.id))
    .map((c) => c.id);
}

/**
 * The next (+1) or previous (-1) playable channel, skipping up to 16 invalid candidates
 * (unknown, not owned); null when none of them is playable. Wraps around the ends.
 */
export function zapTarget(
  order: readonly number[],
  currentId: number,
  direction: 1 | -1,
  isValid: (id: number) => boolean,
  maxCandidates = PLAYER.zapCandidates,
): number | null {
  if (order.length === 0) return null;
  const start = order.indexOf(currentId);
  // Not in the order (a channel reached from elsewhere): next is the first, previous the last.
  let index = start === -1 ? (direction === 1 ? -1 : order.length) : start;
  const candidates = Math.min(maxCandidates, start === -1 ? order.length : order.length - 1);
  for (let tried = 0; tried < candidates; tried += 1) {
    index = (index + direction + order.length) % order.length;
    const id = order[index]!;
    if (id !== currentId && isValid(id)) return id;
  }
  return null;
}

/** The adapter's key for a channel's live stream preloaded ahead of a zap. */
export function zapPreloadKey(channelId: number): string {
  return `live:${channelId}`;
}

/** The channels a zap up or down would reach (at most two, never the current one). */
export function zapNeighbours(order: readonly number[], currentId: number, isValid: (id: number) => boolean): number[] {
  const next = zapTarget(order, currentId, 1, isValid);
  const previous = zapTarget(order, currentId, -1, isValid);
  return [...new Set([next, previous].filter((id): id is number => id !== null))];
}

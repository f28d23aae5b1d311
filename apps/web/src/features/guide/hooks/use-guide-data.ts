import { useQueries, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { getEpgDayQueryOptions } from '../api/get-epg-day';
import { dayKey } from '../lib/geometry';
import { toGuideProgramme, type DayState, type GuideProgramme } from '../lib/programme';

/**
 * The order a channel's days are asked for: the day in view first, then the days after it,
 * then the days before it, nearest first. Each day waits for the one before it in this order.
 */
export function dayOrder(count: number, inView: number): number[] {
  const start = Math.min(Math.max(0, inView), count - 1);
  const order: number[] = [];
  for (let d = start; d < count; d += 1) order.push(d);
  for (let d = start - 1; d >= 0; d -= 1) order.push(d);
  return order;
}

/**
 * The days of the channels on screen, processed in sequence: a channel's day is requested
 * only once the day before it in the sequence has answered (see `dayOrder`). Channels that
 * leave the screen drop their queries, and TanStack Query aborts what they still had in
 * flight, which takes the job out of the fetch queue.
 */
export function useGuideData(
  channelIds: readonly number[],
  days: readonly number[],
  dayInView = 0,
): ReadonlyMap<number, readonly DayState[]> {
  const client = useQueryClient();
  const keys = useMemo(() => days.map(dayKey), [days]);
  const order = dayOrder(keys.length, dayInView);
  const queries = channelIds.flatMap((channelId) =>
    keys.map((day, d) => {
      const position = order.indexOf(d);
      const before = position > 0 ? (order[position - 1] as number) : null;
      const previous =
        before === null
          ? null
          : client.getQueryState(getEpgDayQueryOptions(channelId, keys[before] as string).queryKey);
      const enabled = before === null || previous?.status === 'success' || previous?.status === 'error';
      return { ...getEpgDayQueryOptions(channelId, day), enabled, select: selectProgrammes };
    }),
  );
  const combine = useCallback(
    (results: UseQueryResult<GuideProgramme[]>[]): ReadonlyMap<number, readonly DayState[]> => {
      const map = new Map<number, DayState[]>();
      channelIds.forEach((channelId, c) => {
        map.set(
          channelId,
          keys.map((_, d): DayState => {
            const result = results[c * keys.length + d];
            if (result?.isSuccess) return { status: 'ready', programmes: result.data };
            if (result?.isError) return { status: 'error' };
            return { status: 'loading' };
          }),
        );
      });
      return map;
    },
    [channelIds, keys],
  );
  // A stable combine is re-run only when a result changes, so the grid's row cache keeps its hits.
  return useQueries({ queries, combine });
}

function selectProgrammes(day: { events: Parameters<typeof toGuideProgramme>[0][] }) {
  return day.events.map(toGuideProgramme);
}

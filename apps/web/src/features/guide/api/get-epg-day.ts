import { queryOptions } from '@tanstack/react-query';
import { epgDayResponseSchema, type EpgDayResponse } from '@pantalla/contracts';
import { api } from '../../../lib/api-client';
import { FetchQueue } from '../lib/fetch-queue';

/** One queue for the whole guide: 10 requests at once, 3 retries 5 s apart. */
export const epgQueue = new FetchQueue();

/** The browser's own time zone, so the server cuts days where the user's midnight is. */
function timeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

/**
 * GET /epg/{channelId}/{yyyy-mm-dd}: one channel's programmes overlapping a local day. The
 * server answers with an ETag and max-age, so the browser cache revalidates it for us.
 */
export function getEpgDay({
  channelId,
  day,
  signal,
}: {
  channelId: number;
  day: string;
  signal?: AbortSignal;
}): Promise<EpgDayResponse> {
  return api.get(`/epg/${channelId}/${day}`, { schema: epgDayResponseSchema, signal, query: { tz: timeZone() } });
}

export const getEpgDayQueryOptions = (channelId: number, day: string) =>
  queryOptions({
    queryKey: ['guide', 'epg', channelId, day],
    // The queue owns retries (3, 5 s apart) and aborts the job when the query is cancelled.
    queryFn: ({ signal }) => epgQueue.add((jobSignal) => getEpgDay({ channelId, day, signal: jobSignal }), signal),
    retry: false,
    staleTime: 5 * 60_000,
    gcTime: 10 * 60_000,
  });

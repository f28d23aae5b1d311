import { queryOptions, useQuery } from '@tanstack/react-query';
import { eventsResponseSchema, type CatalogueEvent } from '@pantalla/contracts';
import { api } from '../api-client';

/** A window of events (at most 48 h, epoch ms), optionally for one lineup or channel. */
export interface EventsWindow {
  startTime: number;
  endTime: number;
  lineupId?: number;
  channelId?: number;
}

export function getEvents({ signal, ...window }: EventsWindow & { signal?: AbortSignal }): Promise<{ resources: CatalogueEvent[] }> {
  return api.get('/events', { schema: eventsResponseSchema, signal, query: { ...window } });
}

export const getEventsQueryOptions = (window: EventsWindow) =>
  queryOptions({
    queryKey: ['catalogue', 'events', window.startTime, window.endTime, window.lineupId ?? null, window.channelId ?? null],
    queryFn: ({ signal }) => getEvents({ ...window, signal }),
    staleTime: 5 * 60_000,
  });

export function useEvents(window: EventsWindow, enabled = true) {
  return useQuery({ ...getEventsQueryOptions(window), enabled });
}

/** Today's local day, the window the start-up load fetches. */
export function todayWindow(now = new Date()): { startTime: number; endTime: number } {
  const start = new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime();
  return { startTime: start, endTime: new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1).getTime() };
}

import { queryOptions } from '@tanstack/react-query';
import { eventsResponseSchema, type CatalogueEvent } from '@pantalla/contracts';
import { api } from '../api-client';

/** A window of events (at most 48 h, epoch ms), optionally for one lineup or channel. */
export interface EventsWindow {
  startTime: number;
  endTime: number;
  lineupId?: number;
  channelId?: number;
}

export function getEvents({
  signal,
  ...window
}: EventsWindow & { signal?: AbortSignal }): Promise<{ resources: CatalogueEvent[] }> {
  return api.get('/events', { schema: eventsResponseSchema, signal, query: { ...window } });
}

export const getEventsQueryOptions = (window: EventsWindow) =>
  queryOptions({
    queryKey: [
      'catalogue',
      'events',
      window.startTime,
      window.endTime,
      window.lineupId ?? null,
      window.channelId ?? null,
    ],
    queryFn: ({ signal }) => getEvents({ ...window, signal }),
    staleTime: 5 * 60_000,
  });

import { queryOptions } from '@tanstack/react-query';
import {
  eventDetailSchema,
  eventsResponseSchema,
  filmSchema,
  ppvSubsProductsResponseSchema,
} from '@pantalla/contracts';
import { api } from '../../../lib/api-client';

/** A film's details (title, parental rating, access) for the player. */
export const filmQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['catalogue', 'content', id],
    queryFn: ({ signal }) => api.get(`/contents/${id}`, { schema: filmSchema, signal }),
    staleTime: 10 * 60_000,
  });

/** An EPG event with its times (catch-up and the programme on air). */
export const eventQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['catalogue', 'event', id],
    queryFn: ({ signal }) => api.get(`/events/${id}`, { schema: eventDetailSchema, signal }),
    staleTime: 60_000,
  });

/** The products on sale, to turn the no-rights prompt's Comprar into a purchase summary. */
export const productsQueryOptions = () =>
  queryOptions({
    queryKey: ['commerce', 'products'],
    queryFn: ({ signal }) => api.get('/productosppv', { schema: ppvSubsProductsResponseSchema, signal }),
    staleTime: 10 * 60_000,
  });

/** A channel's programmes around now: the one on air, and those a time-shift reaches. */
export const channelEventsQueryOptions = (channelId: number, fromMs: number, toMs: number) =>
  queryOptions({
    queryKey: ['catalogue', 'channel-events', channelId, fromMs, toMs],
    queryFn: ({ signal }) =>
      api.get('/events', {
        schema: eventsResponseSchema,
        signal,
        query: { channelId, startTime: fromMs, endTime: toMs },
      }),
    staleTime: 5 * 60_000,
  });

import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  channelSchema,
  episodesResponseSchema,
  eventDetailSchema,
  filmSchema,
  ppvSubsProductsResponseSchema,
  seriesDetailSchema,
  trailerResponseSchema,
} from '@pantalla/contracts';
import { api } from '../../../lib/api-client';

/* The calls behind the details panel and the program detail page, one query each. */

export const getFilmQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['browse', 'film', id],
    queryFn: ({ signal }) => api.get(`/contents/${id}`, { schema: filmSchema, signal }),
    staleTime: 5 * 60_000,
  });

export const getSeriesDetailQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['browse', 'series', id],
    queryFn: ({ signal }) => api.get(`/series/${id}`, { schema: seriesDetailSchema, signal }),
    staleTime: 5 * 60_000,
  });

export const getEpisodesQueryOptions = (seasonId: number) =>
  queryOptions({
    queryKey: ['browse', 'episodes', seasonId],
    queryFn: ({ signal }) => api.get(`/seasons/${seasonId}/episodes`, { schema: episodesResponseSchema, signal }),
    staleTime: 5 * 60_000,
  });

export const getEventDetailQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['browse', 'event', id],
    queryFn: ({ signal }) => api.get(`/events/${id}`, { schema: eventDetailSchema, signal }),
    staleTime: 60_000,
  });

export const getChannelQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['browse', 'channel', id],
    queryFn: ({ signal }) => api.get(`/channels/${id}`, { schema: channelSchema, signal }),
    staleTime: 5 * 60_000,
  });

/** GET /contents/{id}/trailer: class 'trailer' and the DASH link. */
export const getTrailerQueryOptions = (filmId: number) =>
  queryOptions({
    queryKey: ['browse', 'trailer', filmId],
    queryFn: ({ signal }) => api.get(`/contents/${filmId}/trailer`, { schema: trailerResponseSchema, signal }),
    staleTime: 30 * 60_000,
  });

/** GET /productosppv: what is on sale, for prices and Buy links. */
export const getProductsQueryOptions = () =>
  queryOptions({
    queryKey: ['browse', 'products'],
    queryFn: ({ signal }) => api.get('/productosppv', { schema: ppvSubsProductsResponseSchema, signal }),
    staleTime: 10 * 60_000,
  });

export function useEpisodes(seasonId: number | null) {
  return useQuery({ ...getEpisodesQueryOptions(seasonId ?? 0), enabled: seasonId !== null });
}

export function useProducts() {
  return useQuery(getProductsQueryOptions());
}

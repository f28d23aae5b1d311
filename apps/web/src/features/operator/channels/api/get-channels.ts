import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { operatorChannelPageSchema, type OperatorChannelSort, type ChannelHealth } from '@pantalla/contracts';
import { api } from '../../../../lib/api-client';

/** The table's search, order and filters (undefined: any). */
export interface ChannelFilters {
  q: string;
  sort: OperatorChannelSort;
  dir: 'asc' | 'desc';
  packageId?: number;
  genreId?: number;
  source?: 'origin' | 'external';
  health?: ChannelHealth;
}

/** Rows per page: two screens of the table, a fraction of the server's 200. */
export const CHANNEL_PAGE = 100;

export const channelsKey = ['operator', 'channels'] as const;

/** GET /operator/channels: one page after `cursor`. */
export function getChannels(filters: ChannelFilters, cursor: string | null, signal?: AbortSignal) {
  const { q, ...rest } = filters;
  return api.get('/operator/channels', { schema: operatorChannelPageSchema, signal, query: { ...rest, q: q.trim() || undefined, cursor: cursor ?? undefined, limit: CHANNEL_PAGE } });
}

export const channelsQueryOptions = (filters: ChannelFilters) =>
  infiniteQueryOptions({
    queryKey: [...channelsKey, 'list', filters],
    queryFn: ({ pageParam, signal }) => getChannels(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    // Typing a search keeps the rows of the last one until the next answer.
    placeholderData: (previous) => previous,
  });

/** The channel table's pages, fetched as the table scrolls towards their rows. */
export function useChannels(filters: ChannelFilters) {
  return useInfiniteQuery(channelsQueryOptions(filters));
}

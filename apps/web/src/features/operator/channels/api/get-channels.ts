import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import {
  operatorChannelPageSchema,
  type ChannelHealth,
  type OperatorChannelRow,
  type OperatorChannelSort,
} from '@pantalla/contracts';
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

/** GET /operator/channels: the page of rows starting at `offset` (the server's cursor is an offset). */
export function getChannels(filters: ChannelFilters, offset: number, signal?: AbortSignal) {
  const { q, ...rest } = filters;
  return api.get('/operator/channels', {
    schema: operatorChannelPageSchema,
    signal,
    query: { ...rest, q: q.trim() || undefined, cursor: offset > 0 ? String(offset) : undefined, limit: CHANNEL_PAGE },
  });
}

const pageQuery = (filters: ChannelFilters, page: number) => ({
  queryKey: [...channelsKey, 'list', filters, page] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => getChannels(filters, page * CHANNEL_PAGE, signal),
  staleTime: 30_000,
});

/** The table's order and filters when it opens. */
export const INITIAL_FILTERS: ChannelFilters = { q: '', sort: 'number', dir: 'asc' };

/** The table's first page as it opens (same key as the table's own), for the route loader. */
export function firstChannelPageQuery() {
  return pageQuery(INITIAL_FILTERS, 0);
}

/** The rows the table shows, by index, and how many match. */
export interface ChannelPages {
  total: number;
  rowAt(index: number): OperatorChannelRow | undefined;
  loaded: boolean;
  isError: boolean;
}

/**
 * The pages covering the rows in view (`first` to `last`), fetched by offset: a jump to the
 * end of 10,000 rows asks for the last page alone, not every page before it. The first page
 * gives the count (and keeps the previous search's rows on screen while the next answers).
 */
export function useChannelPages(filters: ChannelFilters, first: number, last: number): ChannelPages {
  const head = useQuery({ ...pageQuery(filters, 0), placeholderData: keepPreviousData });
  const total = head.data?.total ?? 0;
  const from = Math.max(1, Math.floor(first / CHANNEL_PAGE));
  const to = Math.min(
    Math.floor(Math.max(0, Math.min(last, total) - 1) / CHANNEL_PAGE),
    Math.ceil(total / CHANNEL_PAGE) - 1,
  );
  const pages = Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);
  const more = useQueries({ queries: pages.map((page) => pageQuery(filters, page)) });
  const byPage = new Map<number, OperatorChannelRow[]>();
  if (head.data) byPage.set(0, head.data.items);
  pages.forEach((page, i) => {
    const items = more[i]?.data?.items;
    if (items) byPage.set(page, items);
  });
  return {
    total,
    rowAt: (index) => byPage.get(Math.floor(index / CHANNEL_PAGE))?.[index % CHANNEL_PAGE],
    loaded: head.data !== undefined,
    isError: head.isError || more.some((m) => m.isError),
  };
}

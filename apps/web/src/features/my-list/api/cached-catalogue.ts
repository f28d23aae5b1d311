import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Channel, Film, Series } from '@pantalla/contracts';

/** The start-up load's lists (the root layout asks them on every signed-in screen), as cached. */
const FILMS = ['catalogue', 'contents'];
const SERIES = ['catalogue', 'series'];
const CHANNELS = ['catalogue', 'channels'];

export interface CachedCatalogue {
  /** Films and series by `film:{id}` and `series:{id}`: the cards' pictures and years. */
  titles: ReadonlyMap<string, Film | Series>;
  channelNames: ReadonlyMap<number, string>;
}

function resourcesOf<T>(client: QueryClient, key: readonly string[]): T[] {
  return client.getQueriesData<{ resources: T[] }>({ queryKey: key }).flatMap(([, data]) => data?.resources ?? []);
}

/**
 * Read from the cache rather than asked again: the screen then shares no code with the home's
 * first download (the lists' queries live there), and a list that arrives later fills the cards in.
 */
export function useCachedCatalogue(): CachedCatalogue {
  const client = useQueryClient();
  const subscribe = useCallback((onChange: () => void) => client.getQueryCache().subscribe(onChange), [client]);
  // A new answer for any of the three lists changes this stamp.
  const stamp = useSyncExternalStore(subscribe, () =>
    [FILMS, SERIES, CHANNELS]
      .map((key) =>
        client
          .getQueryCache()
          .findAll({ queryKey: key })
          .map((q) => q.state.dataUpdatedAt)
          .join(','),
      )
      .join('|'),
  );
  return useMemo(() => {
    void stamp;
    const titles = new Map<string, Film | Series>();
    for (const f of resourcesOf<Film>(client, FILMS)) titles.set(`film:${f.id}`, f);
    for (const s of resourcesOf<Series>(client, SERIES)) titles.set(`series:${s.id}`, s);
    const channelNames = new Map(resourcesOf<Channel>(client, CHANNELS).map((c) => [c.id, c.name]));
    return { titles, channelNames };
  }, [client, stamp]);
}

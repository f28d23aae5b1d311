import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Channel } from '@pantalla/contracts';

const CHANNELS_KEY = ['catalogue', 'channels'];

/**
 * Channel names by id from the start-up load's channel list (in the cache, usually before
 * any row renders), so event cards can say where they air without another request. It
 * follows the cache, so a page opened before the list arrives fills the names in later.
 */
export function useChannelNames(): ReadonlyMap<number, string> {
  const client = useQueryClient();
  const subscribe = useCallback((onChange: () => void) => client.getQueryCache().subscribe(onChange), [client]);
  const channelCount = useSyncExternalStore(subscribe, () =>
    client
      .getQueriesData<{ resources: Channel[] }>({ queryKey: CHANNELS_KEY })
      .reduce((n, [, data]) => n + (data?.resources.length ?? 0), 0),
  );
  return useMemo(() => {
    const names = new Map<number, string>();
    if (channelCount === 0) return names;
    for (const [, data] of client.getQueriesData<{ resources: Channel[] }>({ queryKey: CHANNELS_KEY }))
      for (const c of data?.resources ?? []) names.set(c.id, c.name);
    return names;
  }, [client, channelCount]);
}

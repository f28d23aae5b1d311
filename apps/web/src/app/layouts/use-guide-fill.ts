import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { loadGuidePrefill } from '../../features/guide';
import { useChannels } from '../../lib/catalogue';
import { afterIdle } from './after-idle';

const noOrder: readonly number[] = [];

/**
 * The start-up load's last step (spec: "events (filling the guide)"), once load_done: the
 * guide's opening page, fetched into the guide's own queries once the screen has settled.
 * The guide's code for it is its own small chunk, so the home's first download does not grow.
 */
export function useGuideFill({
  lineupId,
  loadDone,
  channelOrder,
}: {
  lineupId: number | undefined;
  loadDone: boolean;
  channelOrder: readonly number[] | undefined;
}): void {
  const client = useQueryClient();
  const query = useChannels(lineupId, loadDone && lineupId !== undefined);
  const channels = loadDone ? query.data?.resources : undefined;
  const order = channelOrder ?? noOrder;
  useEffect(() => {
    if (!channels) return;
    return afterIdle(() => {
      loadGuidePrefill()
        .then(({ fillGuideOpening }) => fillGuideOpening(client, channels, order))
        .catch((error: unknown) => console.warn('Catalogue load failed', error));
    });
  }, [client, channels, order]);
}

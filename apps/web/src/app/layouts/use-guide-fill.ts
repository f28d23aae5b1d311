import { useEffect, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { loadGuidePrefill } from '../../features/guide';
import type { UserInfo } from '@pantalla/contracts';
import { useChannels } from '../../lib/catalogue';
import { currentProfile } from '../../lib/current-profile';
import { afterIdle } from './after-idle';

const noOrder: readonly number[] = [];

/**
 * The start-up load's last step (spec: "events (filling the guide)"), once load_done: the
 * guide's opening page, fetched into the guide's own queries once the screen has settled.
 * The guide's code for it is its own small chunk, so the home's first download does not grow.
 * The page is that of the profile's saved filter (the prefill reads it first).
 */
export function useGuideFill({
  lineupId,
  loadDone,
  user,
}: {
  lineupId: number | undefined;
  loadDone: boolean;
  user: Pick<UserInfo, 'email' | 'userId' | 'profiles' | 'channelOrder'> | null;
}): void {
  const client = useQueryClient();
  const query = useChannels(lineupId, loadDone && lineupId !== undefined);
  const channels = loadDone ? query.data?.resources : undefined;
  const order = user?.channelOrder ?? noOrder;
  const profileId = useSyncExternalStore(currentProfile.subscribe, () => currentProfile.of(user?.email)?.id ?? null);
  useEffect(() => {
    if (!channels || !user) return;
    return afterIdle(() => {
      loadGuidePrefill()
        .then(({ fillGuideOpening }) => fillGuideOpening(client, channels, order, { profile: { user, profileId } }))
        .catch((error: unknown) => console.warn('Catalogue load failed', error));
    });
  }, [client, channels, order, user, profileId]);
}

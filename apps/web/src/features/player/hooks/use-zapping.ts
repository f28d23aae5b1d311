import { useCallback, useEffect, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { Channel } from '@pantalla/contracts';
import { liveLink } from '../../../lib/player-links';
import type { ShakaAdapter } from '../adapter/shaka-adapter';
import { preloadChannels } from '../api/sessions';
import type { OpenSession } from '../lib/playback-session';
import { zapNeighbours, zapOrder, zapPreloadKey, zapTarget } from '../lib/zapping';

export interface ZappingInput {
  adapter: ShakaAdapter | null;
  channels: readonly Channel[];
  /** The live channel on screen; null for anything else. */
  channelId: number | null;
  /** The user's channel order (empty: the default order). */
  channelOrder: readonly number[];
  /** The open session; the neighbours are fetched ahead under it once it plays this channel. */
  session: OpenSession | null;
  pictureUp: boolean;
}

/**
 * Zapping (viewing spec section 4): the next or previous channel in the user's order or the
 * default one, skipping those not owned; the history entry is replaced, so Back still
 * leaves the player. Once the picture is up, the channels a zap would reach are fetched
 * ahead (manifest and first segments); their keys still come through their own session.
 */
export function useZapping({ adapter, channels, channelId, channelOrder, session, pictureUp }: ZappingInput): {
  canZap: boolean;
  zap: (direction: 1 | -1) => void;
  goTo: (channelId: number) => boolean;
} {
  const navigate = useNavigate();
  // A zap keeps the history entry's state: a filtered guide's list goes on to the next channel.
  const { state } = useLocation();
  const order = useMemo(() => zapOrder(channels, channelOrder), [channels, channelOrder]);
  const owned = useMemo(() => {
    const byId = new Map(channels.map((c) => [c.id, c]));
    return { byId, isOwned: (id: number) => byId.get(id)?.access.owned === true };
  }, [channels]);
  const canZap = channelId !== null && order.length > 1;

  /** Switches to a channel in place (the history entry is replaced); false when it is not in the list. */
  const goTo = useCallback(
    (id: number): boolean => {
      const to = owned.byId.get(id);
      if (!to) return false;
      void navigate(
        liveLink({ channelId: to.id, title: to.name, parental: to.parental, start: Date.now(), adult: to.adult }),
        { replace: true, state },
      );
      return true;
    },
    [owned, navigate, state],
  );

  const zap = useCallback(
    (direction: 1 | -1) => {
      if (!canZap || channelId === null) return;
      const next = zapTarget(order, channelId, direction, owned.isOwned);
      if (next !== null) goTo(next);
    },
    [canZap, channelId, order, owned, goTo],
  );

  const sessionId = session?.target.type === 'LIVE' && session.target.id === channelId ? session.opened.id : null;
  useEffect(() => {
    if (!adapter || !canZap || channelId === null || sessionId === null || !pictureUp) return;
    const neighbours = zapNeighbours(order, channelId, owned.isOwned);
    if (neighbours.length === 0) return;
    const controller = new AbortController();
    preloadChannels(sessionId, neighbours, controller.signal)
      .then(({ resources }) => {
        adapter.keepPreloads(resources.map((r) => zapPreloadKey(r.channelId)));
        for (const r of resources) adapter.preload(zapPreloadKey(r.channelId), r.url);
      })
      // Preloading only saves time; zapping works without it.
      .catch(() => undefined);
    return () => controller.abort();
  }, [adapter, canZap, channelId, sessionId, pictureUp, order, owned]);

  return { canZap, zap, goTo };
}

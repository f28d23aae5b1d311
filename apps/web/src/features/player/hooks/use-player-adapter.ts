import { useEffect, useRef, useState, useSyncExternalStore, type RefObject } from 'react';
import { session as appSession } from '../../account';
import { INITIAL_SNAPSHOT, ShakaAdapter, type AdapterOptions, type PlayerSnapshot } from '../adapter/shaka-adapter';
import type { PlayerFailure } from '../lib/errors';
import { useQoe } from '../qoe/use-qoe';
import type { QoeItem } from '../qoe/view-metrics';

const noSubscribe = () => () => undefined;

/** Why the player could not start. */
export type StartFailure = Extract<PlayerFailure, { source: 'unsupported' | 'player-start' }>;

/** The screen is going or never had this adapter: a failed teardown has no one left to tell. */
function destroyQuietly(adapter: ShakaAdapter): void {
  adapter.destroy().catch(() => undefined);
}
const initialSnapshot = () => INITIAL_SNAPSHOT;

/**
 * The screen's one adapter around Shaka, attached to its video and text container for as
 * long as the screen lives (zapping reuses it), and the snapshot React renders from.
 * `onError` and `onStartFailure` are read when they fire, so they may change freely: a
 * browser without the player's features, or a player that did not download or attach, is
 * told to the viewer through `onStartFailure`, never left as a blank screen.
 * `qoeItem` is what plays: its views are reported (qoe/, issue 28).
 */
export function usePlayerAdapter(
  video: RefObject<HTMLVideoElement | null>,
  textContainer: RefObject<HTMLElement | null>,
  handlers: { onError: AdapterOptions['onError']; onStartFailure: (failure: StartFailure) => void },
  qoeItem: QoeItem,
): { adapter: ShakaAdapter | null; snapshot: PlayerSnapshot } {
  const [adapter, setAdapter] = useState<ShakaAdapter | null>(null);
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  useEffect(() => {
    const element = video.current;
    const container = textContainer.current;
    if (!element || !container) return;
    let created: ShakaAdapter | null = null;
    let disposed = false;
    const fail = (failure: StartFailure) => {
      if (!disposed) latest.current.onStartFailure(failure);
    };
    void (async () => {
      const supported = await ShakaAdapter.isSupported().catch(() => null);
      if (supported === null) return fail({ source: 'player-start', stage: 'download' });
      if (!supported) return fail({ source: 'unsupported' });
      const next = new ShakaAdapter(element, container, {
        getIdToken: () => appSession.getState().userInfo?.idToken ?? null,
        onError: (e) => latest.current.onError(e),
        env: import.meta.env,
      });
      if (
        !(await next.attach().then(
          () => true,
          () => false,
        ))
      ) {
        destroyQuietly(next);
        return fail({ source: 'player-start', stage: 'attach' });
      }
      if (disposed) return destroyQuietly(next);
      created = next;
      setAdapter(next);
    })();
    return () => {
      disposed = true;
      if (created) destroyQuietly(created);
    };
  }, [video, textContainer]);
  useQoe(adapter, qoeItem);
  const snapshot = useSyncExternalStore(adapter?.subscribe ?? noSubscribe, adapter?.getSnapshot ?? initialSnapshot);
  return { adapter, snapshot };
}

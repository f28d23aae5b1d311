import { useEffect, useRef, useState, useSyncExternalStore, type RefObject } from 'react';
import { session as appSession } from '../../account';
import { INITIAL_SNAPSHOT, ShakaAdapter, type AdapterOptions, type PlayerSnapshot } from '../adapter/shaka-adapter';
import { useQoe } from '../qoe/use-qoe';
import type { QoeItem } from '../qoe/view-metrics';

const noSubscribe = () => () => undefined;
const initialSnapshot = () => INITIAL_SNAPSHOT;

/**
 * The screen's one adapter around Shaka, attached to its video and text container for as
 * long as the screen lives (zapping reuses it), and the snapshot React renders from.
 * `onError` and `onUnsupported` are read when they fire, so they may change freely.
 * `qoeItem` is what plays: its views are reported (qoe/, issue 28).
 */
export function usePlayerAdapter(
  video: RefObject<HTMLVideoElement | null>,
  textContainer: RefObject<HTMLElement | null>,
  handlers: { onError: AdapterOptions['onError']; onUnsupported: () => void },
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
    void (async () => {
      if (!(await ShakaAdapter.isSupported())) {
        latest.current.onUnsupported();
        return;
      }
      const next = new ShakaAdapter(element, container, { getIdToken: () => appSession.getState().userInfo?.idToken ?? null, onError: (e) => latest.current.onError(e), env: import.meta.env });
      await next.attach();
      if (disposed) {
        void next.destroy();
        return;
      }
      created = next;
      setAdapter(next);
    })();
    return () => {
      disposed = true;
      void created?.destroy();
    };
  }, [video, textContainer]);
  useQoe(adapter, qoeItem);
  const snapshot = useSyncExternalStore(adapter?.subscribe ?? noSubscribe, adapter?.getSnapshot ?? initialSnapshot);
  return { adapter, snapshot };
}

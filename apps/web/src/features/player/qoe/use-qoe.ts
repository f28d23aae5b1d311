import { useEffect, useRef, useState } from 'react';
import { qoeReportsEnabled } from '../../../lib/qoe-consent';
import { session as appSession } from '../../account';
import type { ShakaAdapter } from '../adapter/shaka-adapter';
import { currentEnvironment } from './environment';
import { QoeRecorder } from './qoe-recorder';
import { sendQoeBeacon } from './send-beacon';
import type { QoeItem } from './view-metrics';

function newViewId(): string {
  return crypto.randomUUID().replace(/-/g, '').slice(0, 24);
}

/**
 * The player screen's quality-of-experience reports (issue 28): a view per item played, a
 * zap ending one and starting the next, beacons batched and sent without the player waiting.
 */
export function useQoe(adapter: ShakaAdapter | null, item: QoeItem): void {
  const [recorder] = useState(
    () =>
      new QoeRecorder({
        now: () => Date.now(),
        newViewId,
        environment: currentEnvironment,
        enabled: qoeReportsEnabled,
        send: (beacon) => sendQoeBeacon(beacon, appSession.getState().userInfo?.idToken ?? null),
        setTimer: (fn, ms) => {
          const timer = setInterval(fn, ms);
          return () => clearInterval(timer);
        },
      }),
  );
  useEffect(() => {
    recorder.attachPlayer(adapter);
    const stop = adapter?.observeQoe((signal) => recorder.signal(signal));
    return () => {
      stop?.();
      recorder.attachPlayer(null);
    };
  }, [adapter, recorder]);
  // Play intent: the screen asks for an item (the first, or a zap).
  const { itemType, itemId } = item;
  const playing = useRef<QoeItem>({ itemType, itemId });
  useEffect(() => {
    playing.current = { itemType, itemId };
    recorder.begin({ itemType, itemId });
  }, [recorder, itemType, itemId]);
  useEffect(() => {
    const onHidden = () => document.visibilityState === 'hidden' && recorder.pageHidden();
    // No React cleanup runs when the page goes: the view is ended here, or it stays "running" for good.
    const onPageHide = () => recorder.pageGone();
    const onPageShow = (event: PageTransitionEvent) => event.persisted && recorder.begin(playing.current);
    document.addEventListener('visibilitychange', onHidden);
    window.addEventListener('pagehide', onPageHide);
    window.addEventListener('pageshow', onPageShow);
    return () => {
      document.removeEventListener('visibilitychange', onHidden);
      window.removeEventListener('pagehide', onPageHide);
      window.removeEventListener('pageshow', onPageShow);
      recorder.end();
    };
  }, [recorder]);
}

import { useCallback } from 'react';
import type { ShakaAdapter } from '../adapter/shaka-adapter';
import type { useLive } from './use-live';

/**
 * Play/pause, seek and the 10-second jumps. Live goes through time-shift (a pause may
 * resume as time-shifted viewing, a seek stays in the window); VOD seeks the adapter.
 */
export function useTransport(adapter: ShakaAdapter | null, live: ReturnType<typeof useLive>, isLive: boolean) {
  const playPause = useCallback(() => {
    if (!adapter) return;
    if (adapter.getSnapshot().status === 'playing') {
      adapter.pause();
      if (isLive) live.onPause();
    } else {
      if (isLive) live.onResume();
      adapter.play();
    }
  }, [adapter, isLive, live]);
  const seek = useCallback(
    (seconds: number) => (isLive ? live.seek(seconds) : adapter?.seek(seconds)),
    [adapter, isLive, live],
  );
  const jump = useCallback(
    (delta: number) => {
      if (!adapter || (live.controls && !live.controls.jumps)) return;
      seek(adapter.getSnapshot().currentTime + delta);
    },
    [adapter, live.controls, seek],
  );
  return { playPause, seek, jump };
}

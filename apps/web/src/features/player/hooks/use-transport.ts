import { useCallback, type RefObject } from 'react';
import type { ShakaAdapter } from '../adapter/shaka-adapter';
import type { useLive } from './use-live';

/**
 * Play/pause, seek and the 10-second jumps. Live goes through time-shift (a pause may
 * resume as time-shifted viewing, a seek stays in the window); VOD seeks the adapter.
 * `furthest`, when given, is how far the viewer has watched: a recording of a channel that
 * forbids skipping ahead (issue 29) seeks back freely, and forward no further than that.
 */
export function useTransport(
  adapter: ShakaAdapter | null,
  live: ReturnType<typeof useLive>,
  isLive: boolean,
  furthest: RefObject<number> | null = null,
) {
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
    (seconds: number) =>
      isLive ? live.seek(seconds) : adapter?.seek(furthest ? Math.min(seconds, furthest.current) : seconds),
    [adapter, isLive, live, furthest],
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

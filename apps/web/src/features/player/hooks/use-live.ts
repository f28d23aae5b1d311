import { useCallback, useEffect, useMemo, useState } from 'react';
import type { PlayerSnapshot, ShakaAdapter } from '../adapter/shaka-adapter';
import {
  backToLive,
  behindLive,
  clampToWindow,
  LIVE,
  liveControlsAt,
  pause,
  reachedProgrammeEnd,
  resume,
  seekTo,
  timeShiftWindow,
  type TimeShiftState,
} from '../lib/time-shift';

export interface Programme {
  id: number;
  title: string;
  startTime: number;
  endTime: number;
}

const programmeAt = (programmes: readonly Programme[], wallMs: number) =>
  programmes.find((p) => p.startTime <= wallMs && wallMs < p.endTime) ?? null;

/**
 * Live viewing and time-shift on top of the adapter (rules in lib/time-shift): the seek
 * window, pause and resume, restart, back to live, and the automatic return at the end of
 * a time-shifted programme. Inactive (null controls) for VOD.
 */
export function useLive(input: {
  adapter: ShakaAdapter | null;
  snapshot: PlayerSnapshot;
  enabled: boolean;
  tstv: boolean;
  programmes: readonly Programme[];
  hasRestart: boolean;
  source: 'main' | 'restart';
  switchSource: (source: 'main' | 'restart', startTime: number | null) => void;
}) {
  const { adapter, snapshot, enabled, tstv, programmes, hasRestart, source, switchSource } = input;
  const [state, setState] = useState<TimeShiftState>(LIVE);
  const toWall = useCallback(
    (seconds: number) => (snapshot.presentationStartMs === null ? null : snapshot.presentationStartMs + seconds * 1000),
    [snapshot.presentationStartMs],
  );
  const window = useMemo(
    () => timeShiftWindow({ start: snapshot.seekStart, end: snapshot.seekEnd }, tstv),
    [snapshot.seekStart, snapshot.seekEnd, tstv],
  );
  const positionWall = toWall(snapshot.currentTime);
  // The programme on air is the one at the live edge.
  const liveEdgeWall = toWall(snapshot.seekEnd);
  const onAir = liveEdgeWall === null ? null : programmeAt(programmes, liveEdgeWall);
  const atPosition = positionWall === null ? null : programmeAt(programmes, positionWall);

  const goLive = useCallback(() => {
    setState(backToLive());
    if (source === 'restart') switchSource('main', null);
    else adapter?.goToLive();
  }, [adapter, source, switchSource]);

  // A new channel starts live.
  const reset = useCallback(() => setState(LIVE), []);

  // Reaching the end of the time-shifted programme returns to live (checked on each position update).
  useEffect(() => {
    if (!enabled || !adapter) return;
    return adapter.subscribe(() => {
      const s = adapter.getSnapshot();
      const wall = s.presentationStartMs === null ? null : s.presentationStartMs + s.currentTime * 1000;
      if (wall !== null && reachedProgrammeEnd(state, wall)) goLive();
    });
  }, [enabled, adapter, state, goLive]);

  const seek = useCallback(
    (target: number) => {
      if (!adapter) return;
      if (source === 'restart') {
        // The restart window ends at the live edge too; at it, plain live takes over.
        adapter.seek(target);
        return;
      }
      const to = clampToWindow(target, window);
      const wall = toWall(to);
      setState((s) => seekTo(s, to, window, wall === null ? null : (programmeAt(programmes, wall)?.endTime ?? null)));
      adapter.seek(to);
    },
    [adapter, source, window, toWall, programmes],
  );

  const onPause = useCallback(() => setState((s) => pause(s, Date.now())), []);
  const onResume = useCallback(() => {
    const result = resume(state, Date.now(), { tstv, programmeEndMs: atPosition?.endTime ?? null });
    setState(result.state);
    if (result.goLive) adapter?.goToLive();
  }, [state, tstv, atPosition, adapter]);

  /** Start of the live programme: inside the window a seek, deeper the session's restart window. */
  const restart = useCallback(() => {
    if (!onAir || !adapter) return;
    const start =
      snapshot.presentationStartMs === null ? null : (onAir.startTime - snapshot.presentationStartMs) / 1000;
    if (start !== null && start >= window.start && source === 'main') {
      setState({ mode: 'timeshift', pausedAtMs: null, programmeEndMs: onAir.endTime });
      adapter.seek(start);
      return;
    }
    if (hasRestart) {
      setState({ mode: 'timeshift', pausedAtMs: null, programmeEndMs: onAir.endTime });
      switchSource('restart', 0);
    }
  }, [onAir, adapter, snapshot.presentationStartMs, window.start, source, hasRestart, switchSource]);

  const behind = snapshot.status !== 'loading' && behindLive(snapshot);
  const controls = enabled ? liveControlsAt(source === 'restart' ? 'timeshift' : state.mode, tstv, behind) : null;
  return { state, controls, window, positionWall, onAir, atPosition, seek, goLive, onPause, onResume, restart, reset };
}

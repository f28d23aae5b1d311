import { startTransition, useCallback, useEffect, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { playbackApi, type PlaybackApi } from '../api/playback-api';
import { failureOfShaka, type PlayerAction } from '../lib/errors';
import { rememberParentalGrant } from '../lib/parental-grant';
import { INITIAL_PLAYBACK, type OpenSession, type PlaybackPhase, type PlaybackTarget } from '../lib/playback-session';
import { PlaybackRunner, type PlaybackPlayer, type RunnerDeps } from './playback-runner';

/**
 * What became of a typed PIN: only the server's 400 means a wrong PIN; a request that got no
 * answer ('offline') or failed otherwise ('failed') says nothing of the PIN, so the viewer is
 * told that instead and may type it again.
 */
export type PinAnswer = 'ok' | 'wrong' | 'blocked' | 'offline' | 'failed';

/** The answer for a PIN check the server refused, or that never reached it. */
export function pinRefusal(error: unknown): Exclude<PinAnswer, 'ok'> | 'no-pin' {
  if (!(error instanceof ApiError)) return 'failed';
  if (error.isNetworkError) return 'offline';
  if (error.status === 400) return 'wrong';
  if (error.status === 429) return 'blocked';
  // 409: no PIN on the account after all; the server decides, so try again without one.
  if (error.status === 409) return 'no-pin';
  return 'failed';
}

export interface PlaybackControls {
  /** Where the session stands and which prompt, if any, is up. */
  phase: PlaybackPhase;
  /** The open session and what it was opened for (it trails the target while a zap opens the next). */
  session: OpenSession | null;
  /** Which manifest is on: the session's live/VOD url or the restart window. */
  source: 'main' | 'restart';
  /** The channel that played before a zap (the PIN prompt's Cancel returns to it); null otherwise. */
  previous: PlaybackTarget | null;
  submitPin: (pin: string) => Promise<PinAnswer>;
  /** Sí in the exceeded-sessions modal: reset every session, then try again. */
  resetSessions: () => void;
  answerResetSessions: (confirm: boolean) => void;
  /** Loads the session's restart window (start of the live programme) or its main url again. */
  switchSource: (source: 'main' | 'restart', startTime: number | null) => void;
  /** Called by the screen for adapter errors during playback. */
  onPlayerError: (error: { code: number; severity?: number; message?: string; data?: unknown[] }) => void;
  /** Closes the session now (Back, stop): VOD/series send the position. */
  close: () => Promise<void>;
}

/**
 * The video session around playback (viewing spec section 4), a thin runner around the
 * state machine in lib/playback-session: it feeds the machine the target, the player's
 * errors and the viewer's answers, and renders its state.
 */
export function usePlayback(
  player: PlaybackPlayer | null,
  target: PlaybackTarget | null,
  user: RunnerDeps['user'],
  onAction: (action: PlayerAction) => void,
  api: PlaybackApi = playbackApi,
): PlaybackControls {
  const [state, setState] = useState(INITIAL_PLAYBACK);
  const [runner] = useState(
    () =>
      new PlaybackRunner(
        { player, api, user, onAction },
        // Not urgent: let the render yield to Shaka's manifest and segment work (first frame).
        (next, event) => (event.type === 'session-opened' ? startTransition(() => setState(next)) : setState(next)),
      ),
  );
  useEffect(() => runner.use({ player, api, user, onAction }));

  // A new target (the first, or a zap) is a new type or id; its other fields come with it.
  const type = target?.type;
  const id = target?.id;
  useEffect(() => {
    if (player && target) runner.dispatch({ type: 'target-changed', target, pinRequired: runner.pinRequired(target) });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [runner, player, type, id]);
  useEffect(() => () => runner.dispose(), [runner]);
  useEffect(() => {
    const onPageHide = () => runner.dispatch({ type: 'page-hidden' });
    window.addEventListener('pagehide', onPageHide);
    return () => window.removeEventListener('pagehide', onPageHide);
  }, [runner]);

  const submitPin = useCallback(
    async (pin: string): Promise<PinAnswer> => {
      try {
        rememberParentalGrant((await api.verifyParentalPin(pin)).grantedUntil);
      } catch (error) {
        const refusal = pinRefusal(error);
        if (refusal === 'wrong') runner.dispatch({ type: 'pin-refused' });
        if (refusal !== 'no-pin') return refusal;
      }
      runner.dispatch({ type: 'pin-accepted' });
      return 'ok';
    },
    [runner, api],
  );
  const resetSessions = useCallback(() => runner.dispatch({ type: 'reset-confirmed' }), [runner]);
  const answerResetSessions = useCallback(
    (confirm: boolean) => runner.dispatch({ type: 'reset-sessions-answered', confirm }),
    [runner],
  );
  const switchSource = useCallback(
    (source: 'main' | 'restart', startTime: number | null) =>
      runner.dispatch({ type: 'source-switched', source, startTime }),
    [runner],
  );
  const onPlayerError = useCallback(
    (error: { code: number; severity?: number; message?: string; data?: unknown[] }) =>
      runner.dispatch({ type: 'player-error', failure: failureOfShaka(error), recoverable: error.severity === 1 }),
    [runner],
  );
  const close = useCallback(() => runner.close(), [runner]);

  return {
    phase: state.phase,
    session: state.session,
    source: state.source,
    previous: state.previous,
    submitPin,
    resetSessions,
    answerResetSessions,
    switchSource,
    onPlayerError,
    close,
  };
}

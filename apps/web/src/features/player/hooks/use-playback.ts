import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { PARENTAL_RESTRICTED, type OpenSessionResponse, type PlaybackType } from '@pantalla/contracts';
import { ApiError } from '../../../lib/api-client';
import { session as appSession } from '../../account';
import { closeSession, closeSessionOnUnload, openSession, resetSessions, sendHeartbeat } from '../api/sessions';
import type { ShakaAdapter } from '../adapter/shaka-adapter';
import { PLAYER } from '../lib/constants';
import { zapPreloadKey } from '../lib/zapping';
import { browserTraits, deviceFingerprint } from '../lib/device';
import { actionFor, licenceRefusalOf, SHAKA, type PlayerAction, type PlayerFailure } from '../lib/errors';

/** What to play: the session reference plus what the PIN rule needs. */
export interface PlaybackTarget {
  type: PlaybackType;
  /** Channel id (LIVE), event id (CUTV), film id (VOD), episode id (SERIE). */
  id: number;
  parental: number;
  adult: boolean;
  /** Seconds to start at; null: live edge, the saved position (VOD/SERIE) or the start (CUTV). */
  startSeconds: number | null;
}

/** What stands between the viewer and the picture. */
export type Gate =
  | { kind: 'none' }
  | { kind: 'pin'; wrong: boolean }
  | { kind: 'no-rights' }
  | { kind: 'exceeded-sessions'; busy: boolean }
  | { kind: 'reset-sessions' }
  /** Loop mode: content not ready yet, polled every 10 s. */
  | { kind: 'waiting' }
  | { kind: 'failed'; action: Extract<PlayerAction, { kind: 'message' }> | { kind: 'session-expired' } | { kind: 'account-missing' } };

/** Until when (epoch ms) the server's parental grant holds (this app session; the server decides). */
let parentalGrantUntil = 0;
/** `grantedUntil` as the server answers it: epoch seconds. */
export function rememberParentalGrant(grantedUntilSeconds: number): void {
  parentalGrantUntil = grantedUntilSeconds * 1000;
}

/** Spec: the PIN is asked for rating 7 when the user has one, unless already granted or the item is flagged adult. */
export function needsPin(target: Pick<PlaybackTarget, 'parental' | 'adult'>, hasPin: boolean, nowMs: number): boolean {
  return target.parental === PARENTAL_RESTRICTED && hasPin && !target.adult && nowMs >= parentalGrantUntil;
}

/** Message 19: the stream could not be recovered. */
const STREAM_LOST = { kind: 'message', message: '19', recoverable: true, title: 'playerError' } as const satisfies PlayerAction;

/** Session closes still on their way; the next open waits, so the old session is closed before switching. */
let closing: Promise<unknown> = Promise.resolve();

const keepsPosition = (type: PlaybackType) => type !== 'LIVE';

function failureOfShaka(error: { code: number; message?: string; data?: unknown[] }): PlayerFailure {
  const refusal = licenceRefusalOf(error);
  if (refusal) return { source: 'licence', ...refusal };
  const message = typeof error.data?.[0] === 'string' ? error.data[0] : error.message;
  return { source: 'shaka', code: error.code, message };
}

/** A transient failure: the content may simply not be there yet (loop mode retries it). */
function isTransient(failure: PlayerFailure): boolean {
  if (failure.source === 'session' || failure.source === 'load') return failure.status === 0 || failure.status >= 500;
  return failure.source === 'shaka' && (failure.code === SHAKA.HTTP_ERROR || failure.code === SHAKA.TIMEOUT);
}

export interface PlaybackControls {
  gate: Gate;
  session: OpenSessionResponse | null;
  /** What the session was opened for; it trails the target while a switch opens the next. */
  sessionTarget: Pick<PlaybackTarget, 'type' | 'id'> | null;
  /** Which manifest is on: the session's live/VOD url or the restart window. */
  source: 'main' | 'restart';
  submitPin: (pin: string) => Promise<'ok' | 'wrong' | 'blocked'>;
  answerExceeded: (answer: 1 | 2) => void;
  answerResetSessions: (confirm: boolean) => void;
  /** Loads the session's restart window (start of the live programme) or its main url again. */
  switchSource: (source: 'main' | 'restart', startTime: number | null) => Promise<void>;
  /** Called by the screen for adapter errors during playback. */
  onPlayerError: (error: { code: number; severity?: number; message?: string; data?: unknown[] }) => void;
  /** Closes the session now (Back, stop): VOD/series send the position. */
  close: () => Promise<void>;
}

/**
 * The video session around playback (viewing spec section 4): opened before loading,
 * heartbeats while playing, closed on leave, stop or switch (with the position for VOD and
 * series); refusals and player errors go through the one error table.
 */
export function usePlayback(adapter: ShakaAdapter | null, target: PlaybackTarget | null, user: { hasPin: boolean; profileId: number }, onAction: (action: PlayerAction) => void): PlaybackControls {
  const [gate, setGate] = useState<Gate>({ kind: 'none' });
  const [session, setSession] = useState<{ opened: OpenSessionResponse; target: Pick<PlaybackTarget, 'type' | 'id'> } | null>(null);
  const [source, setSource] = useState<'main' | 'restart'>('main');
  const [attempt, setAttempt] = useState(0);
  const sessionRef = useRef<OpenSessionResponse | null>(null);
  const retriesRef = useRef(0);
  const onActionRef = useRef(onAction);
  useEffect(() => {
    onActionRef.current = onAction;
  });

  const positionMs = useCallback(() => (adapter ? adapter.getSnapshot().currentTime * 1000 : 0), [adapter]);

  const handle = useCallback(
    (failure: PlayerFailure) => {
      const action = actionFor(failure);
      switch (action.kind) {
        case 'ignore':
          return;
        case 'log':
          console.warn('Player', failure);
          return;
        case 'pin':
          setGate({ kind: 'pin', wrong: false });
          return;
        case 'no-rights':
        case 'reset-sessions':
        case 'exceeded-sessions':
          setGate(action.kind === 'exceeded-sessions' ? { kind: 'exceeded-sessions', busy: false } : { kind: action.kind });
          return;
        case 'retry-stream':
          // A load (or the reload at +5 s) that meets 3019/4012 has nothing left to retry.
          setGate({ kind: 'failed', action: STREAM_LOST });
          onActionRef.current(STREAM_LOST);
          return;
        default:
          if (isTransient(failure)) {
            setGate({ kind: 'waiting' });
            return;
          }
          setGate({ kind: 'failed', action });
          onActionRef.current(action);
      }
    },
    [],
  );

  // Open the session, load, heartbeat; close on leave or switch.
  const key = target ? `${target.type}:${target.id}` : null;
  useEffect(() => {
    if (!adapter || !target) return;
    let cancelled = false;
    let heartbeat: ReturnType<typeof setInterval> | null = null;
    let opened: OpenSessionResponse | null = null;
    const controller = new AbortController();

    const run = async () => {
      if (needsPin(target, user.hasPin, Date.now())) {
        setGate({ kind: 'pin', wrong: false });
        return;
      }
      setGate({ kind: 'none' });
      await closing;
      if (cancelled) return;
      try {
        opened = await openSession({ type: target.type, id: target.id, profileId: user.profileId, deviceFingerprint: deviceFingerprint(browserTraits()), signal: controller.signal });
      } catch (error) {
        if (cancelled) return;
        if (error instanceof ApiError) handle({ source: 'session', status: error.status, data: error.data, message: error.message });
        else handle({ source: 'load', status: 0 });
        return;
      }
      if (cancelled) {
        closing = closeSession(opened.id).catch(() => undefined);
        return;
      }
      sessionRef.current = opened;
      const current = { opened, target: { type: target.type, id: target.id } };
      // Not urgent: let the render yield to Shaka's manifest and segment work (first frame).
      startTransition(() => {
        setSession(current);
        setSource('main');
      });
      const sessionId = opened.id;
      heartbeat = setInterval(() => {
        sendHeartbeat(sessionId).catch((error: unknown) => {
          if (error instanceof ApiError) handle({ source: 'heartbeat', status: error.status, data: error.data, message: error.message });
        });
      }, opened.heartbeatIntervalMs);
      const start = target.startSeconds ?? (target.type === 'VOD' || target.type === 'SERIE' ? opened.playInfo.positionInMs / 1000 : target.type === 'CUTV' ? 0 : null);
      try {
        await adapter.load({ url: opened.playInfo.url, drm: opened.drm, startTime: start, preloadKey: target.type === 'LIVE' ? zapPreloadKey(target.id) : undefined });
        retriesRef.current = 0;
      } catch (error) {
        if (!cancelled) handle(failureOfShaka(error as { code: number; data?: unknown[] }));
      }
    };
    void run();

    const onUnload = () => {
      // Not when Back already closed it (Back into an earlier document also fires pagehide).
      if (opened && sessionRef.current?.id === opened.id) closeSessionOnUnload(opened.id, appSession.getState().userInfo?.idToken ?? null, keepsPosition(target.type) ? positionMs() : undefined);
    };
    window.addEventListener('pagehide', onUnload);
    return () => {
      cancelled = true;
      controller.abort();
      window.removeEventListener('pagehide', onUnload);
      if (heartbeat) clearInterval(heartbeat);
      // Skipped when close() (Back, stop) already ended this session.
      if (opened && sessionRef.current?.id === opened.id) {
        const position = keepsPosition(target.type) ? positionMs() : undefined;
        closing = closeSession(opened.id, position).catch(() => undefined);
        sessionRef.current = null;
      }
    };
    // `attempt` re-runs the flow after a PIN, a reset or a loop-mode poll.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [adapter, key, attempt]);

  // Loop mode: while the content is not ready, try again every 10 s, then the event resumes.
  useEffect(() => {
    if (gate.kind !== 'waiting') return;
    const timer = setTimeout(() => setAttempt((n) => n + 1), PLAYER.loopPollMs);
    return () => clearTimeout(timer);
  }, [gate.kind]);

  const switchSource = useCallback(
    async (next: 'main' | 'restart', startTime: number | null) => {
      const current = sessionRef.current;
      if (!adapter || !current) return;
      const url = next === 'restart' ? current.restartUrl : current.playInfo.url;
      if (!url) return;
      setSource(next);
      try {
        await adapter.load({ url, drm: current.drm, startTime });
      } catch (error) {
        handle(failureOfShaka(error as { code: number; data?: unknown[] }));
      }
    },
    [adapter, handle],
  );

  const onPlayerError = useCallback(
    (error: { code: number; severity?: number; message?: string; data?: unknown[] }) => {
      const failure = failureOfShaka(error);
      const action = actionFor(failure);
      if (action.kind !== 'retry-stream') {
        // Recoverable (severity 1) errors are Shaka's own retries; only critical ones reach the viewer.
        if (error.severity === 1 && failure.source === 'shaka') return;
        handle(failure);
        return;
      }
      // 3019 / 4012: retry streaming, then reload from the position + 5 s, then message 19.
      const current = sessionRef.current;
      if (!adapter || !current) return;
      const attemptNo = (retriesRef.current += 1);
      if (attemptNo > 2) {
        setGate({ kind: 'failed', action: STREAM_LOST });
        onActionRef.current(STREAM_LOST);
        return;
      }
      // First Shaka's own retry of the streams; when it cannot, reload past the trouble.
      if (attemptNo === 1 && adapter.retryStreaming()) return;
      const position = adapter.getSnapshot().currentTime + PLAYER.reloadSkipSeconds;
      // A reload that plays again starts the count afresh (each one moves 5 s on, so it cannot loop in place).
      void adapter
        .load({ url: current.playInfo.url, drm: current.drm, startTime: position })
        .then(() => {
          retriesRef.current = 0;
        })
        .catch((e: unknown) => handle(failureOfShaka(e as { code: number })));
    },
    [adapter, handle],
  );

  const submitPin = useCallback(async (pin: string): Promise<'ok' | 'wrong' | 'blocked'> => {
    const { verifyParentalPin } = await import('../api/parental');
    try {
      const grant = await verifyParentalPin(pin);
      rememberParentalGrant(grant.grantedUntil);
      setGate({ kind: 'none' });
      setAttempt((n) => n + 1);
      return 'ok';
    } catch (error) {
      if (error instanceof ApiError && error.status === 429) return 'blocked';
      if (error instanceof ApiError && error.status === 409) {
        // No PIN on the account after all: the server decides; try again without one.
        setAttempt((n) => n + 1);
        return 'ok';
      }
      setGate({ kind: 'pin', wrong: true });
      return 'wrong';
    }
  }, []);

  const answerExceeded = useCallback((answer: 1 | 2) => {
    if (answer === 2) {
      setGate({ kind: 'failed', action: { kind: 'message', message: 'cannotPlay', recoverable: true } });
      return;
    }
    setGate({ kind: 'exceeded-sessions', busy: true });
    resetSessions()
      .then(() => {
        setGate({ kind: 'none' });
        setAttempt((n) => n + 1);
      })
      .catch(() => {
        const message = { kind: 'message' as const, message: 'errorResettingSessions' as const, recoverable: true, title: 'playerError' as const };
        setGate({ kind: 'failed', action: message });
        onActionRef.current(message);
      });
  }, []);

  const answerResetSessions = useCallback((confirm: boolean) => {
    if (!confirm) {
      setGate({ kind: 'none' });
      onActionRef.current({ kind: 'reset-sessions' });
      return;
    }
    void resetSessions()
      .catch(() => undefined)
      .then(() => window.location.reload());
  }, []);

  const close = useCallback(async () => {
    const current = sessionRef.current;
    if (!current) return;
    sessionRef.current = null;
    const position = target && keepsPosition(target.type) ? positionMs() : undefined;
    closing = closeSession(current.id, position).catch(() => undefined);
    await closing;
  }, [positionMs, target]);

  return { gate, session: session?.opened ?? null, sessionTarget: session?.target ?? null, source, submitPin, answerExceeded, answerResetSessions, switchSource, onPlayerError, close };
}

import type { OpenSessionResponse, PlaybackType } from '@pantalla/contracts';
import type { LoadRequest } from '../adapter/shaka-adapter';
import { actionFor, SHAKA, type PlayerAction, type PlayerFailure } from './errors';
import { zapPreloadKey } from './zapping';

/** What to play: the session reference plus what the PIN rule needs. */
export interface PlaybackTarget {
  type: PlaybackType;
  /** Channel id (LIVE), event id (CUTV), film id (VOD), episode id (SERIE). */
  id: number;
  parental: number;
  adult: boolean;
  /** Seconds to start at; null: live edge, the saved position (VOD/SERIE, recordings) or the start (CUTV). */
  startSeconds: number | null;
  /** A subscriber's recording of the CUTV programme `id` (issue 29): the session opens on it, past the catch-up window. */
  recordingId?: number;
}

/** An open video session and what it was opened for (it trails the target while a zap opens the next). */
export interface OpenSession {
  opened: OpenSessionResponse;
  target: Pick<PlaybackTarget, 'type' | 'id'>;
}

/** A message the error modal shows (message 19, errorResettingSessions, the server's text...). */
export type MessageAction = Extract<PlayerAction, { kind: 'message' }>;

/**
 * Where the video session of the screen stands (viewing spec section 4: opened before
 * playback, heartbeats while playing, closed on leave, stop or switch), and what stands
 * between the viewer and the picture.
 */
export type PlaybackPhase =
  /** Nothing asked for yet (the player adapter is still attaching). */
  | { name: 'idle' }
  /** The parental PIN modal: asked before opening (rating 7), or the server refused with 117. */
  | { name: 'needs-pin'; wrong: boolean }
  /** POST /sessions is on its way. */
  | { name: 'opening' }
  /** The session is open and the stream loads or plays; heartbeats run. */
  | { name: 'playing' }
  /** Loop mode: the content is not reachable yet; a new attempt every 10 s. */
  | { name: 'waiting' }
  /** The purchase prompt ('No tienes derechos de acceso a este contenido'). */
  | { name: 'no-rights' }
  /** Session refused with 115: the exceeded-sessions modal; Sí resets every session and retries. */
  | { name: 'too-many-sessions'; resetting: boolean }
  /** Licence refused with 115: the reset-sessions prompt; confirming resets and reloads the page. */
  | { name: 'reset-sessions' }
  /** The app's sign-in is gone (116/800) or the account is (400): the screen alerts and signs out. */
  | { name: 'expired'; action: Extract<PlayerAction, { kind: 'session-expired' | 'account-missing' }> }
  /** An error the modal shows; the viewer retries (the modal) or leaves. */
  | { name: 'failed'; action: MessageAction }
  /** The viewer left (Back, stop, the screen closed): the session is closed. */
  | { name: 'closed' };

export type PhaseName = PlaybackPhase['name'];

export interface PlaybackState {
  phase: PlaybackPhase;
  /** What is asked for now; null before the first target. */
  target: PlaybackTarget | null;
  /** Numbers the attempts at the target: an answer to an earlier attempt is stale. */
  attempt: number;
  /** The open session; it stays open behind a prompt until a new attempt, a zap or leaving closes it. */
  session: OpenSession | null;
  /** Which manifest of the session is on: its main (live/VOD) url or the restart window. */
  source: 'main' | 'restart';
  /** 3019/4012 recoveries since the stream last loaded (the third one gives up with message 19). */
  retries: number;
  /** The channel that played before a zap: the PIN prompt's Cancel returns to it. */
  previous: PlaybackTarget | null;
  /** Which of an imported channel's alternate streams plays (1 = the first alternate); absent: the session's url. */
  stream?: number;
}

export const INITIAL_PLAYBACK: PlaybackState = {
  phase: { name: 'idle' },
  target: null,
  attempt: 0,
  session: null,
  source: 'main',
  retries: 0,
  previous: null,
};

/**
 * What happened. Answers of the server and the player carry the attempt they belong to;
 * `pinRequired` is the PIN rule's answer for the target at that moment (clock and grant).
 */
export type PlaybackEvent =
  /** A target to play: the first one, or a zap to another channel. */
  | { type: 'target-changed'; target: PlaybackTarget; pinRequired: boolean }
  | { type: 'session-opened'; attempt: number; session: OpenSessionResponse }
  /** POST /sessions failed: a refusal (status and data) or the network. */
  | { type: 'session-refused'; attempt: number; failure: PlayerFailure }
  /** A load of the stream resolved (the first, a restart switch or a recovery reload). */
  | { type: 'loaded'; attempt: number }
  | { type: 'load-failed'; attempt: number; failure: PlayerFailure }
  /** A heartbeat (session push) failed. */
  | { type: 'heartbeat-refused'; attempt: number; failure: PlayerFailure }
  /** The adapter reported an error while playing; `recoverable` is Shaka's severity 1 (its own retries). */
  | { type: 'player-error'; failure: PlayerFailure; recoverable: boolean }
  /** Loop mode's 10-second timer. */
  | { type: 'poll'; attempt: number; pinRequired: boolean }
  /** The server accepted the PIN (or the account has none after all): try again. */
  | { type: 'pin-accepted' }
  | { type: 'pin-refused' }
  /** Sí in the exceeded-sessions modal. */
  | { type: 'reset-confirmed' }
  | { type: 'sessions-reset'; pinRequired: boolean }
  | { type: 'sessions-reset-failed' }
  /** The answer to the reset-sessions prompt (licence 115). */
  | { type: 'reset-sessions-answered'; confirm: boolean }
  /** Start of the live programme (restart window) or back to live (main url). */
  | { type: 'source-switched'; source: 'main' | 'restart'; startTime: number | null }
  /** The page goes away (tab closed, navigation out of the app). */
  | { type: 'page-hidden' }
  /** The viewer leaves: Back, stop, or the screen closes. */
  | { type: 'close' };

/** What the effect runner does for a transition. */
export type PlaybackCommand =
  | { type: 'open-session'; attempt: number; target: PlaybackTarget }
  | { type: 'start-heartbeat'; attempt: number; sessionId: string; intervalMs: number }
  | { type: 'load'; attempt: number; request: LoadRequest }
  /** Unload the stream: no picture and no sound behind a prompt (a PIN zap, a right that ended). */
  | { type: 'stop-picture' }
  /** 3019/4012: Shaka's own retry of the streams first (when `retryFirst`), else a reload of `url` 5 s past the position. */
  | { type: 'recover-stream'; attempt: number; retryFirst: boolean; url: string; drm: LoadRequest['drm'] }
  /** DELETE the session (which ends its heartbeats); VOD and series send the position. */
  | { type: 'close-session'; sessionId: string; withPosition: boolean }
  /** The same as a request that outlives the page. */
  | { type: 'close-session-on-unload'; sessionId: string; withPosition: boolean }
  | { type: 'schedule-poll'; attempt: number }
  | { type: 'reset-sessions' }
  | { type: 'reset-sessions-and-reload' }
  /** Tell the viewer (error modal, sign-out, go home): the screen decides how. */
  | { type: 'show'; action: PlayerAction }
  | { type: 'log'; failure: PlayerFailure };

export interface Transition {
  state: PlaybackState;
  commands: PlaybackCommand[];
}

/** Message 19: the stream could not be recovered. */
export const STREAM_LOST = {
  kind: 'message',
  message: '19',
  recoverable: true,
  title: 'playerError',
} as const satisfies MessageAction;
const RESET_FAILED = {
  kind: 'message',
  message: 'errorResettingSessions',
  recoverable: true,
  title: 'playerError',
} as const satisfies MessageAction;
/** A third 3019/4012 in a row gives up (one retry of the streams, one reload). */
const MAX_RECOVERIES = 2;

/** VOD, series and catch-up keep their position for keep-watching; live does not. */
export const keepsPosition = (type: PlaybackType) => type !== 'LIVE';

/** Where a newly opened session starts: the link's time, else the saved position (VOD/SERIE), the start (CUTV) or the live edge. */
export function startPosition(target: PlaybackTarget, opened: OpenSessionResponse): number | null {
  if (target.startSeconds !== null) return target.startSeconds;
  if (target.type === 'VOD' || target.type === 'SERIE' || target.recordingId !== undefined)
    return opened.playInfo.positionInMs / 1000;
  return target.type === 'CUTV' ? 0 : null;
}

/** The session's n-th stream: its url, then an imported channel's alternates in the list's order. */
export function streamAt(opened: OpenSessionResponse, n: number): string | null {
  return n === 0 ? opened.playInfo.url : (opened.playInfo.alternateUrls?.[n - 1] ?? null);
}

/**
 * A failure of the stream itself (network, manifest, media), which another stream may not
 * have; not of keys or rights. A manifest answered 4xx without our origin's refusal code is
 * a stream's host saying no (an imported list's dead link), not a refusal of rights.
 */
const isStreamFailure = (failure: PlayerFailure) =>
  failure.source === 'load' ||
  (failure.source === 'shaka' && failure.code < 6000) ||
  (failure.source === 'manifest' && failure.data === undefined);

/**
 * An imported channel's stream failed: the next alternate takes over (logged, no prompt),
 * as long as the session has one left; null otherwise.
 */
function nextStream(state: PlaybackState, failure: PlayerFailure): Transition | null {
  const { session, target } = state;
  if (!session || !target || state.source !== 'main' || !isStreamFailure(failure)) return null;
  const stream = (state.stream ?? 0) + 1;
  const url = streamAt(session.opened, stream);
  if (url === null) return null;
  const request: LoadRequest = { url, drm: session.opened.drm, startTime: startPosition(target, session.opened) };
  return {
    state: { ...state, stream, retries: 0, phase: { name: 'playing' } },
    commands: [
      { type: 'log', failure },
      { type: 'load', attempt: state.attempt, request },
    ],
  };
}

/** A transient failure: the content may simply not be there yet (loop mode retries it). */
export function isTransient(failure: PlayerFailure): boolean {
  if (failure.source === 'session' || failure.source === 'load') return failure.status === 0 || failure.status >= 500;
  return failure.source === 'shaka' && (failure.code === SHAKA.HTTP_ERROR || failure.code === SHAKA.TIMEOUT);
}

/** No prompt stands before the picture (the fingerprint shows, the spinner may). */
export function isClear(phase: PlaybackPhase): boolean {
  return phase.name === 'idle' || phase.name === 'opening' || phase.name === 'playing' || phase.name === 'closed';
}

const stay = (state: PlaybackState): Transition => ({ state, commands: [] });

function closing(session: OpenSession | null): PlaybackCommand[] {
  return session
    ? [{ type: 'close-session', sessionId: session.opened.id, withPosition: keepsPosition(session.target.type) }]
    : [];
}

const sameTarget = (a: PlaybackTarget | null, b: PlaybackTarget) =>
  a !== null && a.type === b.type && a.id === b.id && a.recordingId === b.recordingId;

/**
 * A new attempt at `target`: the open session (if any) closes first, then the PIN or the
 * open. A PIN prompt stands over silence: whatever played is unloaded. A zap remembers the
 * channel that played, for the prompt's Cancel.
 */
function attempt(state: PlaybackState, target: PlaybackTarget, pinRequired: boolean): Transition {
  const played = state.phase.name === 'playing' && state.session !== null ? state.target : null;
  const previous = sameTarget(state.target, target) ? state.previous : played;
  const next: PlaybackState = {
    phase: pinRequired ? { name: 'needs-pin', wrong: false } : { name: 'opening' },
    target,
    attempt: state.attempt + 1,
    session: null,
    source: 'main',
    retries: 0,
    previous,
  };
  const open: PlaybackCommand[] = pinRequired ? [] : [{ type: 'open-session', attempt: next.attempt, target }];
  const stop: PlaybackCommand[] = pinRequired && state.target !== null ? [{ type: 'stop-picture' }] : [];
  return { state: next, commands: [...stop, ...closing(state.session), ...open] };
}

/** The one table (lib/errors) decides what a failure shows; the session stays as it is. */
function refused(state: PlaybackState, failure: PlayerFailure): Transition {
  const action = actionFor(failure);
  const to = (phase: PlaybackPhase, commands: PlaybackCommand[] = []): Transition => ({
    state: { ...state, phase },
    commands,
  });
  switch (action.kind) {
    case 'ignore':
      return stay(state);
    case 'log':
      return { state, commands: [{ type: 'log', failure }] };
    case 'pin':
      return to({ name: 'needs-pin', wrong: false });
    case 'no-rights':
    case 'reset-sessions':
      return to({ name: action.kind });
    case 'exceeded-sessions':
      return to({ name: 'too-many-sessions', resetting: false });
    case 'retry-stream':
      // A load (or the reload at +5 s) that meets 3019/4012 has nothing left to retry.
      return to({ name: 'failed', action: STREAM_LOST }, [{ type: 'show', action: STREAM_LOST }]);
    case 'session-expired':
    case 'account-missing':
      return to({ name: 'expired', action }, [{ type: 'show', action }]);
    case 'message':
      if (isTransient(failure)) return to({ name: 'waiting' }, [{ type: 'schedule-poll', attempt: state.attempt }]);
      return to({ name: 'failed', action }, [{ type: 'show', action }]);
  }
}

/**
 * The open refused: its prompt shows over silence. After a zap the previous channel's
 * picture may still be up (its session already closed): it stops.
 */
function refusedOpen(state: PlaybackState, failure: PlayerFailure): Transition {
  const result = refused(state, failure);
  if (result.state.phase === state.phase || state.previous === null) return result;
  return { state: result.state, commands: [{ type: 'stop-picture' }, ...result.commands] };
}

/**
 * The server ended the right to what plays (a manifest refresh or a heartbeat refused: the
 * session closed elsewhere, a rating-7 programme began, a package ended): the picture and
 * sound stop, the session closes, and the prompt of the refusal shows.
 */
function stopped(state: PlaybackState, failure: PlayerFailure): Transition {
  const result = refused(state, failure);
  if (result.state.phase === state.phase) return result;
  return {
    state: { ...result.state, session: null },
    commands: [{ type: 'stop-picture' }, ...closing(state.session), ...result.commands],
  };
}

function opened(state: PlaybackState, event: Extract<PlaybackEvent, { type: 'session-opened' }>): Transition {
  const { session } = event;
  // An answer for an attempt given up meanwhile (a zap, Back): that session is not wanted.
  if (event.attempt !== state.attempt || state.phase.name !== 'opening' || !state.target)
    return { state, commands: [{ type: 'close-session', sessionId: session.id, withPosition: false }] };
  const target = state.target;
  const request: LoadRequest = {
    url: session.playInfo.url,
    drm: session.drm,
    startTime: startPosition(target, session),
    preloadKey: target.type === 'LIVE' ? zapPreloadKey(target.id) : undefined,
  };
  return {
    state: {
      ...state,
      phase: { name: 'playing' },
      session: { opened: session, target: { type: target.type, id: target.id } },
      source: 'main',
      retries: 0,
      stream: undefined,
    },
    commands: [
      {
        type: 'start-heartbeat',
        attempt: state.attempt,
        sessionId: session.id,
        intervalMs: session.heartbeatIntervalMs,
      },
      { type: 'load', attempt: state.attempt, request },
    ],
  };
}

function playerError(state: PlaybackState, failure: PlayerFailure, recoverable: boolean): Transition {
  if (state.phase.name === 'closed' || state.phase.name === 'idle') return stay(state);
  if (actionFor(failure).kind !== 'retry-stream') {
    // Recoverable (severity 1) errors are Shaka's own retries; only critical ones reach the viewer.
    if (recoverable && failure.source === 'shaka') return stay(state);
    return nextStream(state, failure) ?? refused(state, failure);
  }
  // 3019 / 4012: retry streaming, then reload from the position + 5 s, then the next alternate stream or message 19.
  if (!state.session) return stay(state);
  const retries = state.retries + 1;
  if (retries > MAX_RECOVERIES)
    return (
      nextStream(state, failure) ?? {
        state: { ...state, retries, phase: { name: 'failed', action: STREAM_LOST } },
        commands: [{ type: 'show', action: STREAM_LOST }],
      }
    );
  const { opened: session } = state.session;
  const url = streamAt(session, state.stream ?? 0) ?? session.playInfo.url;
  return {
    state: { ...state, retries },
    commands: [{ type: 'recover-stream', attempt: state.attempt, retryFirst: retries === 1, url, drm: session.drm }],
  };
}

function switchSource(state: PlaybackState, source: 'main' | 'restart', startTime: number | null): Transition {
  if (!state.session) return stay(state);
  const url =
    source === 'restart' ? state.session.opened.restartUrl : streamAt(state.session.opened, state.stream ?? 0);
  if (!url) return stay(state);
  return {
    state: { ...state, source },
    commands: [{ type: 'load', attempt: state.attempt, request: { url, drm: state.session.opened.drm, startTime } }],
  };
}

/** Answers to prompts: the PIN, the exceeded-sessions modal, the reset-sessions prompt. */
function answered(
  state: PlaybackState,
  event: Extract<
    PlaybackEvent,
    {
      type:
        | 'pin-accepted'
        | 'pin-refused'
        | 'reset-confirmed'
        | 'sessions-reset'
        | 'sessions-reset-failed'
        | 'reset-sessions-answered';
    }
  >,
): Transition {
  const { phase, target } = state;
  switch (event.type) {
    case 'pin-accepted':
      return phase.name === 'needs-pin' && target ? attempt(state, target, false) : stay(state);
    case 'pin-refused':
      return phase.name === 'needs-pin'
        ? { state: { ...state, phase: { name: 'needs-pin', wrong: true } }, commands: [] }
        : stay(state);
    case 'reset-confirmed':
      if (phase.name !== 'too-many-sessions' || phase.resetting) return stay(state);
      return {
        state: { ...state, phase: { name: 'too-many-sessions', resetting: true } },
        commands: [{ type: 'reset-sessions' }],
      };
    case 'sessions-reset':
      return phase.name === 'too-many-sessions' && target ? attempt(state, target, event.pinRequired) : stay(state);
    case 'sessions-reset-failed':
      if (phase.name !== 'too-many-sessions') return stay(state);
      return {
        state: { ...state, phase: { name: 'failed', action: RESET_FAILED } },
        commands: [{ type: 'show', action: RESET_FAILED }],
      };
    case 'reset-sessions-answered':
      if (phase.name !== 'reset-sessions') return stay(state);
      if (event.confirm) return { state, commands: [{ type: 'reset-sessions-and-reload' }] };
      // Declined: the screen alerts and goes home.
      return {
        state: { ...state, phase: { name: 'closed' }, session: null },
        commands: [...closing(state.session), { type: 'show', action: { kind: 'reset-sessions' } }],
      };
  }
}

/** The session's state machine: pure, every effect is a command for the runner (hooks/use-playback). */
export function transition(state: PlaybackState, event: PlaybackEvent): Transition {
  const current = (e: { attempt: number }) => e.attempt === state.attempt;
  switch (event.type) {
    case 'target-changed':
      return attempt(state, event.target, event.pinRequired);
    case 'session-opened':
      return opened(state, event);
    case 'session-refused':
      return current(event) && state.phase.name === 'opening' ? refusedOpen(state, event.failure) : stay(state);
    case 'loaded':
      return current(event) && state.retries > 0 ? { state: { ...state, retries: 0 }, commands: [] } : stay(state);
    case 'load-failed':
      return current(event) && state.session
        ? (nextStream(state, event.failure) ?? refused(state, event.failure))
        : stay(state);
    case 'heartbeat-refused':
      return current(event) && state.session && state.phase.name === 'playing'
        ? stopped(state, event.failure)
        : stay(state);
    case 'player-error':
      // A refused manifest refresh: only while the stream plays (a prompt already up stays as it is).
      if (event.failure.source === 'manifest')
        return state.session && state.phase.name === 'playing'
          ? (nextStream(state, event.failure) ?? stopped(state, event.failure))
          : stay(state);
      return playerError(state, event.failure, event.recoverable);
    case 'poll':
      return current(event) && state.phase.name === 'waiting' && state.target
        ? attempt(state, state.target, event.pinRequired)
        : stay(state);
    case 'source-switched':
      return switchSource(state, event.source, event.startTime);
    case 'page-hidden':
      return state.session
        ? {
            state,
            commands: [
              {
                type: 'close-session-on-unload',
                sessionId: state.session.opened.id,
                withPosition: keepsPosition(state.session.target.type),
              },
            ],
          }
        : stay(state);
    case 'close':
      return { state: { ...state, phase: { name: 'closed' }, session: null }, commands: closing(state.session) };
    default:
      return answered(state, event);
  }
}

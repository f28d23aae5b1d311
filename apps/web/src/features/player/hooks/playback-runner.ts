import { ApiError } from '../../../lib/api-client';
import type { PlaybackApi } from '../api/playback-api';
import type { ShakaAdapter } from '../adapter/shaka-adapter';
import { PLAYER } from '../lib/constants';
import { failureOfShaka, type PlayerAction, type PlayerFailure } from '../lib/errors';
import { needsPin } from '../lib/parental-grant';
import {
  INITIAL_PLAYBACK,
  transition,
  type PlaybackCommand,
  type PlaybackEvent,
  type PlaybackState,
  type PlaybackTarget,
} from '../lib/playback-session';

/** What of the player the session drives. */
export type PlaybackPlayer = Pick<
  ShakaAdapter,
  'load' | 'unload' | 'retryStreaming' | 'getSnapshot' | 'setSegmentToken'
>;

/** What the runner needs when it runs a command (the latest render's). */
export interface RunnerDeps {
  player: PlaybackPlayer | null;
  api: PlaybackApi;
  user: { hasPin: boolean; profileId: number };
  onAction: (action: PlayerAction) => void;
}

/** A heartbeat the network lost is sent again this much later (the segment token lasts 60 s, heartbeats come every 30 s). */
export const HEARTBEAT_RETRY_MS = 5_000;

/** Session closes still on their way; the next open waits, so the old session is closed before switching. */
let closing: Promise<unknown> = Promise.resolve();

function failureOfRequest(error: unknown): PlayerFailure {
  return error instanceof ApiError
    ? { source: 'session', status: error.status, data: error.data, message: error.message }
    : { source: 'load', status: 0 };
}

/**
 * Runs the session's state machine (lib/playback-session): each event goes through
 * `transition`, the new state goes to `commit`, and each command becomes a call, a timer or
 * a request whose answer comes back as an event of its attempt.
 */
export class PlaybackRunner {
  private state = INITIAL_PLAYBACK;
  private heartbeat: { sessionId: string; timer: ReturnType<typeof setInterval> } | null = null;
  private poll: ReturnType<typeof setTimeout> | null = null;
  private opening: AbortController | null = null;

  constructor(
    private current: RunnerDeps,
    private readonly commit: (state: PlaybackState, event: PlaybackEvent) => void,
  ) {}

  /** The player, calls and callbacks of the latest render. */
  use(deps: RunnerDeps): void {
    this.current = deps;
  }

  private deps(): RunnerDeps {
    return this.current;
  }

  getState(): PlaybackState {
    return this.state;
  }

  dispatch(event: PlaybackEvent): void {
    const result = transition(this.state, event);
    if (result.state !== this.state) {
      this.state = result.state;
      this.commit(result.state, event);
    }
    for (const command of result.commands) this.run(command);
  }

  /** The PIN rule for a target now (clock and the server's grant). */
  pinRequired(target: PlaybackTarget): boolean {
    return needsPin(target, this.deps().user.hasPin, Date.now());
  }

  /** Closes the session (Back, stop); resolves once the server has it. */
  async close(): Promise<void> {
    this.dispatch({ type: 'close' });
    await closing;
  }

  /** The screen goes: the session closes and every timer and request stops. */
  dispose(): void {
    this.dispatch({ type: 'close' });
    this.opening?.abort();
    this.opening = null;
    this.stopHeartbeat();
    if (this.poll) clearTimeout(this.poll);
    this.poll = null;
  }

  private run(command: PlaybackCommand): void {
    const { api } = this.deps();
    switch (command.type) {
      case 'open-session':
        return this.open(command.attempt, command.target);
      case 'start-heartbeat':
        return this.startHeartbeat(command.attempt, command.sessionId, command.intervalMs);
      case 'load':
        return this.load(command.attempt, command.request);
      case 'recover-stream':
        return this.recover(command);
      case 'stop-picture':
        void this.deps()
          .player?.unload()
          .catch(() => undefined);
        return;
      case 'close-session':
        this.stopHeartbeat(command.sessionId);
        closing = api
          .closeSession(command.sessionId, command.withPosition ? this.positionMs() : undefined)
          .catch(() => undefined);
        return;
      case 'close-session-on-unload':
        return api.closeSessionOnUnload(command.sessionId, command.withPosition ? this.positionMs() : undefined);
      case 'schedule-poll':
        return this.schedulePoll(command.attempt);
      case 'reset-sessions':
        api.resetSessions().then(
          () =>
            this.dispatch({
              type: 'sessions-reset',
              pinRequired: this.state.target ? this.pinRequired(this.state.target) : false,
            }),
          () => this.dispatch({ type: 'sessions-reset-failed' }),
        );
        return;
      case 'reset-sessions-and-reload':
        void api
          .resetSessions()
          .catch(() => undefined)
          .then(() => api.reloadPage());
        return;
      case 'show':
        return this.deps().onAction(command.action);
      case 'log':
        console.warn('Player', command.failure);
        return;
    }
  }

  private open(attempt: number, target: PlaybackTarget): void {
    this.opening?.abort();
    const controller = new AbortController();
    this.opening = controller;
    void closing
      .then(() =>
        controller.signal.aborted
          ? null
          : this.deps().api.openSession({
              type: target.type,
              id: target.id,
              recordingId: target.recordingId,
              profileId: this.deps().user.profileId,
              signal: controller.signal,
            }),
      )
      .then(
        (session) => {
          if (!session) return;
          // Before the load the event leads to: its segments go out under this session's token.
          this.deps().player?.setSegmentToken(session.segmentToken ?? null);
          this.dispatch({ type: 'session-opened', attempt, session });
        },
        (error: unknown) => this.dispatch({ type: 'session-refused', attempt, failure: failureOfRequest(error) }),
      );
  }

  private load(attempt: number, request: Parameters<PlaybackPlayer['load']>[0]): void {
    this.deps()
      .player?.load(request)
      .then(
        () => this.dispatch({ type: 'loaded', attempt }),
        (error: unknown) =>
          this.dispatch({
            type: 'load-failed',
            attempt,
            failure: failureOfShaka(error as { code: number; data?: unknown[] }),
          }),
      );
  }

  /** First Shaka's own retry of the streams; when it cannot, a reload past the trouble (5 s on, so it cannot loop in place). */
  private recover(command: Extract<PlaybackCommand, { type: 'recover-stream' }>): void {
    const player = this.deps().player;
    if (!player || (command.retryFirst && player.retryStreaming())) return;
    this.load(command.attempt, {
      url: command.url,
      drm: command.drm,
      startTime: player.getSnapshot().currentTime + PLAYER.reloadSkipSeconds,
    });
  }

  private startHeartbeat(attempt: number, sessionId: string, intervalMs: number): void {
    this.stopHeartbeat();
    const beat = (retry: boolean) =>
      this.deps()
        .api.sendHeartbeat(sessionId)
        .then((answer) => {
          // A fresh segment token (60 s): a static manifest's segments play on under it.
          if (answer.segmentToken && this.heartbeat?.sessionId === sessionId)
            this.deps().player?.setSegmentToken(answer.segmentToken);
        })
        .catch((error: unknown) => {
          if (error instanceof ApiError)
            this.dispatch({
              type: 'heartbeat-refused',
              attempt,
              failure: { source: 'heartbeat', status: error.status, data: error.data, message: error.message },
            });
          // The network dropped it: once more soon, before the segment token (60 s) runs out.
          else if (retry)
            setTimeout(() => this.heartbeat?.sessionId === sessionId && void beat(false), HEARTBEAT_RETRY_MS);
        });
    const timer = setInterval(() => void beat(true), intervalMs);
    this.heartbeat = { sessionId, timer };
  }

  /** Ends the heartbeats (of this session only, when one is named). */
  private stopHeartbeat(sessionId?: string): void {
    if (!this.heartbeat || (sessionId !== undefined && this.heartbeat.sessionId !== sessionId)) return;
    clearInterval(this.heartbeat.timer);
    this.heartbeat = null;
  }

  private schedulePoll(attempt: number): void {
    if (this.poll) clearTimeout(this.poll);
    this.poll = setTimeout(() => {
      this.poll = null;
      const { target } = this.state;
      if (target) this.dispatch({ type: 'poll', attempt, pinRequired: this.pinRequired(target) });
    }, PLAYER.loopPollMs);
  }

  private positionMs(): number {
    return (this.deps().player?.getSnapshot().currentTime ?? 0) * 1000;
  }
}

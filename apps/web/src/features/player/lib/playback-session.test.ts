import { describe, expect, it } from 'vitest';
import type { OpenSessionResponse } from '@pantalla/contracts';
import type { PlayerFailure } from './errors';
import {
  INITIAL_PLAYBACK,
  isClear,
  isTransient,
  keepsPosition,
  startPosition,
  STREAM_LOST,
  transition,
  type PhaseName,
  type PlaybackEvent,
  type PlaybackState,
  type PlaybackTarget,
  type Transition,
} from './playback-session';

const LIVE: PlaybackTarget = { type: 'LIVE', id: 3, parental: 2, adult: false, startSeconds: null };
const NEXT_CHANNEL: PlaybackTarget = { ...LIVE, id: 4 };
const FILM: PlaybackTarget = { type: 'VOD', id: 70, parental: 2, adult: false, startSeconds: null };

function session(id = 's1', over: Partial<OpenSessionResponse> = {}): OpenSessionResponse {
  return {
    id,
    playInfo: { url: `/media/${id}/manifest.mpd`, positionInMs: 61_500 },
    drm: { keySystem: 'org.w3.clearkey', licenseUrl: `/api/v1/drm/clearkey/${id}` },
    restartUrl: `/media/${id}/restart.mpd`,
    heartbeatIntervalMs: 30_000,
    expiresAt: '2030-01-01T00:00:00.000Z',
    ...over,
  };
}

/** Applies the events in turn; returns the last transition. */
function after(events: PlaybackEvent[], from: PlaybackState = INITIAL_PLAYBACK): Transition {
  let result: Transition = { state: from, commands: [] };
  for (const event of events) result = transition(result.state, event);
  return result;
}

const opening = (target = LIVE) => after([{ type: 'target-changed', target, pinRequired: false }]).state;
const playing = (target = LIVE, opened = session()) =>
  after([{ type: 'session-opened', attempt: 1, session: opened }], opening(target)).state;
const refused = (failure: PlayerFailure, from = opening()) =>
  transition(from, { type: 'session-refused', attempt: from.attempt, failure });

describe('playback session: a target', () => {
  it('opens a session for the first target', () => {
    const { state, commands } = transition(INITIAL_PLAYBACK, {
      type: 'target-changed',
      target: LIVE,
      pinRequired: false,
    });
    expect(state).toEqual({
      phase: { name: 'opening' },
      target: LIVE,
      attempt: 1,
      session: null,
      source: 'main',
      retries: 0,
      previous: null,
    });
    expect(commands).toEqual([{ type: 'open-session', attempt: 1, target: LIVE }]);
  });

  it('asks the PIN first when the rule says so, and opens nothing', () => {
    const { state, commands } = transition(INITIAL_PLAYBACK, {
      type: 'target-changed',
      target: LIVE,
      pinRequired: true,
    });
    expect(state.phase).toEqual({ name: 'needs-pin', wrong: false });
    expect(commands).toEqual([]);
  });

  it('a zap closes the playing session before opening the next channel’s', () => {
    const from = transition(playing(), { type: 'source-switched', source: 'restart', startTime: 0 }).state;
    const { state, commands } = transition(from, { type: 'target-changed', target: NEXT_CHANNEL, pinRequired: false });
    expect(state).toEqual({
      phase: { name: 'opening' },
      target: NEXT_CHANNEL,
      attempt: 2,
      session: null,
      source: 'main',
      retries: 0,
      previous: LIVE,
    });
    expect(commands).toEqual([
      { type: 'close-session', sessionId: 's1', withPosition: false },
      { type: 'open-session', attempt: 2, target: NEXT_CHANNEL },
    ]);
  });

  it('a zap into a PIN channel stops the picture, closes the playing session and asks the PIN over silence', () => {
    const { state, commands } = transition(playing(), {
      type: 'target-changed',
      target: NEXT_CHANNEL,
      pinRequired: true,
    });
    expect(state.phase).toEqual({ name: 'needs-pin', wrong: false });
    expect(state.session).toBeNull();
    expect(commands).toEqual([
      { type: 'stop-picture' },
      { type: 'close-session', sessionId: 's1', withPosition: false },
    ]);
    // Cancel goes back to the channel that played.
    expect(state.previous).toEqual(LIVE);
  });

  it('a zap into an adult-flagged channel the server refuses with 117 also stops the previous picture before the PIN', () => {
    const zapped = transition(playing(), { type: 'target-changed', target: NEXT_CHANNEL, pinRequired: false }).state;
    const { state, commands } = transition(zapped, {
      type: 'session-refused',
      attempt: zapped.attempt,
      failure: { source: 'session', status: 403, data: 117 },
    });
    expect(state.phase).toEqual({ name: 'needs-pin', wrong: false });
    expect(commands).toEqual([{ type: 'stop-picture' }]);
    expect(state.previous).toEqual(LIVE);
  });

  it('Cancel’s way back: the previous channel opens again without the PIN, and remembers nothing behind it', () => {
    const pin = transition(playing(), { type: 'target-changed', target: NEXT_CHANNEL, pinRequired: true }).state;
    const { state, commands } = transition(pin, { type: 'target-changed', target: LIVE, pinRequired: false });
    expect(state.phase).toEqual({ name: 'opening' });
    expect(state.previous).toBeNull();
    expect(commands).toEqual([{ type: 'open-session', attempt: 3, target: LIVE }]);
  });

  it('the first target asks the PIN with nothing to stop and nothing to return to', () => {
    const { state, commands } = transition(INITIAL_PLAYBACK, {
      type: 'target-changed',
      target: NEXT_CHANNEL,
      pinRequired: true,
    });
    expect(commands).toEqual([]);
    expect(state.previous).toBeNull();
  });

  it('a PIN accepted on the zapped channel keeps the way back (same target, new attempt)', () => {
    const pin = transition(playing(), { type: 'target-changed', target: NEXT_CHANNEL, pinRequired: true }).state;
    const { state } = transition(pin, { type: 'pin-accepted' });
    expect(state.phase).toEqual({ name: 'opening' });
    expect(state.previous).toEqual(LIVE);
  });

  it('leaving a film sends its position; leaving live does not', () => {
    expect(transition(playing(FILM), { type: 'target-changed', target: LIVE, pinRequired: false }).commands[0]).toEqual(
      { type: 'close-session', sessionId: 's1', withPosition: true },
    );
  });
});

describe('playback session: opened', () => {
  it('plays: heartbeats start and the stream loads at the live edge, from the zap preload', () => {
    const { state, commands } = transition(opening(), { type: 'session-opened', attempt: 1, session: session() });
    expect(state).toMatchObject({
      phase: { name: 'playing' },
      session: { opened: session(), target: { type: 'LIVE', id: 3 } },
      source: 'main',
    });
    expect(commands).toEqual([
      { type: 'start-heartbeat', attempt: 1, sessionId: 's1', intervalMs: 30_000 },
      {
        type: 'load',
        attempt: 1,
        request: { url: '/media/s1/manifest.mpd', drm: session().drm, startTime: null, preloadKey: 'live:3' },
      },
    ]);
  });

  it('starts a film at its saved position, or at the link’s time when it has one', () => {
    const load = (target: PlaybackTarget) =>
      transition(opening(target), { type: 'session-opened', attempt: 1, session: session() }).commands[1];
    expect(load(FILM)).toMatchObject({ request: { startTime: 61.5, preloadKey: undefined } });
    expect(load({ ...FILM, startSeconds: 12 })).toMatchObject({ request: { startTime: 12 } });
  });

  it('closes a session that answers for an attempt given up meanwhile (a zap, Back)', () => {
    const zapped = transition(opening(), { type: 'target-changed', target: NEXT_CHANNEL, pinRequired: false }).state;
    const late = transition(zapped, { type: 'session-opened', attempt: 1, session: session('old') });
    expect(late.state).toBe(zapped);
    expect(late.commands).toEqual([{ type: 'close-session', sessionId: 'old', withPosition: false }]);
    const closed = transition(opening(), { type: 'close' }).state;
    expect(transition(closed, { type: 'session-opened', attempt: 1, session: session('old') }).commands).toEqual([
      { type: 'close-session', sessionId: 'old', withPosition: false },
    ]);
  });
});

describe('playback session: refusals of the open (the one error table decides)', () => {
  it('115 is the exceeded-sessions modal; 401 the purchase prompt; 117 the PIN', () => {
    expect(refused({ source: 'session', status: 401, data: 115 }).state.phase).toEqual({
      name: 'too-many-sessions',
      resetting: false,
    });
    expect(refused({ source: 'session', status: 401, data: 401 }).state.phase).toEqual({ name: 'no-rights' });
    expect(refused({ source: 'session', status: 403, data: 117 }).state.phase).toEqual({
      name: 'needs-pin',
      wrong: false,
    });
    for (const result of [
      refused({ source: 'session', status: 401, data: 115 }),
      refused({ source: 'session', status: 401, data: 401 }),
    ])
      expect(result.commands).toEqual([]);
  });

  it('116 expires the sign-in: the screen is told, to sign out', () => {
    const { state, commands } = refused({ source: 'session', status: 401, data: 116 });
    expect(state.phase).toEqual({ name: 'expired', action: { kind: 'session-expired' } });
    expect(commands).toEqual([{ type: 'show', action: { kind: 'session-expired' } }]);
  });

  it('a server error or no network is loop mode: a new attempt in 10 s', () => {
    for (const failure of [
      { source: 'session', status: 503, data: undefined },
      { source: 'load', status: 0 },
    ] satisfies PlayerFailure[]) {
      const { state, commands } = refused(failure);
      expect(state.phase).toEqual({ name: 'waiting' });
      expect(commands).toEqual([{ type: 'schedule-poll', attempt: 1 }]);
    }
  });

  it('anything else is message 24, shown', () => {
    const { state, commands } = refused({ source: 'session', status: 404, data: undefined });
    expect(state.phase).toEqual({
      name: 'failed',
      action: { kind: 'message', message: '24', recoverable: true, title: 'playerError' },
    });
    expect(commands).toEqual([
      { type: 'show', action: { kind: 'message', message: '24', recoverable: true, title: 'playerError' } },
    ]);
  });

  it('a refusal of an earlier attempt is ignored', () => {
    const zapped = transition(opening(), { type: 'target-changed', target: NEXT_CHANNEL, pinRequired: false }).state;
    expect(
      transition(zapped, {
        type: 'session-refused',
        attempt: 1,
        failure: { source: 'session', status: 401, data: 401 },
      }),
    ).toEqual({ state: zapped, commands: [] });
  });
});

describe('playback session: the stream', () => {
  const loadFailed = (failure: PlayerFailure, from = playing()) =>
    transition(from, { type: 'load-failed', attempt: from.attempt, failure });

  it('a licence refused keeps the session open behind the prompt', () => {
    expect(loadFailed({ source: 'licence', status: 401, data: 401 }).state).toMatchObject({
      phase: { name: 'no-rights' },
      session: { opened: { id: 's1' } },
    });
    expect(loadFailed({ source: 'licence', status: 401, data: 115 }).state.phase).toEqual({ name: 'reset-sessions' });
    expect(loadFailed({ source: 'licence', status: 403, data: 117 }).state.phase).toEqual({
      name: 'needs-pin',
      wrong: false,
    });
    expect(loadFailed({ source: 'licence', status: 400, data: 801 }).commands).toEqual([
      { type: 'show', action: { kind: 'account-missing' } },
    ]);
  });

  it('Shaka’s answers: the empty key response ignored, 6001 logged, 3019 at load is message 19, 1002 loop mode', () => {
    const from = playing();
    expect(loadFailed({ source: 'shaka', code: 6008, message: 'The license response was empty' }, from)).toEqual({
      state: from,
      commands: [],
    });
    expect(loadFailed({ source: 'shaka', code: 6001 }, from)).toEqual({
      state: from,
      commands: [{ type: 'log', failure: { source: 'shaka', code: 6001 } }],
    });
    expect(loadFailed({ source: 'shaka', code: 3019 }).state.phase).toEqual({ name: 'failed', action: STREAM_LOST });
    expect(loadFailed({ source: 'shaka', code: 1002 }).state.phase).toEqual({ name: 'waiting' });
    expect(loadFailed({ source: 'shaka', code: 4032 }).state.phase).toMatchObject({
      name: 'failed',
      action: { message: '22', recoverable: false },
    });
  });

  it('a load of an earlier attempt, or before any session, is ignored', () => {
    const zapped = transition(playing(), { type: 'target-changed', target: NEXT_CHANNEL, pinRequired: false }).state;
    expect(
      transition(zapped, { type: 'load-failed', attempt: 1, failure: { source: 'shaka', code: 4032 } }).state,
    ).toBe(zapped);
    expect(
      transition(zapped, { type: 'load-failed', attempt: 2, failure: { source: 'shaka', code: 4032 } }).state,
    ).toBe(zapped);
  });

  it('3019/4012 while playing: Shaka’s retry first, then a reload, then message 19; a load that plays starts the count afresh', () => {
    const error: PlaybackEvent = { type: 'player-error', failure: { source: 'shaka', code: 3019 }, recoverable: false };
    const recover = { type: 'recover-stream', attempt: 1, url: '/media/s1/manifest.mpd', drm: session().drm };
    const first = transition(playing(), error);
    expect(first.commands).toEqual([{ ...recover, retryFirst: true }]);
    const second = transition(first.state, error);
    expect(second.commands).toEqual([{ ...recover, retryFirst: false }]);
    const third = transition(second.state, error);
    expect(third.state.phase).toEqual({ name: 'failed', action: STREAM_LOST });
    expect(third.commands).toEqual([{ type: 'show', action: STREAM_LOST }]);
    const reloaded = transition(second.state, { type: 'loaded', attempt: 1 });
    expect(reloaded.state.retries).toBe(0);
    expect(transition(reloaded.state, error).commands).toEqual([{ ...recover, retryFirst: true }]);
  });

  it('an answer that the stream plays, when nothing was being recovered, changes nothing', () => {
    const from = playing();
    expect(transition(from, { type: 'loaded', attempt: 1 }).state).toBe(from);
  });

  it('Shaka’s recoverable errors are its own retries; critical ones reach the viewer', () => {
    const from = playing();
    expect(
      transition(from, { type: 'player-error', failure: { source: 'shaka', code: 1001 }, recoverable: true }).state,
    ).toBe(from);
    expect(
      transition(from, {
        type: 'player-error',
        failure: { source: 'shaka', code: 6008, message: 'bad key' },
        recoverable: false,
      }).state.phase,
    ).toEqual({ name: 'no-rights' });
    // A licence refusal is never Shaka's own retry.
    expect(
      transition(from, {
        type: 'player-error',
        failure: { source: 'licence', status: 401, data: 115 },
        recoverable: true,
      }).state.phase,
    ).toEqual({ name: 'reset-sessions' });
  });

  it('player errors before a target or after leaving are ignored; recovery needs a session', () => {
    const error: PlaybackEvent = {
      type: 'player-error',
      failure: { source: 'shaka', code: 6008, message: 'bad key' },
      recoverable: false,
    };
    expect(transition(INITIAL_PLAYBACK, error).state).toBe(INITIAL_PLAYBACK);
    const closed = transition(playing(), { type: 'close' }).state;
    expect(transition(closed, error).state).toBe(closed);
    const from = opening();
    expect(
      transition(from, { type: 'player-error', failure: { source: 'shaka', code: 4012 }, recoverable: false }),
    ).toEqual({ state: from, commands: [] });
  });
});

describe('playback session: heartbeats', () => {
  it('116 on a heartbeat expires the sign-in; another refusal stops the picture and shows the server’s text titled 39', () => {
    const expired = transition(playing(), {
      type: 'heartbeat-refused',
      attempt: 1,
      failure: { source: 'heartbeat', status: 401, data: 116, message: 'x' },
    });
    expect(expired.state.phase).toEqual({ name: 'expired', action: { kind: 'session-expired' } });
    const other = transition(playing(), {
      type: 'heartbeat-refused',
      attempt: 1,
      failure: { source: 'heartbeat', status: 404, data: 116, message: 'La sesión no existe' },
    });
    const action = { kind: 'message', title: '39', text: 'La sesión no existe', recoverable: true };
    expect(other.state.phase).toEqual({ name: 'failed', action });
    expect(other.commands).toEqual([
      { type: 'stop-picture' },
      { type: 'close-session', sessionId: 's1', withPosition: false },
      { type: 'show', action },
    ]);
  });

  it('a heartbeat of an earlier session is ignored', () => {
    const zapped = transition(playing(), { type: 'target-changed', target: NEXT_CHANNEL, pinRequired: false }).state;
    expect(
      transition(zapped, {
        type: 'heartbeat-refused',
        attempt: 1,
        failure: { source: 'heartbeat', status: 401, data: 116, message: 'x' },
      }).state,
    ).toBe(zapped);
  });
});

describe('playback session: loop mode', () => {
  const waiting = () => refused({ source: 'load', status: 0 }).state;

  it('the poll tries again: the PIN when the rule says so, else a new open', () => {
    expect(transition(waiting(), { type: 'poll', attempt: 1, pinRequired: false })).toEqual({
      state: {
        phase: { name: 'opening' },
        target: LIVE,
        attempt: 2,
        session: null,
        source: 'main',
        retries: 0,
        previous: null,
      },
      commands: [{ type: 'open-session', attempt: 2, target: LIVE }],
    });
    expect(transition(waiting(), { type: 'poll', attempt: 1, pinRequired: true }).state.phase).toEqual({
      name: 'needs-pin',
      wrong: false,
    });
  });

  it('a stream not reachable yet keeps its session until the poll closes it', () => {
    const from = transition(playing(FILM), {
      type: 'load-failed',
      attempt: 1,
      failure: { source: 'shaka', code: 1003 },
    }).state;
    expect(from).toMatchObject({ phase: { name: 'waiting' }, session: { opened: { id: 's1' } } });
    expect(transition(from, { type: 'poll', attempt: 1, pinRequired: false }).commands).toEqual([
      { type: 'close-session', sessionId: 's1', withPosition: true },
      { type: 'open-session', attempt: 2, target: FILM },
    ]);
  });

  it('a poll of an earlier attempt, or outside loop mode, is ignored', () => {
    const from = waiting();
    expect(transition(from, { type: 'poll', attempt: 0, pinRequired: false }).state).toBe(from);
    const other = playing();
    expect(transition(other, { type: 'poll', attempt: 1, pinRequired: false }).state).toBe(other);
  });
});

describe('playback session: the viewer’s answers', () => {
  const needsPin = () =>
    transition(INITIAL_PLAYBACK, { type: 'target-changed', target: LIVE, pinRequired: true }).state;
  const tooMany = () => refused({ source: 'session', status: 401, data: 115 }).state;
  const resetPrompt = () =>
    transition(playing(FILM), {
      type: 'load-failed',
      attempt: 1,
      failure: { source: 'licence', status: 401, data: 115 },
    }).state;

  it('a right PIN opens the session; a wrong one says so and asks again', () => {
    expect(transition(needsPin(), { type: 'pin-accepted' })).toEqual({
      state: {
        phase: { name: 'opening' },
        target: LIVE,
        attempt: 2,
        session: null,
        source: 'main',
        retries: 0,
        previous: null,
      },
      commands: [{ type: 'open-session', attempt: 2, target: LIVE }],
    });
    expect(transition(needsPin(), { type: 'pin-refused' })).toEqual({
      state: { ...needsPin(), phase: { name: 'needs-pin', wrong: true } },
      commands: [],
    });
  });

  it('a PIN after the licence refused with 117 closes that session before opening anew', () => {
    const from = transition(playing(), {
      type: 'load-failed',
      attempt: 1,
      failure: { source: 'licence', status: 403, data: 117 },
    }).state;
    expect(transition(from, { type: 'pin-accepted' }).commands).toEqual([
      { type: 'close-session', sessionId: 's1', withPosition: false },
      { type: 'open-session', attempt: 2, target: LIVE },
    ]);
  });

  it('Sí resets every session (once), then tries again', () => {
    const confirmed = transition(tooMany(), { type: 'reset-confirmed' });
    expect(confirmed.state.phase).toEqual({ name: 'too-many-sessions', resetting: true });
    expect(confirmed.commands).toEqual([{ type: 'reset-sessions' }]);
    expect(transition(confirmed.state, { type: 'reset-confirmed' })).toEqual({ state: confirmed.state, commands: [] });
    expect(transition(confirmed.state, { type: 'sessions-reset', pinRequired: false }).commands).toEqual([
      { type: 'open-session', attempt: 2, target: LIVE },
    ]);
    expect(transition(confirmed.state, { type: 'sessions-reset', pinRequired: true }).state.phase).toEqual({
      name: 'needs-pin',
      wrong: false,
    });
  });

  it('a reset that fails shows errorResettingSessions', () => {
    const { state, commands } = transition(transition(tooMany(), { type: 'reset-confirmed' }).state, {
      type: 'sessions-reset-failed',
    });
    const action = { kind: 'message', message: 'errorResettingSessions', recoverable: true, title: 'playerError' };
    expect(state.phase).toEqual({ name: 'failed', action });
    expect(commands).toEqual([{ type: 'show', action }]);
  });

  it('the reset-sessions prompt: confirm resets and reloads; declining closes the session and tells the screen', () => {
    const from = resetPrompt();
    expect(transition(from, { type: 'reset-sessions-answered', confirm: true })).toEqual({
      state: from,
      commands: [{ type: 'reset-sessions-and-reload' }],
    });
    const declined = transition(from, { type: 'reset-sessions-answered', confirm: false });
    expect(declined.state).toMatchObject({ phase: { name: 'closed' }, session: null });
    expect(declined.commands).toEqual([
      { type: 'close-session', sessionId: 's1', withPosition: true },
      { type: 'show', action: { kind: 'reset-sessions' } },
    ]);
  });

  it('an answer to a prompt that is not up is ignored', () => {
    const answers: PlaybackEvent[] = [
      { type: 'pin-accepted' },
      { type: 'pin-refused' },
      { type: 'reset-confirmed' },
      { type: 'sessions-reset', pinRequired: false },
      { type: 'sessions-reset-failed' },
      { type: 'reset-sessions-answered', confirm: true },
      { type: 'reset-sessions-answered', confirm: false },
    ];
    const owner: Partial<Record<PlaybackEvent['type'], PhaseName>> = {
      'pin-accepted': 'needs-pin',
      'pin-refused': 'needs-pin',
      'reset-confirmed': 'too-many-sessions',
      'sessions-reset': 'too-many-sessions',
      'sessions-reset-failed': 'too-many-sessions',
      'reset-sessions-answered': 'reset-sessions',
    };
    const states = [
      INITIAL_PLAYBACK,
      opening(),
      playing(),
      needsPin(),
      tooMany(),
      resetPrompt(),
      refused({ source: 'load', status: 0 }).state,
      transition(playing(), { type: 'close' }).state,
    ];
    for (const state of states) {
      for (const answer of answers) {
        if (owner[answer.type] === state.phase.name) continue;
        expect(transition(state, answer), `${answer.type} in ${state.phase.name}`).toEqual({ state, commands: [] });
      }
    }
  });
});

describe('playback session: restart and back to live', () => {
  it('loads the restart window at the asked time, and the main url back', () => {
    const restart = transition(playing(), { type: 'source-switched', source: 'restart', startTime: 0 });
    expect(restart.state.source).toBe('restart');
    expect(restart.commands).toEqual([
      { type: 'load', attempt: 1, request: { url: '/media/s1/restart.mpd', drm: session().drm, startTime: 0 } },
    ]);
    const live = transition(restart.state, { type: 'source-switched', source: 'main', startTime: null });
    expect(live.state.source).toBe('main');
    expect(live.commands).toEqual([
      { type: 'load', attempt: 1, request: { url: '/media/s1/manifest.mpd', drm: session().drm, startTime: null } },
    ]);
  });

  it('without a restart window or a session, nothing changes', () => {
    const noRestart = playing(LIVE, session('s1', { restartUrl: null }));
    expect(transition(noRestart, { type: 'source-switched', source: 'restart', startTime: 0 }).state).toBe(noRestart);
    const from = opening();
    expect(transition(from, { type: 'source-switched', source: 'restart', startTime: 0 }).state).toBe(from);
  });
});

describe('playback session: leaving', () => {
  it('Back closes the session, with the position for a film', () => {
    const { state, commands } = transition(playing(FILM), { type: 'close' });
    expect(state).toMatchObject({ phase: { name: 'closed' }, session: null });
    expect(commands).toEqual([{ type: 'close-session', sessionId: 's1', withPosition: true }]);
    expect(transition(state, { type: 'close' }).commands).toEqual([]);
  });

  it('the page going away closes the session by a request that outlives it, and changes nothing else', () => {
    const from = playing(FILM);
    expect(transition(from, { type: 'page-hidden' })).toEqual({
      state: from,
      commands: [{ type: 'close-session-on-unload', sessionId: 's1', withPosition: true }],
    });
    expect(transition(opening(), { type: 'page-hidden' }).commands).toEqual([]);
  });
});

describe('playback session: helpers', () => {
  it('no prompt stands before the picture while idle, opening, playing or closed', () => {
    expect(isClear({ name: 'playing' })).toBe(true);
    expect(isClear({ name: 'opening' })).toBe(true);
    expect(isClear({ name: 'waiting' })).toBe(false);
    expect(isClear({ name: 'needs-pin', wrong: false })).toBe(false);
    expect(isClear({ name: 'failed', action: STREAM_LOST })).toBe(false);
  });

  it('transient failures: no network, 5xx, Shaka’s HTTP error and timeout', () => {
    expect(isTransient({ source: 'load', status: 0 })).toBe(true);
    expect(isTransient({ source: 'session', status: 502, data: undefined })).toBe(true);
    expect(isTransient({ source: 'session', status: 404, data: undefined })).toBe(false);
    expect(isTransient({ source: 'shaka', code: 1003 })).toBe(true);
    expect(isTransient({ source: 'licence', status: 503, data: undefined })).toBe(false);
  });

  it('start positions and kept positions by type', () => {
    expect(startPosition({ ...LIVE, type: 'CUTV' }, session())).toBe(0);
    expect(startPosition({ ...FILM, type: 'SERIE' }, session())).toBe(61.5);
    expect(startPosition(LIVE, session())).toBeNull();
    // A recording resumes at the saved position of its programme (issue 29).
    expect(startPosition({ ...LIVE, type: 'CUTV', recordingId: 31 }, session())).toBe(61.5);
    expect(keepsPosition('LIVE')).toBe(false);
    expect(keepsPosition('CUTV')).toBe(true);
  });
});

describe('playback session: the right to what plays ends (issue 11)', () => {
  const manifest = (status: number, data: unknown, message?: string): PlaybackEvent => ({
    type: 'player-error',
    failure: { source: 'manifest', status, data, message },
    recoverable: true,
  });
  const beat = (status: number, data: unknown): PlaybackEvent => ({
    type: 'heartbeat-refused',
    attempt: 1,
    failure: { source: 'heartbeat', status, data, message: 'x' },
  });

  it('a manifest refresh refused with 117 (a rating-7 programme began) stops the picture, closes the session and asks the PIN', () => {
    const { state, commands } = transition(playing(), manifest(403, 117));
    expect(state.phase).toEqual({ name: 'needs-pin', wrong: false });
    expect(state.session).toBeNull();
    expect(commands).toEqual([
      { type: 'stop-picture' },
      { type: 'close-session', sessionId: 's1', withPosition: false },
    ]);
    // The PIN given: the same channel opens again.
    expect(transition(state, { type: 'pin-accepted' }).commands).toEqual([
      { type: 'open-session', attempt: 2, target: LIVE },
    ]);
  });

  it('a manifest refused with 401 (the package ended) stops the picture and shows the purchase prompt', () => {
    const { state, commands } = transition(playing(), manifest(401, 401));
    expect(state.phase).toEqual({ name: 'no-rights' });
    expect(commands[0]).toEqual({ type: 'stop-picture' });
  });

  it('a manifest refused because the session closed elsewhere stops the picture and says so', () => {
    const text = 'La sesión de reproducción ha caducado o se ha cerrado.';
    const { state, commands } = transition(playing(FILM), manifest(404, 116, text));
    const action = { kind: 'message', title: '39', text, recoverable: true };
    expect(state.phase).toEqual({ name: 'failed', action });
    expect(commands).toEqual([
      { type: 'stop-picture' },
      { type: 'close-session', sessionId: 's1', withPosition: true },
      { type: 'show', action },
    ]);
  });

  it('heartbeats refused with 117 or 401 do the same', () => {
    expect(transition(playing(), beat(403, 117)).state.phase).toEqual({ name: 'needs-pin', wrong: false });
    expect(transition(playing(), beat(401, 401)).commands[0]).toEqual({ type: 'stop-picture' });
  });

  it('a second refusal while the prompt is up changes nothing', () => {
    const pin = transition(playing(), manifest(403, 117)).state;
    expect(transition(pin, manifest(403, 117)).state).toBe(pin);
    expect(transition(pin, beat(403, 117)).state).toBe(pin);
  });

  it('a plain network trouble of a manifest refresh stays Shaka’s to retry', () => {
    const from = playing();
    expect(
      transition(from, { type: 'player-error', failure: { source: 'shaka', code: 1002 }, recoverable: true }).state,
    ).toBe(from);
  });
});

describe('playback session: alternate streams of an imported channel', () => {
  const imported = session('ext', {
    playInfo: {
      url: 'https://a.example/1.m3u8',
      positionInMs: 0,
      alternateUrls: ['https://b.example/1.m3u8', 'https://c.example/1.m3u8'],
    },
    drm: null,
    restartUrl: null,
  });

  it('loads the next alternate when a stream fails to load, then the one after, then waits to try again (loop mode)', () => {
    const first = transition(playing(LIVE, imported), {
      type: 'load-failed',
      attempt: 1,
      failure: { source: 'shaka', code: 1002 },
    });
    expect(first.state.phase).toEqual({ name: 'playing' });
    expect(first.commands).toEqual([
      { type: 'log', failure: { source: 'shaka', code: 1002 } },
      { type: 'load', attempt: 1, request: { url: 'https://b.example/1.m3u8', drm: null, startTime: null } },
    ]);
    const second = transition(first.state, {
      type: 'player-error',
      failure: { source: 'shaka', code: 1001 },
      recoverable: false,
    });
    expect(second.commands.at(-1)).toEqual({
      type: 'load',
      attempt: 1,
      request: { url: 'https://c.example/1.m3u8', drm: null, startTime: null },
    });
    const last = transition(second.state, {
      type: 'load-failed',
      attempt: 1,
      failure: { source: 'shaka', code: 1002 },
    });
    expect(last.state.phase.name).toBe('waiting');
    expect(last.commands).toEqual([{ type: 'schedule-poll', attempt: 1 }]);
  });

  it("moves on when a stream's host answers 404 (no refusal code), at the load and at a refresh, but not on the origin's refusal", () => {
    const dead = { source: 'manifest', status: 404, data: undefined } as const;
    const atLoad = transition(playing(LIVE, imported), { type: 'load-failed', attempt: 1, failure: dead });
    expect(atLoad.commands.at(-1)).toEqual({
      type: 'load',
      attempt: 1,
      request: { url: 'https://b.example/1.m3u8', drm: null, startTime: null },
    });
    const atRefresh = transition(atLoad.state, { type: 'player-error', failure: dead, recoverable: false });
    expect(atRefresh.commands.at(-1)).toEqual({
      type: 'load',
      attempt: 1,
      request: { url: 'https://c.example/1.m3u8', drm: null, startTime: null },
    });
    const gone = transition(playing(LIVE, imported), {
      type: 'player-error',
      failure: { source: 'manifest', status: 404, data: 116 },
      recoverable: false,
    });
    expect(gone.commands).not.toContainEqual(expect.objectContaining({ type: 'load' }));
    expect(gone.commands[0]).toEqual({ type: 'stop-picture' });
  });

  it('recovers a 3019 on the alternate that plays, and moves on once its recoveries are spent', () => {
    const onB = transition(playing(LIVE, imported), {
      type: 'load-failed',
      attempt: 1,
      failure: { source: 'shaka', code: 1002 },
    }).state;
    const error: PlaybackEvent = { type: 'player-error', failure: { source: 'shaka', code: 3019 }, recoverable: false };
    const retried = transition(onB, error);
    expect(retried.commands).toEqual([
      { type: 'recover-stream', attempt: 1, retryFirst: true, url: 'https://b.example/1.m3u8', drm: null },
    ]);
    const spent = after([error, error], retried.state);
    expect(spent.commands.at(-1)).toEqual({
      type: 'load',
      attempt: 1,
      request: { url: 'https://c.example/1.m3u8', drm: null, startTime: null },
    });
  });

  it('never falls back on a refusal of rights, and a new session starts at its first stream again', () => {
    const refusedKey = transition(playing(LIVE, imported), {
      type: 'player-error',
      failure: { source: 'shaka', code: 6008, message: 'bad key' },
      recoverable: false,
    });
    expect(refusedKey.state.phase).toEqual({ name: 'no-rights' });
    const onB = transition(playing(LIVE, imported), {
      type: 'load-failed',
      attempt: 1,
      failure: { source: 'load', status: 0 },
    }).state;
    const zapped = after(
      [
        { type: 'target-changed', target: NEXT_CHANNEL, pinRequired: false },
        { type: 'session-opened', attempt: 2, session: imported },
      ],
      onB,
    );
    expect(zapped.state.stream).toBeUndefined();
    expect(zapped.commands.at(-1)).toMatchObject({ type: 'load', request: { url: 'https://a.example/1.m3u8' } });
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { OpenSessionResponse } from '@pantalla/contracts';
import { ApiError } from '../../../lib/api-client';
import { INITIAL_SNAPSHOT, type LoadRequest } from '../adapter/shaka-adapter';
import type { PlaybackApi } from '../api/playback-api';
import { rememberParentalGrant } from '../lib/parental-grant';
import { STREAM_LOST, type PlaybackTarget } from '../lib/playback-session';
import { usePlayback } from './use-playback';

const LIVE: PlaybackTarget = { type: 'LIVE', id: 3, parental: 2, adult: false, startSeconds: null };
const FILM: PlaybackTarget = { type: 'VOD', id: 70, parental: 2, adult: false, startSeconds: null };
const RESTRICTED: PlaybackTarget = { ...LIVE, id: 9, parental: 7 };
const USER = { hasPin: true, profileId: 5 };

function opened(id: string): OpenSessionResponse {
  return {
    id,
    playInfo: { url: `/media/${id}.mpd`, positionInMs: 0 },
    drm: { keySystem: 'org.w3.clearkey', licenseUrl: `/api/v1/drm/clearkey/${id}` },
    restartUrl: null,
    heartbeatIntervalMs: 30_000,
    expiresAt: '2030-01-01T00:00:00.000Z',
    segmentToken: `${id}.100.${'A'.repeat(22)}`,
  };
}

/** The server, in memory: sessions s1, s2... in the order they are opened. */
function fakeApi() {
  let opens = 0;
  return {
    openSession: vi.fn<PlaybackApi['openSession']>(async () => opened(`s${(opens += 1)}`)),
    sendHeartbeat: vi.fn<PlaybackApi['sendHeartbeat']>(async () => ({ expiresAt: '' })),
    closeSession: vi.fn<PlaybackApi['closeSession']>(async () => undefined),
    closeSessionOnUnload: vi.fn<PlaybackApi['closeSessionOnUnload']>(),
    resetSessions: vi.fn<PlaybackApi['resetSessions']>(async () => undefined),
    verifyParentalPin: vi.fn<PlaybackApi['verifyParentalPin']>(async () => ({
      grantedUntil: Math.floor(Date.now() / 1000) + 900,
    })),
    reloadPage: vi.fn<PlaybackApi['reloadPage']>(),
  };
}

/** The player adapter, in memory: loads resolve unless told otherwise; the position is set by the test. */
function fakePlayer() {
  const player = {
    position: 0,
    load: vi.fn<(request: LoadRequest) => Promise<void>>(async () => undefined),
    retryStreaming: vi.fn(() => true),
    setSegmentToken: vi.fn<(token: string | null) => void>(),
    unload: vi.fn(() => Promise.resolve()),
    getSnapshot: () => ({ ...INITIAL_SNAPSHOT, currentTime: player.position }),
  };
  return player;
}

function setup(target: PlaybackTarget, api = fakeApi(), player = fakePlayer()) {
  const onAction = vi.fn();
  const hook = renderHook(({ target: t }: { target: PlaybackTarget }) => usePlayback(player, t, USER, onAction, api), {
    initialProps: { target },
  });
  return { ...hook, api, player, onAction };
}

afterEach(() => {
  vi.useRealTimers();
  // The grant a test's PIN earned is app-session memory: the next test starts without it.
  rememberParentalGrant(0);
});

describe('usePlayback', () => {
  it('opens a session for the profile, loads its stream with its keys, and closes it when the screen goes', async () => {
    const { result, api, player, unmount } = setup(LIVE);
    await waitFor(() => expect(result.current.phase.name).toBe('playing'));
    expect(api.openSession).toHaveBeenCalledWith(expect.objectContaining({ type: 'LIVE', id: 3, profileId: 5 }));
    expect(player.load).toHaveBeenCalledWith({
      url: '/media/s1.mpd',
      drm: opened('s1').drm,
      startTime: null,
      preloadKey: 'live:3',
    });
    expect(result.current.session).toEqual({ opened: opened('s1'), target: { type: 'LIVE', id: 3 } });
    unmount();
    expect(api.closeSession).toHaveBeenCalledWith('s1', undefined);
  });

  it('waits for nothing until the player is attached', async () => {
    const api = fakeApi();
    const player = fakePlayer();
    const { rerender } = renderHook(
      ({ ready }: { ready: boolean }) => usePlayback(ready ? player : null, LIVE, USER, vi.fn(), api),
      { initialProps: { ready: false } },
    );
    expect(api.openSession).not.toHaveBeenCalled();
    rerender({ ready: true });
    await waitFor(() => expect(player.load).toHaveBeenCalledTimes(1));
  });

  it('a zap closes the old session, and opens the next once the server has closed it', async () => {
    let closed: () => void = () => undefined;
    const api = fakeApi();
    api.closeSession.mockImplementationOnce(() => new Promise<void>((resolve) => (closed = resolve)));
    const { result, rerender } = setup(LIVE, api);
    await waitFor(() => expect(result.current.session?.opened.id).toBe('s1'));
    rerender({ target: { ...LIVE, id: 4 } });
    expect(api.closeSession).toHaveBeenCalledWith('s1', undefined);
    expect(result.current.phase.name).toBe('opening');
    await act(async () => undefined);
    expect(api.openSession).toHaveBeenCalledTimes(1);
    await act(async () => closed());
    await waitFor(() => expect(result.current.session?.opened.id).toBe('s2'));
    expect(api.openSession).toHaveBeenLastCalledWith(expect.objectContaining({ id: 4 }));
  });

  it('a zap into a PIN channel unloads the playing stream, closes its session and offers the way back', async () => {
    const { result, rerender, api, player } = setup(LIVE);
    await waitFor(() => expect(result.current.phase.name).toBe('playing'));
    rerender({ target: RESTRICTED });
    await waitFor(() => expect(result.current.phase.name).toBe('needs-pin'));
    expect(player.unload).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(api.closeSession).toHaveBeenCalledWith('s1', undefined));
    expect(result.current.previous).toEqual(LIVE);
  });

  it('a manifest refresh refused with 117 unloads the stream and asks the PIN; the PIN opens a new session', async () => {
    const { result, api, player } = setup(LIVE);
    await waitFor(() => expect(result.current.phase.name).toBe('playing'));
    const refusal = {
      code: 1001,
      severity: 1,
      data: [
        '/media/live/3/premium/manifest.mpd',
        403,
        '{"statusCode":403,"code":"forbidden","message":"PIN","data":117}',
        {},
        0,
      ],
    };
    act(() => result.current.onPlayerError(refusal));
    expect(result.current.phase).toEqual({ name: 'needs-pin', wrong: false });
    expect(player.unload).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(api.closeSession).toHaveBeenCalledWith('s1', undefined));
    await act(async () => void (await result.current.submitPin('1234')));
    await waitFor(() => expect(result.current.session?.opened.id).toBe('s2'));
  });

  it('a session that answers after a zap is closed and never played', async () => {
    let answer: (session: OpenSessionResponse) => void = () => undefined;
    const api = fakeApi();
    api.openSession.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    const { result, rerender, player } = setup(LIVE, api);
    await waitFor(() => expect(api.openSession).toHaveBeenCalledTimes(1));
    rerender({ target: { ...LIVE, id: 4 } });
    await waitFor(() => expect(result.current.phase.name).toBe('playing'));
    await act(async () => answer(opened('late')));
    await waitFor(() => expect(api.closeSession).toHaveBeenCalledWith('late', undefined));
    expect(player.load).toHaveBeenCalledTimes(1);
    expect(result.current.session?.target.id).toBe(4);
  });

  it('Back closes a film’s session with the position, once', async () => {
    const { result, api, player, unmount } = setup(FILM);
    await waitFor(() => expect(result.current.phase.name).toBe('playing'));
    player.position = 42.5;
    await act(() => result.current.close());
    expect(api.closeSession).toHaveBeenCalledWith('s1', 42_500);
    expect(result.current.phase.name).toBe('closed');
    unmount();
    expect(api.closeSession).toHaveBeenCalledTimes(1);
  });

  it('the page going away closes the session by a request that outlives it', async () => {
    const { result, api, player } = setup(FILM);
    await waitFor(() => expect(result.current.phase.name).toBe('playing'));
    player.position = 10;
    window.dispatchEvent(new Event('pagehide'));
    expect(api.closeSessionOnUnload).toHaveBeenCalledWith('s1', 10_000);
  });

  it('asks the PIN before opening a rating-7 channel; a wrong PIN says so, the right one opens it', async () => {
    const api = fakeApi();
    api.verifyParentalPin.mockRejectedValueOnce(new ApiError(400, 'bad_request', 'PIN incorrecto'));
    const { result } = setup(RESTRICTED, api);
    await waitFor(() => expect(result.current.phase).toEqual({ name: 'needs-pin', wrong: false }));
    expect(api.openSession).not.toHaveBeenCalled();
    await act(async () => expect(await result.current.submitPin('0000')).toBe('wrong'));
    expect(result.current.phase).toEqual({ name: 'needs-pin', wrong: true });
    await act(async () => expect(await result.current.submitPin('1234')).toBe('ok'));
    await waitFor(() => expect(result.current.phase.name).toBe('playing'));
    expect(api.verifyParentalPin).toHaveBeenLastCalledWith('1234');
  });

  it('a blocked PIN (429) keeps the prompt; an account without a PIN (409) plays', async () => {
    const api = fakeApi();
    api.verifyParentalPin
      .mockRejectedValueOnce(new ApiError(429, 'rate_limited', 'Demasiados intentos'))
      .mockRejectedValueOnce(new ApiError(409, 'conflict', 'Sin PIN'));
    const { result } = setup(RESTRICTED, api);
    await waitFor(() => expect(result.current.phase.name).toBe('needs-pin'));
    await act(async () => expect(await result.current.submitPin('1111')).toBe('blocked'));
    expect(result.current.phase).toEqual({ name: 'needs-pin', wrong: false });
    await act(async () => expect(await result.current.submitPin('1111')).toBe('ok'));
    await waitFor(() => expect(result.current.phase.name).toBe('playing'));
  });

  it('a PIN check lost to the network or failing on the server is not called a wrong PIN; the prompt stays for another try', async () => {
    const api = fakeApi();
    api.verifyParentalPin
      .mockRejectedValueOnce(new ApiError(0, 'network', 'Failed to fetch'))
      .mockRejectedValueOnce(new ApiError(500, 'internal', 'Error interno'))
      .mockRejectedValueOnce(new ApiError(503, 'unavailable', 'Mantenimiento'))
      .mockRejectedValueOnce(new TypeError('Load failed'));
    const { result } = setup(RESTRICTED, api);
    await waitFor(() => expect(result.current.phase.name).toBe('needs-pin'));
    await act(async () => expect(await result.current.submitPin('1234')).toBe('offline'));
    await act(async () => expect(await result.current.submitPin('1234')).toBe('failed'));
    await act(async () => expect(await result.current.submitPin('1234')).toBe('failed'));
    await act(async () => expect(await result.current.submitPin('1234')).toBe('failed'));
    expect(result.current.phase).toEqual({ name: 'needs-pin', wrong: false });
    expect(api.openSession).not.toHaveBeenCalled();
    await act(async () => expect(await result.current.submitPin('1234')).toBe('ok'));
    await waitFor(() => expect(result.current.phase.name).toBe('playing'));
  });

  it('too many sessions: Sí resets them and plays; a failed reset says so', async () => {
    const api = fakeApi();
    api.openSession.mockRejectedValueOnce(new ApiError(401, 'unauthorized', 'Demasiadas sesiones', 115));
    const { result, onAction } = setup(LIVE, api);
    await waitFor(() => expect(result.current.phase).toEqual({ name: 'too-many-sessions', resetting: false }));
    act(() => result.current.resetSessions());
    await waitFor(() => expect(result.current.phase.name).toBe('playing'));
    expect(api.resetSessions).toHaveBeenCalledTimes(1);

    const failing = fakeApi();
    failing.resetSessions.mockRejectedValue(new Error('offline'));
    failing.openSession.mockRejectedValueOnce(new ApiError(401, 'unauthorized', 'Demasiadas sesiones', 115));
    const second = setup(LIVE, failing);
    await waitFor(() => expect(second.result.current.phase.name).toBe('too-many-sessions'));
    act(() => second.result.current.resetSessions());
    await waitFor(() =>
      expect(second.onAction).toHaveBeenCalledWith(expect.objectContaining({ message: 'errorResettingSessions' })),
    );
    expect(onAction).not.toHaveBeenCalled();
  });

  it('the reset-sessions prompt: confirming resets and reloads the page; declining tells the screen', async () => {
    const refusal = { code: 6007, data: [{ code: 1001, data: ['/drm', 401, '{"data":115}'] }] };
    const { result, api } = setup(FILM);
    await waitFor(() => expect(result.current.phase.name).toBe('playing'));
    act(() => result.current.onPlayerError({ ...refusal, severity: 2 }));
    expect(result.current.phase.name).toBe('reset-sessions');
    act(() => result.current.answerResetSessions(true));
    await waitFor(() => expect(api.reloadPage).toHaveBeenCalled());
    expect(api.resetSessions).toHaveBeenCalled();

    const other = setup(FILM);
    await waitFor(() => expect(other.result.current.phase.name).toBe('playing'));
    act(() => other.result.current.onPlayerError({ ...refusal, severity: 2 }));
    act(() => other.result.current.answerResetSessions(false));
    expect(other.onAction).toHaveBeenCalledWith({ kind: 'reset-sessions' });
    expect(other.api.closeSession).toHaveBeenCalledWith('s1', 0);
  });

  it('3019 while playing: Shaka’s retry, then a reload 5 s on, then message 19', async () => {
    const { result, player, onAction } = setup(FILM);
    await waitFor(() => expect(result.current.phase.name).toBe('playing'));
    player.position = 100;
    player.retryStreaming.mockReturnValue(true);
    const error = { code: 3019, severity: 2 };
    act(() => result.current.onPlayerError(error));
    expect(player.retryStreaming).toHaveBeenCalledTimes(1);
    expect(player.load).toHaveBeenCalledTimes(1);
    player.load.mockImplementationOnce(async () => Promise.reject({ code: 3019 }));
    act(() => result.current.onPlayerError(error));
    expect(player.load).toHaveBeenLastCalledWith({ url: '/media/s1.mpd', drm: opened('s1').drm, startTime: 105 });
    await waitFor(() => expect(onAction).toHaveBeenCalledWith(STREAM_LOST));
    expect(result.current.phase).toEqual({ name: 'failed', action: STREAM_LOST });
  });

  it('restart loads the session’s restart window; back to live its main url', async () => {
    const api = fakeApi();
    api.openSession.mockResolvedValueOnce({ ...opened('s1'), restartUrl: '/media/s1-restart.mpd' });
    const { result, player } = setup(LIVE, api);
    await waitFor(() => expect(result.current.phase.name).toBe('playing'));
    act(() => result.current.switchSource('restart', 0));
    expect(result.current.source).toBe('restart');
    expect(player.load).toHaveBeenLastCalledWith({ url: '/media/s1-restart.mpd', drm: opened('s1').drm, startTime: 0 });
    act(() => result.current.switchSource('main', null));
    expect(player.load).toHaveBeenLastCalledWith({ url: '/media/s1.mpd', drm: opened('s1').drm, startTime: null });
  });
});

describe('usePlayback on the clock', () => {
  it('heartbeats at the session’s interval; a 116 refusal tells the screen the sign-in expired', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval', 'clearTimeout', 'clearInterval'] });
    const api = fakeApi();
    const { result, onAction } = setup(LIVE, api);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(result.current.phase.name).toBe('playing');
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(api.sendHeartbeat).toHaveBeenCalledWith('s1');
    api.sendHeartbeat.mockRejectedValueOnce(new ApiError(401, 'unauthorized', 'Sesión caducada', 116));
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(result.current.phase).toEqual({ name: 'expired', action: { kind: 'session-expired' } });
    expect(onAction).toHaveBeenCalledWith({ kind: 'session-expired' });
  });

  it('hands the player the session’s segment token before the load, then each heartbeat’s; a lost heartbeat is sent again in 5 s', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval', 'clearTimeout', 'clearInterval'] });
    const api = fakeApi();
    const player = fakePlayer();
    player.load.mockImplementation(async () => {
      expect(player.setSegmentToken).toHaveBeenLastCalledWith(`s1.100.${'A'.repeat(22)}`);
    });
    setup(FILM, api, player);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(player.load).toHaveBeenCalledTimes(1);
    api.sendHeartbeat.mockResolvedValueOnce({ expiresAt: '', segmentToken: 's1.130.fresh' });
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(player.setSegmentToken).toHaveBeenLastCalledWith('s1.130.fresh');
    api.sendHeartbeat.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    api.sendHeartbeat.mockResolvedValueOnce({ expiresAt: '', segmentToken: 's1.165.retry' });
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(api.sendHeartbeat).toHaveBeenCalledTimes(2);
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(api.sendHeartbeat).toHaveBeenCalledTimes(3);
    expect(player.setSegmentToken).toHaveBeenLastCalledWith('s1.165.retry');
  });

  it('heartbeats stop when the session closes', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval', 'clearTimeout', 'clearInterval'] });
    const { result, api } = setup(LIVE);
    await act(() => vi.advanceTimersByTimeAsync(0));
    await act(() => result.current.close());
    await act(() => vi.advanceTimersByTimeAsync(120_000));
    expect(api.sendHeartbeat).not.toHaveBeenCalled();
  });

  it('loop mode: content not reachable yet is tried again after 10 s, then plays', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval', 'clearTimeout', 'clearInterval'] });
    const api = fakeApi();
    api.openSession.mockRejectedValueOnce(new ApiError(503, 'unavailable', 'No disponible'));
    const { result } = setup(FILM, api);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(result.current.phase.name).toBe('waiting');
    await act(() => vi.advanceTimersByTimeAsync(9_999));
    expect(api.openSession).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(api.openSession).toHaveBeenCalledTimes(2);
    expect(result.current.phase.name).toBe('playing');
  });
});

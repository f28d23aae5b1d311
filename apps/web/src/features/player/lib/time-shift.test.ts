import { describe, expect, it } from 'vitest';
import {
  backToLive,
  BEHIND_LIVE_TOLERANCE_S,
  behindLive,
  clampToWindow,
  LIVE,
  liveControls,
  liveControlsAt,
  pause,
  reachedProgrammeEnd,
  resume,
  seekTo,
  TIME_SHIFT_SECONDS,
  timeShiftWindow,
} from './time-shift';

const T0 = 1_800_000_000_000;

describe('time-shift', () => {
  it('reaches back 115 minutes: 120 less the 5-minute margin', () => {
    expect(TIME_SHIFT_SECONDS).toBe(115 * 60);
    expect(timeShiftWindow({ start: 0, end: 10_000 }, true)).toEqual({ start: 10_000 - 6900, end: 10_000 });
    expect(timeShiftWindow({ start: 9000, end: 10_000 }, true)).toEqual({ start: 9000, end: 10_000 });
    expect(timeShiftWindow({ start: 0, end: 10_000 }, false)).toEqual({ start: 10_000, end: 10_000 });
    expect(clampToWindow(50, { start: 100, end: 200 })).toBe(100);
  });

  it('resumes a short live pause from the paused position, still live', () => {
    const paused = pause(LIVE, T0);
    const { state, goLive } = resume(paused, T0 + 60_000, { tstv: true, programmeEndMs: T0 + 600_000 });
    expect(goLive).toBe(false);
    expect(state).toEqual(LIVE);
  });

  it('turns a live pause over 60 s into time-shifted viewing from the paused position', () => {
    const paused = pause(LIVE, T0);
    expect(pause(paused, T0 + 5000).pausedAtMs).toBe(T0);
    const { state, goLive } = resume(paused, T0 + 60_001, { tstv: true, programmeEndMs: T0 + 600_000 });
    expect(goLive).toBe(false);
    expect(state).toEqual({ mode: 'timeshift', pausedAtMs: null, programmeEndMs: T0 + 600_000 });
  });

  it('sends a channel without time-shift back to live after a pause', () => {
    expect(resume(pause(LIVE, T0), T0 + 120_000, { tstv: false, programmeEndMs: null })).toEqual({
      state: LIVE,
      goLive: true,
    });
  });

  it('is time-shifted behind the live edge and live at it', () => {
    const window = { start: 0, end: 7000 };
    expect(seekTo(LIVE, 7000 - 300, window, T0)).toEqual({ mode: 'timeshift', pausedAtMs: null, programmeEndMs: T0 });
    expect(seekTo({ mode: 'timeshift', pausedAtMs: null, programmeEndMs: T0 }, 6995, window, T0)).toEqual(LIVE);
    expect(seekTo(LIVE, 99_999, window, T0)).toEqual(LIVE);
  });

  it('returns to live when the time-shifted programme ends, not before, not while paused', () => {
    const shifted = { mode: 'timeshift' as const, pausedAtMs: null, programmeEndMs: T0 };
    expect(reachedProgrammeEnd(shifted, T0 - 1)).toBe(false);
    expect(reachedProgrammeEnd(shifted, T0)).toBe(true);
    expect(reachedProgrammeEnd({ ...shifted, pausedAtMs: T0 }, T0 + 1)).toBe(false);
    expect(reachedProgrammeEnd(LIVE, T0 + 1)).toBe(false);
    expect(reachedProgrammeEnd({ ...shifted, programmeEndMs: null }, T0 + 1)).toBe(false);
    expect(backToLive()).toEqual(LIVE);
  });

  it('toggles start, stop and the 10-second jumps by mode', () => {
    expect(liveControls('live', true)).toEqual({ start: true, stop: false, jumps: false, seek: true });
    expect(liveControls('timeshift', true)).toEqual({ start: true, stop: true, jumps: true, seek: true });
    expect(liveControls('live', false)).toEqual({ start: false, stop: false, jumps: false, seek: false });
  });
});

describe('behind live (issue 17)', () => {
  it('reads live near the edge and behind it further back', () => {
    expect(behindLive({ currentTime: 995, seekEnd: 1000 })).toBe(false);
    expect(behindLive({ currentTime: 1000 - BEHIND_LIVE_TOLERANCE_S, seekEnd: 1000 })).toBe(false);
    expect(behindLive({ currentTime: 971, seekEnd: 1000 })).toBe(true);
  });

  it('offers back-to-live instead of EN DIRECTO when a short pause left the player 29 s behind', () => {
    expect(liveControlsAt('live', true, false).stop).toBe(false);
    expect(liveControlsAt('live', true, true).stop).toBe(true);
    // Also on a channel without time-shift: the buffer kept it behind.
    expect(liveControlsAt('live', false, true)).toEqual({ start: false, stop: true, jumps: false, seek: false });
    expect(liveControlsAt('timeshift', true, false)).toEqual(liveControls('timeshift', true));
  });
});

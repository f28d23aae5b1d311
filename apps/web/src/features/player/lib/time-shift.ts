import { PLAYER } from './constants';

/**
 * Live and time-shift (viewing spec section 4), as pure state: the clock and positions come
 * in as arguments, so every rule is tested without a player.
 */
export type LiveMode = 'live' | 'timeshift';

export interface TimeShiftState {
  mode: LiveMode;
  /** Wall-clock ms when live was paused; null while playing. */
  pausedAtMs: number | null;
  /** End (wall ms) of the programme being watched time-shifted: reaching it returns to live. */
  programmeEndMs: number | null;
}

export const LIVE: TimeShiftState = { mode: 'live', pausedAtMs: null, programmeEndMs: null };

export interface Range {
  start: number;
  end: number;
}

/** Seconds a time-shift may reach back: 120 minutes less the 5-minute safety margin. */
export const TIME_SHIFT_SECONDS = (PLAYER.timeShiftMinutes - PLAYER.timeShiftMarginMinutes) * 60;

/** The part of the player's seek range the viewer may use (never deeper than the time-shift). */
export function timeShiftWindow(seekRange: Range, tstv: boolean): Range {
  if (!tstv) return { start: seekRange.end, end: seekRange.end };
  return { start: Math.max(seekRange.start, seekRange.end - TIME_SHIFT_SECONDS), end: seekRange.end };
}

export function clampToWindow(target: number, window: Range): number {
  return Math.min(Math.max(target, window.start), window.end);
}

/** Behind the live edge by more than this, the viewer is time-shifted. */
export const LIVE_EDGE_TOLERANCE_SECONDS = 15;

export function pause(state: TimeShiftState, nowMs: number): TimeShiftState {
  return state.pausedAtMs === null ? { ...state, pausedAtMs: nowMs } : state;
}

/**
 * Resuming: a channel without time-shift goes back to live. With time-shift, playback
 * continues from the paused position; a pause over 60 s makes that time-shifted viewing
 * (with its controls), ending at the end of the programme then on screen.
 */
export function resume(
  state: TimeShiftState,
  nowMs: number,
  context: { tstv: boolean; programmeEndMs: number | null },
): { state: TimeShiftState; goLive: boolean } {
  const pausedFor = state.pausedAtMs === null ? 0 : (nowMs - state.pausedAtMs) / 1000;
  if (!context.tstv) return { state: LIVE, goLive: state.pausedAtMs !== null };
  if (state.mode === 'live' && pausedFor > PLAYER.pauseResyncSeconds) {
    return { state: { mode: 'timeshift', pausedAtMs: null, programmeEndMs: context.programmeEndMs }, goLive: false };
  }
  return { state: { ...state, pausedAtMs: null }, goLive: false };
}

/** A seek into the window: behind the live edge it is time-shift, at the edge it is live. */
export function seekTo(
  state: TimeShiftState,
  target: number,
  window: Range,
  programmeEndMs: number | null,
): TimeShiftState {
  if (window.end - clampToWindow(target, window) <= LIVE_EDGE_TOLERANCE_SECONDS) return LIVE;
  return { mode: 'timeshift', pausedAtMs: state.pausedAtMs, programmeEndMs };
}

/** 'tstvStop' and the back-to-live button. */
export function backToLive(): TimeShiftState {
  return LIVE;
}

/** On each position update: reaching the programme's end while time-shifted returns to live. */
export function reachedProgrammeEnd(state: TimeShiftState, positionWallMs: number): boolean {
  return (
    state.mode === 'timeshift' &&
    state.pausedAtMs === null &&
    state.programmeEndMs !== null &&
    positionWallMs >= state.programmeEndMs
  );
}

/** Which controls each mode offers: live shows start, time-shifted adds stop and the 10-second jumps. */
export function liveControls(
  mode: LiveMode,
  tstv: boolean,
): { start: boolean; stop: boolean; jumps: boolean; seek: boolean } {
  if (!tstv) return { start: false, stop: false, jumps: false, seek: false };
  return mode === 'live'
    ? { start: true, stop: false, jumps: false, seek: true }
    : { start: true, stop: true, jumps: true, seek: true };
}

/**
 * How far behind the live edge still reads as live: the edge itself moves in segment steps.
 * Further back (a short pause resumed where it stopped), the player offers back-to-live.
 */
export const BEHIND_LIVE_TOLERANCE_S = 10;

export function behindLive(position: { currentTime: number; seekEnd: number }): boolean {
  return position.seekEnd - position.currentTime > BEHIND_LIVE_TOLERANCE_S;
}

/** The live controls once the real position is known: behind the edge, 'back to live' replaces 'EN DIRECTO'. */
export function liveControlsAt(mode: LiveMode, tstv: boolean, behind: boolean): ReturnType<typeof liveControls> {
  const base = liveControls(mode, tstv);
  return behind && !base.stop ? { ...base, stop: true } : base;
}

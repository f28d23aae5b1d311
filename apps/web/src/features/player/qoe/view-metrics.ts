import { QOE_VIEW_MAX_EVENTS, type QoeEvent, type QoeEventKind, type QoeView } from '@pantalla/contracts';

/**
 * One view's measures as pure functions of the player's signals (Mux Data's definitions):
 * start-up is play intent to first frame; a stall before the first frame is start-up, and
 * buffering while a seek completes is seeking, neither of them rebuffering; watch time is
 * intent to end minus paused time; rebuffer % is rebuffering over watch time.
 */

/** What the player reports, each with its time (ms, one clock for a view). */
export type QoeSignal =
  /** Frames move: the first frame, or again after a pause, a stall or a seek. */
  | { type: 'playing'; at: number }
  /** Shaka's buffering event: true when it starves, false when it has enough again. */
  | { type: 'buffering'; at: number; buffering: boolean }
  | { type: 'pause'; at: number }
  | { type: 'seek'; at: number }
  /** The rendition playing now (bit/s). */
  | { type: 'rendition'; at: number; bitrate: number }
  /** Frames dropped since the load (Shaka's count, which only grows). */
  | { type: 'frames'; at: number; dropped: number }
  /** Media buffered ahead of the playhead (ms), sampled with each periodic beacon. */
  | { type: 'buffer'; at: number; aheadMs: number }
  /** A fatal failure: the view ends. */
  | { type: 'failure'; at: number; code: number; licenceCode: number | null };

type Phase = 'starting' | 'playing' | 'paused' | 'rebuffering' | 'seeking' | 'ended';

/** The item a view plays. */
export interface QoeItem {
  itemType: QoeView['itemType'];
  itemId: number;
}

/** A view's running state (replaced, never mutated). */
export interface ViewState {
  viewId: string;
  item: QoeItem;
  startedAt: number;
  zap: boolean;
  phase: Phase;
  /** When the phase began. */
  since: number;
  /** Paused by the viewer: a seek or stall that ends returns to pause, not to playing. */
  pausedByViewer: boolean;
  firstFrameAt: number | null;
  endedAt: number | null;
  pausedMs: number;
  playingMs: number;
  rebufferMs: number;
  rebufferCount: number;
  bitrate: number | null;
  /** Σ bitrate × playing ms, for the time-weighted mean. */
  bitrateArea: number;
  bitrateMs: number;
  renditionSwitches: number;
  droppedFrames: number;
  errorCode: number | null;
  licenceCode: number | null;
  /** The timeline so far (ms after intent), capped: a failure or the end take the last place. */
  events: QoeEvent[];
}

/** Places on the timeline buffer samples leave to the events that matter more (stalls, switches, the failure). */
const BUFFER_RESERVE = 8;

/** The view with one more event on its timeline. */
function record(state: ViewState, at: number, kind: QoeEventKind, value = 0): ViewState {
  const event: QoeEvent = [Math.max(0, Math.round(at - state.startedAt)), kind, Math.round(value)];
  if (kind === 'buffer' && state.events.length >= QOE_VIEW_MAX_EVENTS - BUFFER_RESERVE) {
    // Past its share a sample replaces the sample before it, so the latest level is still said.
    return state.events.at(-1)?.[1] === 'buffer' ? { ...state, events: [...state.events.slice(0, -1), event] } : state;
  }
  if (state.events.length < QOE_VIEW_MAX_EVENTS) return { ...state, events: [...state.events, event] };
  return kind === 'error' || kind === 'end' ? { ...state, events: [...state.events.slice(0, -1), event] } : state;
}

/** A view begins at play intent (a zap begins one too). */
export function startView(viewId: string, item: QoeItem, at: number, zap: boolean): ViewState {
  return {
    viewId,
    item,
    startedAt: at,
    zap,
    phase: 'starting',
    since: at,
    pausedByViewer: false,
    firstFrameAt: null,
    endedAt: null,
    pausedMs: 0,
    playingMs: 0,
    rebufferMs: 0,
    rebufferCount: 0,
    bitrate: null,
    bitrateArea: 0,
    bitrateMs: 0,
    renditionSwitches: 0,
    droppedFrames: 0,
    errorCode: null,
    licenceCode: null,
    events: [],
  };
}

/** Books the time spent in the current phase up to `at` and moves to `phase`. */
function moveTo(state: ViewState, phase: Phase, at: number): ViewState {
  const dt = Math.max(0, at - state.since);
  const next = { ...state, phase, since: Math.max(at, state.since) };
  if (state.phase === 'playing') {
    next.playingMs += dt;
    if (state.bitrate !== null) {
      next.bitrateArea += state.bitrate * dt;
      next.bitrateMs += dt;
    }
  } else if (state.phase === 'rebuffering') next.rebufferMs += dt;
  else if (state.phase === 'paused') next.pausedMs += dt;
  return next;
}

/** Where playback stands once a stall or seek ends. */
function afterWait(state: ViewState): Phase {
  return state.pausedByViewer ? 'paused' : 'playing';
}

/** The view after one signal; signals after its end change nothing. */
export function applySignal(state: ViewState, signal: QoeSignal): ViewState {
  if (state.phase === 'ended') return state;
  const at = signal.at;
  switch (signal.type) {
    case 'playing': {
      const started =
        state.firstFrameAt === null
          ? record({ ...state, firstFrameAt: at }, at, 'first')
          : state.phase === 'rebuffering'
            ? record(state, at, 'resume')
            : state;
      return moveTo({ ...started, pausedByViewer: false }, 'playing', at);
    }
    case 'buffering':
      if (signal.buffering)
        return state.phase === 'playing'
          ? record({ ...moveTo(state, 'rebuffering', at), rebufferCount: state.rebufferCount + 1 }, at, 'stall')
          : state;
      if (state.phase === 'rebuffering') return record(moveTo(state, afterWait(state), at), at, 'resume');
      return state.phase === 'seeking' ? moveTo(state, afterWait(state), at) : state;
    case 'pause':
      return state.phase === 'starting'
        ? { ...state, pausedByViewer: true }
        : moveTo({ ...state, pausedByViewer: true }, 'paused', at);
    case 'seek':
      return state.phase === 'starting' ? state : moveTo(state, 'seeking', at);
    case 'rendition': {
      if (state.bitrate === signal.bitrate) return state;
      const booked = moveTo(state, state.phase, at);
      return record(
        {
          ...booked,
          bitrate: signal.bitrate,
          renditionSwitches: state.bitrate === null ? state.renditionSwitches : state.renditionSwitches + 1,
        },
        at,
        'bitrate',
        signal.bitrate,
      );
    }
    case 'frames':
      return { ...state, droppedFrames: Math.max(state.droppedFrames, signal.dropped) };
    case 'buffer':
      // Before the first frame the buffer is start-up's business.
      return state.firstFrameAt === null ? state : record(state, at, 'buffer', Math.max(0, signal.aheadMs));
    case 'failure':
      return record(
        { ...moveTo(state, 'ended', at), endedAt: at, errorCode: signal.code, licenceCode: signal.licenceCode },
        at,
        'error',
        signal.code,
      );
  }
}

/** Ends the view (a zap, Back, the page hidden, the stream's end). */
export function endView(state: ViewState, at: number): ViewState {
  if (state.phase === 'ended') return state;
  return record({ ...moveTo(state, 'ended', at), endedAt: at }, at, 'end');
}

/** The view's summary as a beacon carries it, counting the phase in progress up to `now`. */
export function summarizeView(state: ViewState, now: number): QoeView {
  const booked = state.phase === 'ended' ? state : moveTo(state, state.phase, now);
  const end = booked.endedAt ?? Math.max(now, booked.startedAt);
  const ended = booked.phase === 'ended';
  return {
    viewId: booked.viewId,
    itemType: booked.item.itemType,
    itemId: booked.item.itemId,
    startedAt: Math.round(booked.startedAt),
    startupMs: booked.firstFrameAt === null ? null : Math.round(booked.firstFrameAt - booked.startedAt),
    zap: booked.zap,
    ended,
    exitBeforeStart: ended && booked.firstFrameAt === null && booked.errorCode === null,
    rebufferCount: booked.rebufferCount,
    rebufferMs: Math.round(booked.rebufferMs),
    watchMs: Math.round(Math.max(0, end - booked.startedAt - booked.pausedMs)),
    playingMs: Math.round(booked.playingMs),
    errorCode: booked.errorCode,
    licenceCode: booked.licenceCode,
    avgBitrate:
      booked.bitrateMs > 0 ? Math.round(booked.bitrateArea / booked.bitrateMs) : Math.round(booked.bitrate ?? 0),
    renditionSwitches: booked.renditionSwitches,
    droppedFrames: booked.droppedFrames,
    events: booked.events,
  };
}

/** Mux's Startup Time Score of one start-up: 8/(8+s), s in seconds (1 at once, 0.5 at 8 s). */
export function startupScore(startupMs: number): number {
  return 8 / (8 + Math.max(0, startupMs) / 1000);
}

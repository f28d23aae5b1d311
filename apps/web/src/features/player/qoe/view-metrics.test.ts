import { describe, expect, it } from 'vitest';
import {
  applySignal,
  endView,
  startView,
  startupScore,
  summarizeView,
  type QoeSignal,
  type ViewState,
} from './view-metrics';

const item = { itemType: 'LIVE' as const, itemId: 7 };
function play(signals: QoeSignal[], opts: { at?: number; zap?: boolean } = {}): ViewState {
  return signals.reduce(applySignal, startView('view-0001', item, opts.at ?? 1000, opts.zap ?? false));
}

describe('start-up time (play intent to first frame)', () => {
  it('is the time from the intent to the first playing', () => {
    const view = summarizeView(play([{ type: 'playing', at: 2500 }]), 3000);
    expect(view.startupMs).toBe(1500);
    expect(view.ended).toBe(false);
  });
  it('stays null before the first frame', () => {
    expect(summarizeView(play([]), 5000).startupMs).toBeNull();
  });
  it('a later playing (after a pause) does not move it', () => {
    const view = summarizeView(
      play([
        { type: 'playing', at: 2000 },
        { type: 'pause', at: 3000 },
        { type: 'playing', at: 9000 },
      ]),
      9000,
    );
    expect(view.startupMs).toBe(1000);
  });
  it('of a zap is the zap time', () => {
    const view = summarizeView(play([{ type: 'playing', at: 1800 }], { zap: true }), 2000);
    expect(view).toMatchObject({ zap: true, startupMs: 800 });
  });
});

describe('rebuffering', () => {
  it('a stall before the first frame is not a rebuffer', () => {
    const state = play([
      { type: 'buffering', at: 1100, buffering: true },
      { type: 'buffering', at: 3000, buffering: false },
      { type: 'playing', at: 3100 },
    ]);
    const view = summarizeView(state, 4100);
    expect(view).toMatchObject({ rebufferCount: 0, rebufferMs: 0, startupMs: 2100, playingMs: 1000, watchMs: 3100 });
  });
  it('a stall after the first frame counts once with its duration', () => {
    const state = play([
      { type: 'playing', at: 2000 },
      { type: 'buffering', at: 5000, buffering: true },
      { type: 'buffering', at: 6500, buffering: false },
    ]);
    const view = summarizeView(state, 10_000);
    expect(view).toMatchObject({ rebufferCount: 1, rebufferMs: 1500, playingMs: 6500, watchMs: 9000 });
  });
  it('a stall in progress counts up to now', () => {
    const view = summarizeView(
      play([
        { type: 'playing', at: 2000 },
        { type: 'buffering', at: 3000, buffering: true },
      ]),
      4000,
    );
    expect(view).toMatchObject({ rebufferCount: 1, rebufferMs: 1000 });
  });
  it('a repeated buffering=true during one stall is one rebuffer', () => {
    const view = summarizeView(
      play([
        { type: 'playing', at: 2000 },
        { type: 'buffering', at: 3000, buffering: true },
        { type: 'buffering', at: 3500, buffering: true },
        { type: 'playing', at: 4000 },
      ]),
      4000,
    );
    expect(view).toMatchObject({ rebufferCount: 1, rebufferMs: 1000 });
  });
  it('buffering after a seek is seeking, not rebuffering', () => {
    const state = play([
      { type: 'playing', at: 2000 },
      { type: 'seek', at: 3000 },
      { type: 'buffering', at: 3010, buffering: true },
      { type: 'buffering', at: 4000, buffering: false },
    ]);
    const view = summarizeView(state, 5000);
    expect(view).toMatchObject({ rebufferCount: 0, rebufferMs: 0, playingMs: 2000 });
  });
  it('a seek while paused returns to pause', () => {
    const state = play([
      { type: 'playing', at: 2000 },
      { type: 'pause', at: 3000 },
      { type: 'seek', at: 4000 },
      { type: 'buffering', at: 4500, buffering: false },
    ]);
    expect(state.phase).toBe('paused');
  });
  it('a pause ends a stall: its time so far is rebuffering, then paused', () => {
    const view = summarizeView(
      play([
        { type: 'playing', at: 2000 },
        { type: 'buffering', at: 3000, buffering: true },
        { type: 'pause', at: 3500 },
      ]),
      10_000,
    );
    expect(view).toMatchObject({ rebufferCount: 1, rebufferMs: 500, watchMs: 2500 });
  });
});

describe('watch time and pauses', () => {
  it('paused time is left out of watch time and playing time', () => {
    const view = summarizeView(
      play([
        { type: 'playing', at: 2000 },
        { type: 'pause', at: 4000 },
        { type: 'playing', at: 14_000 },
      ]),
      15_000,
    );
    expect(view).toMatchObject({ watchMs: 4000, playingMs: 3000 });
  });
  it('a pause before the first frame keeps start-up running', () => {
    const view = summarizeView(
      play([
        { type: 'pause', at: 1500 },
        { type: 'playing', at: 3000 },
      ]),
      3000,
    );
    expect(view.startupMs).toBe(2000);
  });
});

describe('end of a view', () => {
  it('an exit before the first frame is an exit before video start', () => {
    const view = summarizeView(endView(play([{ type: 'buffering', at: 1200, buffering: true }]), 4000), 9000);
    expect(view).toMatchObject({
      ended: true,
      exitBeforeStart: true,
      startupMs: null,
      watchMs: 3000,
      rebufferCount: 0,
    });
  });
  it('a failure before the first frame is a failure, not an exit', () => {
    const view = summarizeView(play([{ type: 'failure', at: 3000, code: 6007, licenceCode: 403 }]), 5000);
    expect(view).toMatchObject({
      ended: true,
      exitBeforeStart: false,
      errorCode: 6007,
      licenceCode: 403,
      watchMs: 2000,
    });
  });
  it('a zap ends one view; the next starts at the zap and counts alone', () => {
    const first = endView(
      play([
        { type: 'playing', at: 2000 },
        { type: 'buffering', at: 3000, buffering: true },
      ]),
      4000,
    );
    const second = [{ type: 'playing', at: 4600 } as const].reduce(
      applySignal,
      startView('view-0002', { itemType: 'LIVE', itemId: 8 }, 4000, true),
    );
    expect(summarizeView(first, 9000)).toMatchObject({
      ended: true,
      rebufferMs: 1000,
      watchMs: 3000,
      exitBeforeStart: false,
    });
    expect(summarizeView(second, 5000)).toMatchObject({
      itemId: 8,
      zap: true,
      startupMs: 600,
      rebufferCount: 0,
      watchMs: 1000,
    });
  });
  it('signals after the end change nothing', () => {
    const ended = endView(play([{ type: 'playing', at: 2000 }]), 3000);
    expect(applySignal(ended, { type: 'buffering', at: 3500, buffering: true })).toBe(ended);
    expect(endView(ended, 8000)).toBe(ended);
    expect(summarizeView(ended, 99_000).watchMs).toBe(2000);
  });
});

describe('renditions and frames', () => {
  it('the mean bitrate is weighted by playing time and switches are counted', () => {
    const state = play([
      { type: 'rendition', at: 1500, bitrate: 1_000_000 },
      { type: 'playing', at: 2000 },
      { type: 'rendition', at: 5000, bitrate: 4_000_000 },
      { type: 'rendition', at: 5000, bitrate: 4_000_000 },
    ]);
    const view = summarizeView(state, 6000);
    expect(view.renditionSwitches).toBe(1);
    expect(view.avgBitrate).toBe(Math.round((1_000_000 * 3000 + 4_000_000 * 1000) / 4000));
  });
  it('without playing time the mean is the rendition chosen', () => {
    expect(summarizeView(play([{ type: 'rendition', at: 1100, bitrate: 800_000 }]), 1200).avgBitrate).toBe(800_000);
  });
  it('dropped frames keep the highest count reported', () => {
    const view = summarizeView(
      play([
        { type: 'frames', at: 2000, dropped: 12 },
        { type: 'frames', at: 3000, dropped: 4 },
      ]),
      3000,
    );
    expect(view.droppedFrames).toBe(12);
  });
});

describe('Startup Time Score', () => {
  it('is 8/(8+s)', () => {
    expect(startupScore(0)).toBe(1);
    expect(startupScore(8000)).toBe(0.5);
    expect(startupScore(2000)).toBeCloseTo(0.8);
  });
});

describe('the timeline', () => {
  it('records the first frame, a stall and its end, renditions, a failure, in order, in ms after intent', () => {
    const view = summarizeView(
      play([
        { type: 'buffering', at: 1100, buffering: true },
        { type: 'rendition', at: 1200, bitrate: 1_500_000 },
        { type: 'playing', at: 2000 },
        { type: 'rendition', at: 4000, bitrate: 3_000_000 },
        { type: 'buffering', at: 5000, buffering: true },
        { type: 'buffering', at: 5600, buffering: false },
        { type: 'playing', at: 5650 },
        { type: 'rendition', at: 6000, bitrate: 3_000_000 },
        { type: 'failure', at: 7000, code: 1001, licenceCode: null },
      ]),
      8000,
    );
    // The stall before the first frame is start-up: no stall event; the repeated rendition is no switch.
    expect(view.events).toEqual([
      [200, 'bitrate', 1_500_000],
      [1000, 'first', 0],
      [3000, 'bitrate', 3_000_000],
      [4000, 'stall', 0],
      [4600, 'resume', 0],
      [6000, 'error', 1001],
    ]);
  });

  it('ends with the end, and past the cap keeps its start with the end in the last place', () => {
    const signals: QoeSignal[] = [{ type: 'playing', at: 1500 }];
    for (let i = 0; i < 40; i += 1)
      signals.push({ type: 'rendition', at: 2000 + i * 100, bitrate: 1_000_000 + (i % 2) * 500_000 });
    const events = summarizeView(endView(play(signals), 9000), 9000).events ?? [];
    expect(events).toHaveLength(32);
    expect(events[0]).toEqual([500, 'first', 0]);
    expect(events.at(-1)).toEqual([8000, 'end', 0]);
    expect(summarizeView(endView(play([{ type: 'playing', at: 1200 }]), 3000), 3000).events).toEqual([
      [200, 'first', 0],
      [2000, 'end', 0],
    ]);
  });
});

describe('buffer samples on the timeline', () => {
  it('are kept once frames move, not during start-up', () => {
    const state = play([
      { type: 'buffer', at: 1500, aheadMs: 900 },
      { type: 'playing', at: 2000 },
      { type: 'buffer', at: 32_000, aheadMs: 14_250 },
    ]);
    expect(summarizeView(state, 33_000).events).toEqual([
      [1000, 'first', 0],
      [31_000, 'buffer', 14_250],
    ]);
  });
  it('leave room for what matters more: past their share a sample replaces the one before, and a stall still finds its place', () => {
    let state = play([{ type: 'playing', at: 1000 }]);
    for (let i = 1; i <= 40; i += 1)
      state = applySignal(state, { type: 'buffer', at: 1000 + i * 30_000, aheadMs: i * 100 });
    state = applySignal(state, { type: 'buffering', at: 2_000_000, buffering: true });
    const events = summarizeView(state, 2_000_500).events ?? [];
    const buffers = events.filter(([, kind]) => kind === 'buffer');
    expect(buffers).toHaveLength(23);
    expect(buffers.at(-1)).toEqual([1_200_000, 'buffer', 4000]);
    expect(events.at(-1)?.[1]).toBe('stall');
  });
});

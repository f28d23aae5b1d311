import { describe, expect, it } from 'vitest';
import { ChannelDial, channelByNumber, DIAL_WAIT_MS, type DialTimers } from './channel-dial';

/** Timers the test runs by hand. */
function manualTimers(): DialTimers & { elapse(ms: number): void; pending: number } {
  let now = 0;
  const queue = new Map<number, { at: number; run: () => void }>();
  let next = 1;
  return {
    set(run, ms) {
      queue.set(next, { at: now + ms, run });
      return next++;
    },
    clear(handle) {
      queue.delete(handle as number);
    },
    elapse(ms) {
      now += ms;
      for (const [id, t] of [...queue]) {
        if (t.at > now) continue;
        queue.delete(id);
        t.run();
      }
    },
    get pending() {
      return queue.size;
    },
  };
}

function dial() {
  const timers = manualTimers();
  const shown: string[] = [];
  const dialled: number[] = [];
  const d = new ChannelDial(
    (digits) => shown.push(digits),
    (n) => dialled.push(n),
    timers,
  );
  return { d, timers, shown, dialled };
}

describe('the channel dial', () => {
  it('tunes 12 after 1 then 2, once the wait has passed since the last digit', () => {
    const { d, timers, shown, dialled } = dial();
    d.press('1');
    timers.elapse(DIAL_WAIT_MS - 1);
    d.press('2');
    timers.elapse(DIAL_WAIT_MS - 1);
    expect(dialled).toEqual([]);
    timers.elapse(1);
    expect(dialled).toEqual([12]);
    expect(shown).toEqual(['1', '12', '']);
    expect(d.typing).toBe(false);
  });

  it('tunes on Enter at once, and at the fourth digit', () => {
    const { d, timers, dialled } = dial();
    d.press('7');
    d.commit();
    expect(dialled).toEqual([7]);
    for (const digit of '1234') d.press(digit);
    expect(dialled).toEqual([7, 1234]);
    expect(timers.pending).toBe(0);
  });

  it('ignores a leading zero and anything not a digit; Escape forgets what was typed', () => {
    const { d, timers, dialled } = dial();
    d.press('0');
    d.press('x');
    expect(d.typing).toBe(false);
    d.press('3');
    d.cancel();
    timers.elapse(DIAL_WAIT_MS * 2);
    expect(dialled).toEqual([]);
    d.press('3');
    d.press('0');
    timers.elapse(DIAL_WAIT_MS);
    expect(dialled).toEqual([30]);
  });

  it('finds a channel by its dial number, not by its id or place', () => {
    const channels = [
      { id: 10, number: 1 },
      { id: 3, number: 12 },
    ];
    expect(channelByNumber(channels, 12)?.id).toBe(3);
    expect(channelByNumber(channels, 10)).toBeNull();
  });
});

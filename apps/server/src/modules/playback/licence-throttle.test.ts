import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock';
import { LICENCE_BURST, LICENCE_WINDOW_MS, LicenceThrottle } from './licence-throttle';

describe('LicenceThrottle', () => {
  it(`lets ${LICENCE_BURST} requests of a session through per window, then asks to wait until the window ends`, () => {
    const clock = new ManualClock(1_000_000);
    const throttle = new LicenceThrottle(clock);
    for (let i = 0; i < LICENCE_BURST; i++) expect(throttle.take('a')).toBeNull();
    expect(throttle.take('a')).toBe(LICENCE_WINDOW_MS / 1000);
    clock.advance(LICENCE_WINDOW_MS - 1500);
    expect(throttle.take('a')).toBe(2);
    // Another session has its own window.
    expect(throttle.take('b')).toBeNull();
    clock.advance(1500);
    expect(throttle.take('a')).toBeNull();
  });

  it('keeps a bounded number of windows when flooded with made-up session ids', () => {
    const clock = new ManualClock(0);
    const throttle = new LicenceThrottle(clock);
    for (let i = 0; i < 25_000; i++) throttle.take(`s${i}`);
    const size = (throttle as unknown as { windows: Map<string, unknown> }).windows.size;
    expect(size).toBeLessThanOrEqual(20_000);
  });
});

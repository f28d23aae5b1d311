import { describe, expect, it } from 'vitest';
import { LIVE_EPOCH_MS } from '@pantalla/media';
import { checkCatchup } from './windows';

const HOUR = 3600_000;
const now = LIVE_EPOCH_MS + 30 * 24 * HOUR;

describe('checkCatchup', () => {
  const week = { catchupHours: 168 };
  it('allows an ended programme that started within catchup_hours', () => {
    expect(checkCatchup(week, { startTime: now - 2 * HOUR, endTime: now - HOUR }, now)).toBe('ok');
    expect(checkCatchup(week, { startTime: now - 168 * HOUR, endTime: now - 167 * HOUR }, now)).toBe('ok');
  });
  it('refuses outside the window, before the end, on channels without catch-up and before the timeline', () => {
    expect(checkCatchup(week, { startTime: now - 168 * HOUR - 1, endTime: now - 167 * HOUR }, now)).toBe('expired');
    expect(checkCatchup({ catchupHours: 24 }, { startTime: now - 25 * HOUR, endTime: now - 24 * HOUR }, now)).toBe(
      'expired',
    );
    expect(checkCatchup(week, { startTime: now - HOUR, endTime: now + 1 }, now)).toBe('not-ended');
    expect(checkCatchup({ catchupHours: 0 }, { startTime: now - 2 * HOUR, endTime: now - HOUR }, now)).toBe(
      'no-catchup',
    );
    expect(
      checkCatchup(week, { startTime: LIVE_EPOCH_MS - HOUR, endTime: LIVE_EPOCH_MS + HOUR }, LIVE_EPOCH_MS + 2 * HOUR),
    ).toBe('before-timeline');
  });
});

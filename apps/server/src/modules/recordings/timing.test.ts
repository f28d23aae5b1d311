import { describe, expect, it } from 'vitest';
import { DAY_MS, durationSeconds, expiresAt, fits, isDue, MINUTE_MS, quotaHours, remindAt } from './timing';

const T0 = Date.UTC(2026, 11, 9, 20, 0);

describe('recording quota', () => {
  it('counts programmes by their guide length, scheduled ones included, so a full quota is said before recording', () => {
    const hour = { startTime: T0, endTime: T0 + 60 * MINUTE_MS };
    expect(durationSeconds(hour)).toBe(3600);
    expect(durationSeconds({ startTime: T0, endTime: T0 - 1 })).toBe(0);
    const quota = { usedSeconds: 48 * 3600, scheduledSeconds: 3600, limitSeconds: 50 * 3600 };
    expect(fits(quota, 3600)).toBe(true);
    expect(fits(quota, 3601)).toBe(false);
  });

  it("gives an account the largest of its packages' hours, or the default", () => {
    const perPackage = new Map([
      [2, 100],
      [9, 20],
    ]);
    expect(quotaHours([1], perPackage, 50)).toBe(50);
    expect(quotaHours([1, 2, 9], perPackage, 50)).toBe(100);
    expect(quotaHours([9], perPackage, 10)).toBe(20);
  });

  it('keeps a ready recording for the retention after its end, a protected one for ever', () => {
    expect(expiresAt(T0, 90, false)).toBe(T0 + 90 * DAY_MS);
    expect(expiresAt(T0, 90, true)).toBeNull();
  });
});

describe('reminder timing', () => {
  const start = T0 + 30 * MINUTE_MS;
  const reminder = { remindAt: remindAt(start, 2), endTime: start + 60 * MINUTE_MS, seen: false };

  it('fires the chosen minutes before the start and stays due until the programme ends', () => {
    expect(reminder.remindAt).toBe(start - 2 * MINUTE_MS);
    expect(isDue(reminder, start - 2 * MINUTE_MS - 1)).toBe(false);
    expect(isDue(reminder, start - 2 * MINUTE_MS)).toBe(true);
    expect(isDue(reminder, start + 59 * MINUTE_MS)).toBe(true);
    expect(isDue(reminder, start + 60 * MINUTE_MS)).toBe(false);
  });

  it('is not due once seen', () => {
    expect(isDue({ ...reminder, seen: true }, start)).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { formatClock, formatDateTime, isBetween, parseDateTime, toEpochSeconds } from './date';

describe('date helpers', () => {
  it("formats 'd mon yyyy - hh:mmh' with Spanish months", () => {
    expect(formatDateTime(new Date(2025, 0, 5, 21, 30))).toBe('5 ene 2025 - 21:30h');
    expect(formatDateTime(new Date(2024, 7, 31, 7, 5))).toBe('31 ago 2024 - 07:05h');
    expect(formatDateTime('2025-12-01 00:00:00')).toBe('1 dic 2025 - 00:00h');
    expect(formatDateTime('nonsense')).toBe('');
  });

  it('parses catalogue and ISO dates', () => {
    expect(parseDateTime('2025-03-09 10:11:12')?.getTime()).toBe(new Date(2025, 2, 9, 10, 11, 12).getTime());
    expect(parseDateTime('2025-03-09T10:11:12.000Z')?.toISOString()).toBe('2025-03-09T10:11:12.000Z');
    expect(parseDateTime('ayer')).toBeNull();
  });

  it('clock, epoch seconds and the live window', () => {
    expect(formatClock(new Date(2025, 0, 1, 9, 7))).toBe('09:07');
    expect(toEpochSeconds(1_700_000_000_999)).toBe(1_700_000_000);
    expect(isBetween(5, 5, 10)).toBe(true);
    expect(isBetween(10, 5, 10)).toBe(false);
  });
});

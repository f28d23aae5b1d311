import { describe, expect, it } from 'vitest';
import { calendarDays, calendarEnd, CALENDAR_DAYS, eventWindows, groupByDay, isCalendarEvent } from './calendar-days';

const local = (y: number, m: number, d: number, h = 0, min = 0) => new Date(y, m - 1, d, h, min).getTime();

describe('calendarDays', () => {
  it('gives 15 local midnights from today', () => {
    const days = calendarDays(local(2026, 3, 20, 15, 42));
    expect(CALENDAR_DAYS).toBe(15);
    expect(days).toHaveLength(15);
    expect(days[0]).toBe(local(2026, 3, 20));
    expect(days[14]).toBe(local(2026, 4, 3));
    // Across the end of March (a DST change in Europe) every entry is still a midnight.
    for (const day of days) expect(new Date(day).getHours()).toBe(0);
    expect(calendarEnd(days)).toBe(local(2026, 4, 4));
    expect(calendarEnd([])).toBe(0);
  });
});

describe('eventWindows', () => {
  it('covers the range with windows of at most 48 h', () => {
    const H = 3600_000;
    expect(eventWindows(0, 100 * H)).toEqual([
      { startTime: 0, endTime: 48 * H },
      { startTime: 48 * H, endTime: 96 * H },
      { startTime: 96 * H, endTime: 100 * H },
    ]);
    expect(eventWindows(5, 5)).toEqual([]);
  });
});

describe('groupByDay', () => {
  const days = calendarDays(local(2026, 6, 1, 9));
  const ev = (id: number, startTime: number) => ({ id, startTime });

  it('puts each event in the day it starts, by start time', () => {
    const rows = groupByDay(
      [
        ev(3, local(2026, 6, 2, 21)),
        ev(1, local(2026, 6, 1, 23, 59)),
        ev(2, local(2026, 6, 2, 0)),
        ev(4, local(2026, 6, 2, 8)),
      ],
      days,
    );
    expect(rows).toHaveLength(15);
    expect(rows[0]!.events.map((e) => e.id)).toEqual([1]);
    expect(rows[1]!.events.map((e) => e.id)).toEqual([2, 4, 3]);
    expect(rows.slice(2).every((r) => r.events.length === 0)).toBe(true);
  });

  it('keeps the same start in id order, drops duplicates and events outside the 15 days', () => {
    const t = local(2026, 6, 10, 20);
    const rows = groupByDay(
      [ev(9, t), ev(5, t), ev(5, t), ev(7, local(2026, 5, 31, 23)), ev(8, local(2026, 6, 16, 0))],
      days,
    );
    expect(rows[9]!.events.map((e) => e.id)).toEqual([5, 9]);
    expect(rows.flatMap((r) => r.events).map((e) => e.id)).toEqual([5, 9]);
    expect(rows[14]!.day).toBe(local(2026, 6, 15));
  });
});

describe('isCalendarEvent', () => {
  it('lists pay-per-view and sports events that have not ended', () => {
    const now = 1000;
    expect(isCalendarEvent({ ppv: true, genres: [600], endTime: 2000 }, 300, now)).toBe(true);
    expect(isCalendarEvent({ ppv: false, genres: [300, 301], endTime: 2000 }, 300, now)).toBe(true);
    expect(isCalendarEvent({ ppv: false, genres: [100], endTime: 2000 }, 300, now)).toBe(false);
    expect(isCalendarEvent({ ppv: true, genres: [300], endTime: 1000 }, 300, now)).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import {
  addDays,
  clampDay,
  clampPage,
  cutText,
  dateLimits,
  DAY_WIDTH,
  dayKey,
  hasReducedPadding,
  isLive,
  msUntilNextDay,
  ITEM_HEIGHT,
  msToPx,
  pageCount,
  parseDayKey,
  pxToMs,
  ROW_HEIGHT,
  overlayMaxHeight,
  overlayRows,
  rowsPerPage,
  selectableDays,
  SIDEBAR_WIDTH,
  SLOT_COUNT,
  SLOT_WIDTH,
  slotCount,
  stepBackIfOutOfRange,
  stepBackRow,
  keepRowVisible,
  startOfDay,
  timeToX,
} from './geometry';

const HOUR = 3_600_000;

describe('guide geometry constants', () => {
  it('matches the spec', () => {
    expect([SLOT_COUNT, SLOT_WIDTH, DAY_WIDTH, SIDEBAR_WIDTH, ROW_HEIGHT, ITEM_HEIGHT]).toEqual([
      172, 400, 50400, 100, 72, 80,
    ]);
  });
  it('scales 1/9 px per second: an hour is one 400 px slot', () => {
    expect(msToPx(9000)).toBe(1);
    expect(msToPx(HOUR)).toBe(SLOT_WIDTH);
    expect(pxToMs(400)).toBe(HOUR);
    expect(timeToX(1000 + 2 * HOUR, 1000)).toBe(800);
    expect(timeToX(0, 9000)).toBe(-1);
  });
});

describe('rowsPerPage', () => {
  it('is (height − 200) / 72, floored', () => {
    expect(rowsPerPage(920, false)).toBe(10);
    expect(rowsPerPage(919, false)).toBe(9);
    expect(rowsPerPage(1080, false)).toBe(12);
  });
  it('is at least 1', () => {
    expect(rowsPerPage(200, false)).toBe(1);
    expect(rowsPerPage(0, false)).toBe(1);
    expect(rowsPerPage(271, false)).toBe(1);
  });
  it('is 3 fewer with the overlay open, still at least 1', () => {
    expect(rowsPerPage(920, true)).toBe(7);
    expect(rowsPerPage(488, true)).toBe(1);
    expect(rowsPerPage(416, true)).toBe(1);
    expect(rowsPerPage(100, true)).toBe(1);
  });
  it('leaves a taller overlay (a phone’s) a row for each 72 px it measures past 220', () => {
    expect(overlayRows(220)).toBe(3);
    expect(overlayRows(180)).toBe(3);
    expect(overlayRows(221)).toBe(4);
    expect(overlayRows(364)).toBe(5);
    expect(rowsPerPage(920, true, { overlayHeight: 220 })).toBe(7);
    expect(rowsPerPage(844, true, { overlayHeight: 400 })).toBe(2);
    expect(rowsPerPage(844, true, { overlayHeight: 900 })).toBe(1);
  });
  it('keeps the spec’s rule where the grid’s rows begin within its 200 px (desktop)', () => {
    // 1440 × 900 and 1920 × 1080: header 73 px, padding 24, ruler 80.
    expect(rowsPerPage(900, false, { rowsTop: 177 })).toBe(rowsPerPage(900, false));
    expect(rowsPerPage(900, true, { overlayHeight: 220, rowsTop: 177 })).toBe(6);
    expect(rowsPerPage(1080, false, { rowsTop: 177 })).toBe(12);
    expect(rowsPerPage(1080, true, { overlayHeight: 220, rowsTop: 177 })).toBe(9);
    // 1280 × 1000 with the filters on a second header line: closed, the spec's count stands.
    expect(rowsPerPage(1000, false, { rowsTop: 260 })).toBe(11);
  });
  it('never leaves a row of the page under the open panel, even where the spec would (desktop, two header lines)', () => {
    expect(rowsPerPage(1000, true)).toBe(8);
    expect(rowsPerPage(1000, true, { overlayHeight: 220, rowsTop: 220 })).toBe(7);
  });
  it('counts from the measured rows’ top while the panel is open where the header is taller (a 390 × 844 phone)', () => {
    expect(rowsPerPage(844, false, { rowsTop: 345 })).toBe(rowsPerPage(844, false));
    // The spec's rule would leave 3 rows and the last would end at 561, under a panel from 544.
    expect(rowsPerPage(844, true, { overlayHeight: 300, rowsTop: 345 })).toBe(2);
    expect(rowsPerPage(844, true, { overlayHeight: 427, rowsTop: 345 })).toBe(1);
  });
  it('leaves every row of a page above the overlay, for any height, header and panel', () => {
    for (let height = 480; height <= 1200; height += 7)
      for (let rowsTop = 150; rowsTop <= 400; rowsTop += 13)
        for (let overlay = 160; overlay <= overlayMaxHeight(height, rowsTop); overlay += 11) {
          const rows = rowsPerPage(height, true, { overlayHeight: overlay, rowsTop });
          expect(rowsTop + rows * ROW_HEIGHT).toBeLessThanOrEqual(height - overlay);
        }
  });
});

describe('overlayMaxHeight', () => {
  it('leaves one row between the rows’ top and the panel', () => {
    expect(overlayMaxHeight(844, 345)).toBe(427);
    expect(overlayMaxHeight(640, 345)).toBe(223);
    expect(overlayMaxHeight(300, 345)).toBe(0);
  });
});

describe('pages', () => {
  it('counts pages, at least one', () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(11, 10)).toBe(2);
    expect(pageCount(1000, 7)).toBe(143);
  });
  it('steps a page out of range back to the last one', () => {
    expect(clampPage(5, 30, 10)).toBe(2);
    expect(clampPage(2, 30, 10)).toBe(2);
    expect(clampPage(-1, 30, 10)).toBe(0);
    expect(clampPage(3, 0, 10)).toBe(0);
  });
});

describe('reduced padding and live', () => {
  it('reduces padding under 40 px only', () => {
    expect(hasReducedPadding(39.9)).toBe(true);
    expect(hasReducedPadding(40)).toBe(false);
    expect(hasReducedPadding(msToPx(5 * 60_000))).toBe(true);
    expect(hasReducedPadding(msToPx(6 * 60_000))).toBe(false);
  });
  it('is live from start (inclusive) to end (exclusive)', () => {
    expect(isLive(100, 100, 200)).toBe(true);
    expect(isLive(199, 100, 200)).toBe(true);
    expect(isLive(200, 100, 200)).toBe(false);
    expect(isLive(99, 100, 200)).toBe(false);
  });
});

describe('days and date limits', () => {
  const now = new Date(2026, 10, 22, 7, 30).getTime();
  it('limits the picker to 4 days back and 1 ahead', () => {
    const { min, max } = dateLimits(now);
    expect(dayKey(min)).toBe('2026-11-18');
    expect(dayKey(max)).toBe('2026-11-23');
    expect(selectableDays(now).map(dayKey)).toEqual([
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
      '2026-11-21',
      '2026-11-22',
      '2026-11-23',
    ]);
  });
  it('clamps days outside the limits', () => {
    expect(dayKey(clampDay(new Date(2026, 10, 1).getTime(), now))).toBe('2026-11-18');
    expect(dayKey(clampDay(new Date(2026, 11, 1).getTime(), now))).toBe('2026-11-23');
    expect(dayKey(clampDay(new Date(2026, 10, 20, 15).getTime(), now))).toBe('2026-11-20');
  });
  it('crosses months and years', () => {
    const jan1 = new Date(2027, 0, 1, 0, 30).getTime();
    expect(dayKey(dateLimits(jan1).min)).toBe('2026-12-28');
    expect(dayKey(addDays(startOfDay(jan1), -1))).toBe('2026-12-31');
  });
  it('parses day keys', () => {
    expect(parseDayKey('2026-11-22')).toBe(new Date(2026, 10, 22).getTime());
    expect(parseDayKey('2026-02-30')).toBeNull();
    expect(parseDayKey('nope')).toBeNull();
  });
});

describe('cutText', () => {
  it('keeps short texts and cuts long ones at the limit', () => {
    expect(cutText('abc', 360)).toBe('abc');
    const cut = cutText('x'.repeat(400), 360);
    expect(cut).toHaveLength(360);
    expect(cut.endsWith('…')).toBe(true);
  });
});

describe('day rollover, ruler slots and stepping back', () => {
  it('counts the time to the next local midnight', () => {
    const now = new Date(2026, 10, 22, 23, 59).getTime();
    expect(msUntilNextDay(now)).toBe(60_000);
  });
  it('caps the ruler at 172 hourly slots', () => {
    expect(slotCount(6)).toBe(144);
    expect(slotCount(8)).toBe(SLOT_COUNT);
  });
  it('steps a page out of range back one page', () => {
    expect(stepBackIfOutOfRange(3, 30, 10)).toBe(2);
    expect(stepBackIfOutOfRange(2, 30, 10)).toBe(2);
    expect(stepBackIfOutOfRange(0, 0, 10)).toBe(0);
  });
});

describe('first row of a page', () => {
  it('steps back one page when the page starts past the last channel', () => {
    expect(stepBackRow(44, 40, 11)).toBe(33);
    expect(stepBackRow(22, 40, 11)).toBe(22);
    expect(stepBackRow(5, 0, 11)).toBe(0);
    expect(stepBackRow(-3, 40, 11)).toBe(0);
  });
  it('moves the page just enough to keep a row on it', () => {
    expect(keepRowVisible(11, 19, 8)).toBe(12);
    expect(keepRowVisible(11, 15, 8)).toBe(11);
    expect(keepRowVisible(11, 4, 8)).toBe(4);
  });
});

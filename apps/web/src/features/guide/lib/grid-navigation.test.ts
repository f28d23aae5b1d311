import { describe, expect, it } from 'vitest';
import type { EpgProgramme } from '@pantalla/contracts';
import {
  findOnPage,
  keyOutcome,
  pageBusy,
  pendingTarget,
  tabStopId,
  tabStopTime,
  type ChannelRow,
} from './grid-navigation';
import type { GuideChannel, GuideProgramme } from './programme';

const HOUR = 3_600_000;
const channel = (id: number): GuideChannel => ({
  id,
  name: `Canal ${id}`,
  number: id,
  logo: '',
  catchupHours: 0,
  deliveryURL: null,
  adult: false,
  groupId: 1,
});
const programme = (id: number, channelId: number, startHour: number, hours = 1): GuideProgramme => ({
  id,
  channelId,
  start: startHour * HOUR,
  end: (startHour + hours) * HOUR,
  title: `P${id}`,
  epg: {} as EpgProgramme,
});
const ready = (programmes: GuideProgramme[]): ChannelRow => ({ programmes, days: [{ status: 'ready', programmes }] });

// Two rows: 10:00–11:00, 11:00–13:00 and 10:00–12:00, 12:00–13:00.
const rowList = [
  [programme(1, 1, 10), programme(2, 1, 11, 2)],
  [programme(3, 2, 10, 2), programme(4, 2, 12)],
];
const window = { start: 10 * HOUR, end: 13 * HOUR };
const paging = { firstRow: 10, perPage: 2, count: 30 };

describe('keys on a focused programme', () => {
  it('Enter and Space open it; other keys are left alone', () => {
    expect(keyOutcome('Enter', rowList, { row: 0, index: 0 }, window, paging)).toEqual({ kind: 'open' });
    expect(keyOutcome(' ', rowList, { row: 0, index: 0 }, window, paging)).toEqual({ kind: 'open' });
    expect(keyOutcome('a', rowList, { row: 0, index: 0 }, window, paging)).toBeNull();
    expect(keyOutcome('Enter', rowList, { row: 5, index: 0 }, window, paging)).toBeNull();
  });

  it('arrows move along the row and to the same time in the next row', () => {
    expect(keyOutcome('ArrowRight', rowList, { row: 0, index: 0 }, window, paging)).toEqual({
      kind: 'focus',
      row: 0,
      index: 1,
      anchor: null,
    });
    expect(keyOutcome('ArrowDown', rowList, { row: 0, index: 1 }, window, paging)).toEqual({
      kind: 'focus',
      row: 1,
      index: 1,
      anchor: 12 * HOUR,
    });
    // 10:00–12:00 goes up at its middle, 11:00, where the second programme starts.
    expect(keyOutcome('ArrowUp', rowList, { row: 1, index: 0 }, window, paging)).toEqual({
      kind: 'focus',
      row: 0,
      index: 1,
      anchor: 11 * HOUR,
    });
    // Only its visible part counts: seen from 10:00 to 11:30, its middle is 10:45.
    expect(
      keyOutcome('ArrowUp', rowList, { row: 1, index: 0 }, { start: 10 * HOUR, end: 11.5 * HOUR }, paging),
    ).toEqual({ kind: 'focus', row: 0, index: 0, anchor: 10.75 * HOUR });
  });

  it('down then up comes back: the time of the first up/down move is kept while focus stays where it landed', () => {
    // 10:00–11:00 over a long 10:30–13:00, whose own middle (11:45) is under 11:00–12:00.
    const rows = [
      [programme(1, 1, 10), programme(2, 1, 11), programme(6, 1, 12)],
      [programme(3, 2, 10.5, 2.5)],
      [programme(4, 3, 10), programme(5, 3, 11, 2)],
    ];
    const down = keyOutcome('ArrowDown', rows, { row: 0, index: 0 }, window, paging);
    expect(down).toEqual({ kind: 'focus', row: 1, index: 0, anchor: 10.5 * HOUR });
    const anchor = { id: 3, time: 10.5 * HOUR };
    expect(keyOutcome('ArrowUp', rows, { row: 1, index: 0 }, window, paging, anchor)).toEqual({
      kind: 'focus',
      row: 0,
      index: 0,
      anchor: 10.5 * HOUR,
    });
    expect(keyOutcome('ArrowDown', rows, { row: 1, index: 0 }, window, paging, anchor)).toEqual({
      kind: 'focus',
      row: 2,
      index: 0,
      anchor: 10.5 * HOUR,
    });
    // Without it, the long programme's middle.
    expect(keyOutcome('ArrowUp', rows, { row: 1, index: 0 }, window, paging)).toMatchObject({ row: 0, index: 1 });
    // Another programme's anchor, or one scrolled out of sight, does not count.
    expect(
      keyOutcome('ArrowUp', rows, { row: 1, index: 0 }, window, paging, { id: 99, time: 10.5 * HOUR }),
    ).toMatchObject({ row: 0, index: 1 });
    expect(
      keyOutcome('ArrowUp', rows, { row: 1, index: 0 }, { start: 11 * HOUR, end: 13 * HOUR }, paging, anchor),
    ).toMatchObject({ row: 0, index: 2 });
    // Left and right let it go; a page turn carries it.
    expect(
      keyOutcome('ArrowRight', rows, { row: 0, index: 0 }, window, paging, { id: 1, time: 10.5 * HOUR }),
    ).toMatchObject({ anchor: null });
    expect(keyOutcome('ArrowDown', rows, { row: 2, index: 1 }, window, paging, { id: 5, time: 11.25 * HOUR })).toEqual({
      kind: 'page',
      firstRow: 12,
      pending: { row: 'first', time: 11.25 * HOUR },
    });
  });

  it('past the page’s last or first row the page turns, focus to follow at the middle of the visible part', () => {
    expect(keyOutcome('ArrowDown', rowList, { row: 1, index: 1 }, window, paging)).toEqual({
      kind: 'page',
      firstRow: 12,
      pending: { row: 'first', time: 12.5 * HOUR },
    });
    expect(keyOutcome('ArrowUp', rowList, { row: 0, index: 1 }, { start: 12 * HOUR, end: 15 * HOUR }, paging)).toEqual({
      kind: 'page',
      firstRow: 8,
      pending: { row: 'last', time: 12.5 * HOUR },
    });
    expect(keyOutcome('ArrowUp', rowList, { row: 0, index: 0 }, window, { ...paging, firstRow: 1 })).toMatchObject({
      kind: 'page',
      firstRow: 0,
    });
  });

  it('at the ends there is nowhere to go, and it is said', () => {
    expect(keyOutcome('ArrowLeft', rowList, { row: 0, index: 0 }, window, paging)).toEqual({
      kind: 'edge',
      message: 'edgeOfRow',
    });
    expect(keyOutcome('ArrowRight', rowList, { row: 1, index: 1 }, window, paging)).toEqual({
      kind: 'edge',
      message: 'edgeOfRow',
    });
    expect(keyOutcome('ArrowUp', rowList, { row: 0, index: 0 }, window, { ...paging, firstRow: 0 })).toEqual({
      kind: 'edge',
      message: 'edgeOfGuide',
    });
    expect(keyOutcome('ArrowDown', rowList, { row: 1, index: 0 }, window, { ...paging, firstRow: 28 })).toEqual({
      kind: 'edge',
      message: 'edgeOfGuide',
    });
  });
});

describe('focus after a page turn', () => {
  const page = [channel(1), channel(2), channel(3)];
  const pending = { row: 'first' as const, time: 11.5 * HOUR };

  it('lands on the programme at the time in the first row, or in the last one going up', () => {
    const rows = new Map([
      [1, ready(rowList[0]!)],
      [2, ready(rowList[1]!)],
      [3, ready([programme(5, 3, 11)])],
    ]);
    expect(pendingTarget(pending, page, rows)).toEqual({ programme: rowList[0]![1], channel: page[0] });
    expect(pendingTarget({ row: 'last', time: 11.5 * HOUR }, page, rows)).toEqual({
      programme: programme(5, 3, 11),
      channel: page[2],
    });
  });

  it('waits for rows still coming; skips rows whose days answered empty', () => {
    expect(pendingTarget(pending, [], new Map())).toBe('wait');
    expect(pendingTarget(pending, page, new Map())).toBe('wait');
    const loading: ChannelRow = { programmes: [], days: [{ status: 'loading' }] };
    expect(pendingTarget(pending, page, new Map([[1, loading]]))).toBe('wait');
    const empty: ChannelRow = { programmes: [], days: [{ status: 'ready', programmes: [] }, { status: 'error' }] };
    expect(
      pendingTarget(
        pending,
        page,
        new Map([
          [1, empty],
          [2, ready(rowList[1]!)],
        ]),
      ),
    ).toEqual({ programme: rowList[1]![0], channel: page[1] });
    expect(
      pendingTarget(
        pending,
        page,
        new Map([
          [1, empty],
          [2, empty],
          [3, empty],
        ]),
      ),
    ).toBeNull();
  });
});

describe('the page’s programmes', () => {
  const page = [channel(1), channel(2)];

  it('finds a programme by id with its channel and place', () => {
    expect(findOnPage(rowList, page, 4)).toEqual({ programme: rowList[1]![1], channel: page[1], row: 1, index: 1 });
    expect(findOnPage(rowList, page, 99)).toBeNull();
    expect(findOnPage(rowList, page, Number.NaN)).toBeNull();
  });

  it('one tab stop: the focused programme on this page, else the first row’s at the time drawn from', () => {
    expect(tabStopId(rowList, 4, 10 * HOUR)).toBe(4);
    expect(tabStopId(rowList, 99, 11.5 * HOUR)).toBe(2);
    expect(tabStopId([[], rowList[1]!], null, 10 * HOUR)).toBe(3);
    expect(tabStopId([[], []], null, 10 * HOUR)).toBeNull();
  });

  it('is busy while a row or a day of the page is still coming', () => {
    expect(
      pageBusy(
        page,
        new Map([
          [1, ready(rowList[0]!)],
          [2, ready(rowList[1]!)],
        ]),
      ),
    ).toBe(false);
    expect(pageBusy(page, new Map([[1, ready(rowList[0]!)]]))).toBe(true);
    expect(
      pageBusy(
        page,
        new Map([
          [1, ready(rowList[0]!)],
          [2, { programmes: [], days: [undefined] }],
        ]),
      ),
    ).toBe(true);
    expect(
      pageBusy(
        page,
        new Map([
          [1, ready(rowList[0]!)],
          [2, { programmes: [], days: [{ status: 'loading' }] }],
        ]),
      ),
    ).toBe(true);
  });

  it('tabs into what is on now on the first channel, not the start of the drawn window (issue 17)', () => {
    // Drawn from 9:00 to 15:00, now 11:30: the first row's 11:00–13:00 programme.
    expect(tabStopId(rowList, null, tabStopTime(11.5 * HOUR, 9 * HOUR, 15 * HOUR))).toBe(2);
    // Another day in view: its first drawn programme.
    expect(tabStopTime(40 * HOUR, 9 * HOUR, 15 * HOUR)).toBe(9 * HOUR);
  });
});

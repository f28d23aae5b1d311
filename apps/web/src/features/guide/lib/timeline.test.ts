import { describe, expect, it } from 'vitest';
import { correctGaps, firstEndingAfter, indexAt, navigate, visibleRange, type Slot } from './timeline';

const M = 60_000;
const s = (start: number, end: number, id = start): Slot & { id: number } => ({ start: start * M, end: end * M, id });

describe('correctGaps', () => {
  it('closes gaps over 60 s by stretching the earlier programme', () => {
    const out = correctGaps([s(0, 30), s(40, 60)]);
    expect(out.map((p) => [p.start / M, p.end / M])).toEqual([
      [0, 40],
      [40, 60],
    ]);
  });
  it('leaves gaps of 60 s or less alone', () => {
    const out = correctGaps([
      { start: 0, end: 1000 },
      { start: 61_000, end: 70_000 },
    ]);
    expect(out[0]?.end).toBe(1000);
  });
  it('sorts, trims overlaps and drops duplicates and empty items', () => {
    const out = correctGaps([s(30, 60), s(0, 40), s(0, 40, 99), s(70, 70)]);
    expect(out.map((p) => [p.start / M, p.end / M, p.id])).toEqual([
      [0, 30, 0],
      [30, 60, 30],
    ]);
  });
  it('does not mutate its input', () => {
    const input = [s(0, 30), s(40, 60)];
    correctGaps(input);
    expect(input[0]?.end).toBe(30 * M);
  });
});

describe('binary search lookups', () => {
  const day = correctGaps(Array.from({ length: 48 }, (_, i) => s(i * 30, i * 30 + 30)));
  it('finds the first programme ending after a time', () => {
    expect(firstEndingAfter(day, 0)).toBe(0);
    expect(firstEndingAfter(day, 30 * M)).toBe(1);
    expect(firstEndingAfter(day, 99_999 * M)).toBe(48);
    expect(firstEndingAfter([], 0)).toBe(0);
  });
  it('finds the programmes overlapping a window', () => {
    expect(visibleRange(day, 45 * M, 120 * M)).toEqual([1, 4]);
    expect(visibleRange(day, 0, 30 * M)).toEqual([0, 1]);
    expect(visibleRange(day, 2000 * M, 3000 * M)).toEqual([48, 48]);
    expect(visibleRange([], 0, 10)).toEqual([0, 0]);
  });
  it('finds the programme airing at a time, or the nearest', () => {
    expect(indexAt(day, 31 * M)).toBe(1);
    expect(indexAt(day, -5 * M)).toBe(0);
    expect(indexAt(day, 5000 * M)).toBe(47);
    expect(indexAt([s(0, 10), s(100, 110)], 20 * M)).toBe(0);
    expect(indexAt([s(0, 10), s(100, 110)], 90 * M)).toBe(1);
    expect(indexAt([], 0)).toBe(-1);
  });
  it('scales: 1000 lookups in 30 000 programmes stay fast', () => {
    const big = Array.from({ length: 30_000 }, (_, i) => ({ start: i * 10, end: i * 10 + 10 }));
    const t0 = performance.now();
    for (let i = 0; i < 1000; i += 1) visibleRange(big, i * 97, i * 97 + 500);
    expect(performance.now() - t0).toBeLessThan(50);
  });
});

describe('navigate', () => {
  const rows = [[s(0, 60), s(60, 120)], [s(0, 20), s(20, 90), s(90, 120)], [], [s(0, 120)]];
  it('moves left and right within the row, stopping at the ends', () => {
    expect(navigate(rows, { row: 1, index: 1 }, 'left')).toEqual({ row: 1, index: 0 });
    expect(navigate(rows, { row: 1, index: 1 }, 'right')).toEqual({ row: 1, index: 2 });
    expect(navigate(rows, { row: 1, index: 0 }, 'left')).toBeNull();
    expect(navigate(rows, { row: 1, index: 2 }, 'right')).toBeNull();
  });
  it('moves up and down to the programme at the same time', () => {
    expect(navigate(rows, { row: 0, index: 1 }, 'down')).toEqual({ row: 1, index: 2 });
    expect(navigate(rows, { row: 0, index: 0 }, 'down')).toEqual({ row: 1, index: 1 });
    expect(navigate(rows, { row: 1, index: 0 }, 'up')).toEqual({ row: 0, index: 0 });
  });
  it('skips empty rows and stops at the edges', () => {
    expect(navigate(rows, { row: 1, index: 1 }, 'down')).toEqual({ row: 3, index: 0 });
    expect(navigate(rows, { row: 0, index: 0 }, 'up')).toBeNull();
    expect(navigate(rows, { row: 3, index: 0 }, 'down')).toBeNull();
  });
  it('uses the visible part of a long programme', () => {
    expect(navigate(rows, { row: 3, index: 0 }, 'up', { start: 70 * M, end: 120 * M })).toEqual({
      row: 2 - 1,
      index: 2,
    });
  });
  it('returns null for a focus that does not exist', () => {
    expect(navigate(rows, { row: 9, index: 0 }, 'up')).toBeNull();
  });
});

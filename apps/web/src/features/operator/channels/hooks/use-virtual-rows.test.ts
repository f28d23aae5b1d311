import { describe, expect, it } from 'vitest';
import { visibleRange } from './use-virtual-rows';

describe('visibleRange', () => {
  it('draws a screen of rows and the overscan, wherever the list is scrolled', () => {
    expect(visibleRange(10_000, 40, 0, 400)).toEqual({ first: 0, last: 18 });
    const middle = visibleRange(10_000, 40, 200_000, 400);
    expect(middle).toEqual({ first: 4992, last: 5018 });
    const end = visibleRange(10_000, 40, 10_000 * 40 - 400, 400);
    expect(end.last).toBe(10_000);
    expect(end.last - end.first).toBeLessThanOrEqual(26);
  });

  it('draws nothing of an empty list', () => {
    expect(visibleRange(0, 40, 0, 400)).toEqual({ first: 0, last: 0 });
  });
});

import { describe, expect, it } from 'vitest';
import { SWIPE_MIN_PX, swipeStep } from './use-swipe';

describe('swipeStep', () => {
  it('turns to the next page on a swipe left and the previous on a swipe right', () => {
    expect(swipeStep(-120, 10)).toBe(1);
    expect(swipeStep(120, -10)).toBe(-1);
  });
  it('ignores taps and short drags', () => {
    expect(swipeStep(0, 0)).toBe(0);
    expect(swipeStep(SWIPE_MIN_PX - 1, 0)).toBe(0);
  });
  it('leaves mostly vertical drags to page scrolling', () => {
    expect(swipeStep(-60, 200)).toBe(0);
  });
});

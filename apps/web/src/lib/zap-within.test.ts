import { describe, expect, it } from 'vitest';
import { zapWithinOf, zapWithinState } from './zap-within';

describe('zap within a filtered guide', () => {
  it('carries the filtered channels and reads them back', () => {
    expect(zapWithinOf(zapWithinState([3, 1, 2]))).toEqual([3, 1, 2]);
  });

  it('carries nothing without a filter, and reads nothing from other states', () => {
    expect(zapWithinState(null)).toBeUndefined();
    for (const state of [undefined, null, 'x', {}, { zapWithin: [] }, { zapWithin: ['1'] }, { zapWithin: 5 }])
      expect(zapWithinOf(state)).toBeNull();
  });
});

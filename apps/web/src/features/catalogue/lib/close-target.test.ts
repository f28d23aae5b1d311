import { describe, expect, it } from 'vitest';
import { closeTarget } from './close-target';

describe('closeTarget', () => {
  it('goes back when the app has an earlier entry', () => {
    expect(closeTarget({ idx: 1, key: 'a', usr: null })).toBe('back');
    expect(closeTarget({ idx: 7 })).toBe('back');
  });
  it('goes home when history is short or not ours', () => {
    expect(closeTarget({ idx: 0 })).toBe('home');
    expect(closeTarget(null)).toBe('home');
    expect(closeTarget(undefined)).toBe('home');
    expect(closeTarget({})).toBe('home');
    expect(closeTarget({ idx: '3' })).toBe('home');
  });
});

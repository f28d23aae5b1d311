import { describe, expect, it } from 'vitest';
import { backOrHome } from './navigation';

describe('backOrHome', () => {
  it('goes home when the page was opened directly, back otherwise', () => {
    expect(backOrHome(1)).toBe('home');
    expect(backOrHome(2)).toBe('home');
    expect(backOrHome(3)).toBe('back');
    expect(backOrHome(50)).toBe('back');
  });
});

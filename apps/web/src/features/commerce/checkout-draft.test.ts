import { beforeEach, describe, expect, it } from 'vitest';
import { returnPathOf, saveCheckoutDraft, takeCheckoutDraft } from './checkout-draft';

describe('checkout draft', () => {
  beforeEach(() => sessionStorage.clear());

  it('gives the holder back to the same checkout page once', () => {
    saveCheckoutDraft('/checkout/abc', { holder: 'Ana Pérez' }, 1000);
    expect(takeCheckoutDraft('/checkout/abc', 2000)).toEqual({ holder: 'Ana Pérez' });
    expect(takeCheckoutDraft('/checkout/abc', 2000)).toBeNull();
  });

  it('keeps nothing for another page or after an hour', () => {
    saveCheckoutDraft('/checkout/abc', { holder: 'Ana' }, 0);
    expect(takeCheckoutDraft('/checkout/other', 1)).toBeNull();
    saveCheckoutDraft('/checkout/abc', { holder: 'Ana' }, 0);
    expect(takeCheckoutDraft('/checkout/abc', 60 * 60 * 1000 + 1)).toBeNull();
  });

  it('leads back only to a path of this app', () => {
    expect(returnPathOf({ from: '/checkout/abc' })).toBe('/checkout/abc');
    expect(returnPathOf({ from: '//evil.example/x' })).toBeNull();
    expect(returnPathOf({ from: 'https://evil.example' })).toBeNull();
    expect(returnPathOf(null)).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { needsPin, rememberParentalGrant } from './parental-grant';

describe('parental PIN rule', () => {
  const now = 1_800_000_000_000;
  it('asks for rating 7 when the user has a PIN', () => {
    expect(needsPin({ parental: 7, adult: false }, true, now)).toBe(true);
  });
  it('does not ask without a PIN, for other ratings, or for items flagged adult', () => {
    expect(needsPin({ parental: 7, adult: false }, false, now)).toBe(false);
    expect(needsPin({ parental: 2, adult: false }, true, now)).toBe(false);
    expect(needsPin({ parental: 7, adult: true }, true, now)).toBe(false);
  });
  it('does not ask again while the server’s grant holds (grantedUntil in epoch seconds)', () => {
    rememberParentalGrant((now + 900_000) / 1000);
    expect(needsPin({ parental: 7, adult: false }, true, now + 899_999)).toBe(false);
    expect(needsPin({ parental: 7, adult: false }, true, now + 900_000)).toBe(true);
  });
});

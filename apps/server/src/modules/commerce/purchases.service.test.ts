import { describe, expect, it } from 'vitest';
import { oneMonthAfter } from './purchases.service';

describe('a subscription\'s first period', () => {
  it('ends one month after its start (accounts spec 9), on the last day of a shorter month', () => {
    expect(oneMonthAfter(Date.parse('2026-11-24T10:30:00Z'))).toBe(Date.parse('2026-12-24T10:30:00Z'));
    expect(oneMonthAfter(Date.parse('2026-01-31T00:00:00Z'))).toBe(Date.parse('2026-02-28T00:00:00Z'));
    expect(oneMonthAfter(Date.parse('2026-12-31T23:00:00Z'))).toBe(Date.parse('2027-01-31T23:00:00Z'));
  });
});

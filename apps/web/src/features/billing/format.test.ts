import { describe, expect, it } from 'vitest';
import type { OwnedPurchase, PpvSubsProduct } from '@pantalla/contracts';
import { brandName, expiry, formatDay, formatShortDay, ratePercent, switchTargets } from './format';

describe('billing formats', () => {
  it('writes days in each language', () => {
    const iso = '2027-01-05T12:00:00Z';
    expect(formatDay(iso, 'es')).toBe('5 de enero de 2027');
    expect(formatDay(iso, 'en')).toBe('5 January 2027');
    expect(formatDay(iso, 'de')).toBe('5. Januar 2027');
    expect(formatShortDay(iso, 'de')).toBe('05.01.2027');
    expect(formatDay('not a date', 'es')).toBe('');
  });

  it('names cards and rates as people read them', () => {
    expect(brandName('visa')).toBe('Visa');
    expect(brandName('amex')).toBe('American Express');
    expect(brandName('elo')).toBe('Elo');
    expect(expiry(4, 2029)).toBe('04/29');
    expect(ratePercent(21, 'es')).toBe('21 %');
    expect(ratePercent(21, 'en')).toBe('21%');
    expect(ratePercent(10.5, 'de')).toBe('10,5 %');
  });

  it('offers the other monthly products, dearer ones as upgrades', () => {
    const product = (id: number, packageID: number, priceCents: number, recurring = true): PpvSubsProduct => ({
      id,
      packageID,
      priceCents,
      recurring,
      price: '',
      curr: 'EUR',
      fcIni: '',
      fcEnd: null,
      title: `P${id}`,
      subtitle: '',
      interval: recurring ? 'month' : null,
      evID: null,
      channelId: null,
    });
    const owned = { packageId: 1, priceCents: 999 } as OwnedPurchase;
    const targets = switchTargets(owned, [
      product(1, 1, 999),
      product(2, 2, 1499),
      product(3, 3, 499),
      product(4, 4, 300, false),
    ]);
    expect(targets.map((t) => [t.product.id, t.upgrade])).toEqual([
      [2, true],
      [3, false],
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { formatPrice } from './price';

const plain = (text: string) => text.replace(/\u00a0/g, ' ');

describe('formatPrice', () => {
  it('writes euros as each language does', () => {
    expect(plain(formatPrice(999, 'EUR', 'es'))).toBe('9,99 €');
    expect(plain(formatPrice(999, 'EUR', 'en'))).toBe('€9.99');
    expect(plain(formatPrice(999, 'EUR', 'de'))).toBe('9,99 €');
    expect(plain(formatPrice(1, 'eur', 'es'))).toBe('0,01 €');
  });
  it('falls back to Spanish conventions and to the code for an unknown currency', () => {
    expect(plain(formatPrice(499, 'EUR', 'fr'))).toBe('4,99 €');
    expect(formatPrice(499, 'ZZZZ', 'es')).toBe('4.99 ZZZZ');
  });
});

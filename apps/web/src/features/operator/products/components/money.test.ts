import { describe, expect, it } from 'vitest';
import { fromLocalInput, moneyField, parseMoney, toLocalInput } from './money';

describe('price fields', () => {
  it('reads what an operator types as cents, with a comma or a point', () => {
    expect(parseMoney('12,99')).toBe(1299);
    expect(parseMoney('12.9')).toBe(1290);
    expect(parseMoney(' 7 ')).toBe(700);
    expect(parseMoney('0')).toBeNull();
    expect(parseMoney('12,999')).toBeNull();
    expect(parseMoney('-3')).toBeNull();
    expect(parseMoney('abc')).toBeNull();
  });
  it('writes cents in the locale for the field', () => {
    expect(moneyField(1299, 'es')).toBe('12,99');
    expect(moneyField(1299, 'en')).toBe('12.99');
  });
  it('turns a local date-time field into epoch ms and back', () => {
    const at = new Date(2026, 11, 7, 13, 45).getTime();
    expect(fromLocalInput(toLocalInput(at))).toBe(at);
    expect(fromLocalInput('')).toBeNull();
  });
});

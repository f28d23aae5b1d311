import { describe, expect, it } from 'vitest';
import { describeWait, retryAt } from './attempt-limit';

describe('sliding-window limits', () => {
  const limit = { max: 3, windowMs: 1000 };
  it('lets a key under its limit try now', () => {
    expect(retryAt([], limit)).toBeNull();
    expect(retryAt([10, 20], limit)).toBeNull();
  });
  it('waits until enough attempts leave the window', () => {
    expect(retryAt([10, 20, 30], limit)).toBe(1010);
    expect(retryAt([10, 20, 30, 40], limit)).toBe(1020);
  });
  it('words waits in Spanish, rounding up to minutes', () => {
    expect(describeWait(1)).toBe('1 segundo');
    expect(describeWait(45)).toBe('45 segundos');
    expect(describeWait(60)).toBe('1 minuto');
    expect(describeWait(61)).toBe('2 minutos');
    expect(describeWait(900)).toBe('15 minutos');
  });
});

import { describe, expect, it } from 'vitest';
import { bandwidthReadout, clockTime, fromSlider, toSlider } from './format';

describe('player formats', () => {
  it('reads bandwidth in Mbps with one decimal, red under 8', () => {
    expect(bandwidthReadout(12_340_000)).toEqual({ text: '12.3 Mbps', low: false });
    expect(bandwidthReadout(7_990_000)).toEqual({ text: '8.0 Mbps', low: true });
    expect(bandwidthReadout(8_000_000)).toEqual({ text: '8.0 Mbps', low: false });
    expect(bandwidthReadout(Number.NaN)).toEqual({ text: '0.0 Mbps', low: true });
  });
  it('formats clock times', () => {
    expect(clockTime(5)).toBe('0:05');
    expect(clockTime(3725)).toBe('1:02:05');
    expect(clockTime(-3)).toBe('0:00');
  });
  it('maps positions onto the 20430.24 slider and back', () => {
    expect(toSlider(50, 0, 100)).toBeCloseTo(10215.12);
    expect(fromSlider(20430.24, 10, 110)).toBe(110);
    expect(fromSlider(toSlider(42, 10, 110), 10, 110)).toBeCloseTo(42);
    expect(toSlider(5, 0, 0)).toBe(0);
  });
});

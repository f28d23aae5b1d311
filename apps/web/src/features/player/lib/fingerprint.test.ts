import { describe, expect, it } from 'vitest';
import { fingerprintPhase, fingerprintPlacement, fingerprintPlan, fingerprintStyle } from './fingerprint';

const on = { fingerprint: 1, fingerprintFrequency: 300, fingerprintDuration: 30, fingerprintPosition: 'random' };

describe('fingerprint style', () => {
  it("takes the channel's font size and colours", () => {
    expect(
      fingerprintStyle({ fingerprintFontSize: 24, fingerprintColor: '#ffe066', fingerprintBackground: '#000000A6' }),
    ).toEqual({ fontSizePx: 24, color: '#ffe066', background: '#000000A6' });
  });
  it('falls back to the default for each missing or malformed value', () => {
    expect(
      fingerprintStyle({ fingerprintFontSize: 4, fingerprintColor: 'red', fingerprintBackground: 'url(x)' }),
    ).toEqual({ fontSizePx: 18, color: '#FFFFFFD9', background: '#00000059' });
    expect(fingerprintStyle({ fingerprintFontSize: 20.5, fingerprintColor: null })).toEqual({
      fontSizePx: 18,
      color: '#FFFFFFD9',
      background: '#00000059',
    });
  });
});

describe('fingerprint schedule', () => {
  it('uses 30 s / 300 s by default', () => {
    expect(fingerprintPlan({ fingerprint: 1, fingerprintPosition: 'top-left' })).toEqual({
      durationMs: 30_000,
      periodMs: 300_000,
      position: 'top-left',
      style: { fontSizePx: 18, color: '#FFFFFFD9', background: '#00000059' },
    });
  });
  it('is off when disabled, when the period is shorter than the duration, or the position unknown', () => {
    expect(fingerprintPlan({ ...on, fingerprint: 0 })).toBeNull();
    expect(fingerprintPlan({ ...on, fingerprintFrequency: 20, fingerprintDuration: 30 })).toBeNull();
    expect(fingerprintPlan({ ...on, fingerprintPosition: 'middle' })).toBeNull();
    expect(fingerprintPlan({ ...on, fingerprintPosition: null })).toBeNull();
  });
  it('shows for the duration, hides until the period ends, and repeats', () => {
    const plan = fingerprintPlan({ ...on, fingerprintFrequency: 100, fingerprintDuration: 10 })!;
    expect(fingerprintPhase(plan, 0)).toEqual({ cycle: 0, visible: true, nextChangeMs: 10_000 });
    expect(fingerprintPhase(plan, 9_999)).toEqual({ cycle: 0, visible: true, nextChangeMs: 1 });
    expect(fingerprintPhase(plan, 10_000)).toEqual({ cycle: 0, visible: false, nextChangeMs: 90_000 });
    expect(fingerprintPhase(plan, 100_000)).toEqual({ cycle: 1, visible: true, nextChangeMs: 10_000 });
    expect(fingerprintPhase(plan, 250_000)).toEqual({ cycle: 2, visible: false, nextChangeMs: 50_000 });
  });
  it('places corners with up to 20 px of jitter', () => {
    expect(fingerprintPlacement('top-left', () => 0)).toEqual({ left: 0, top: 0 });
    expect(fingerprintPlacement('bottom-right', () => 1)).toEqual({ right: 20, bottom: 20 });
    expect(fingerprintPlacement('top-right', () => 0.5)).toEqual({ right: 10, top: 10 });
    expect(fingerprintPlacement('bottom-left', () => 0.25)).toEqual({ left: 5, bottom: 5 });
  });
  it('places random positions within x 50–1200, y 30–700', () => {
    expect(fingerprintPlacement('random', () => 0)).toEqual({ left: 50, top: 30 });
    expect(fingerprintPlacement('random', () => 1)).toEqual({ left: 1200, top: 700 });
    let seed = 7;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    for (let i = 0; i < 50; i += 1) {
      const p = fingerprintPlacement('random', random);
      expect(p.left).toBeGreaterThanOrEqual(50);
      expect(p.left).toBeLessThanOrEqual(1200);
      expect(p.top).toBeGreaterThanOrEqual(30);
      expect(p.top).toBeLessThanOrEqual(700);
    }
  });
});

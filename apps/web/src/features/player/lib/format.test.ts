import { describe, expect, it } from 'vitest';
import { bandwidthReadout, clockTime, fromSlider, playerTitle, toSlider } from './format';

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

describe('player title', () => {
  it('names a live channel and its programme, or the channel alone', () => {
    expect(playerTitle({ type: 'LIVE', linkTitle: 'La 1', channelName: 'La 1', programmeTitle: 'Telediario' })).toBe(
      'La 1 · Telediario',
    );
    expect(playerTitle({ type: 'LIVE', linkTitle: 'La 1', channelName: 'La 1' })).toBe('La 1');
    expect(playerTitle({ type: 'LIVE', linkTitle: null })).toBe('');
  });
  it('names a catch-up event by its catalogue title, a film or episode by its link', () => {
    expect(playerTitle({ type: 'CUTV', linkTitle: 'x', eventTitle: 'Telediario' })).toBe('Telediario');
    expect(playerTitle({ type: 'CUTV', linkTitle: 'x' })).toBe('');
    expect(playerTitle({ type: 'VOD', linkTitle: 'El faro' })).toBe('El faro');
    expect(playerTitle({ type: 'SERIE', linkTitle: null })).toBe('');
  });
  it('names a film from an older /player/{id}-VOD-p link, which has no title, by the catalogue (issue 17)', () => {
    expect(playerTitle({ type: 'VOD', linkTitle: '', filmTitle: 'El faro del sur' })).toBe('El faro del sur');
    expect(playerTitle({ type: 'VOD', linkTitle: 'El faro', filmTitle: 'Otro' })).toBe('El faro');
  });
});

import { describe, expect, it } from 'vitest';
import { bitrateSteps, bufferSamples } from './view-timeline';

describe('bitrateSteps', () => {
  it('holds each rendition until the next switch, then steps, up to the last event', () => {
    const steps = bitrateSteps(1000, [
      [100, 'bitrate', 1_500_000],
      [900, 'first', 0],
      [2600, 'bitrate', 3_000_000],
      [3000, 'error', 3016],
    ]);
    expect(steps.x).toEqual([1100, 1900, 3599, 3600, 4000]);
    expect(steps.kbps).toEqual([1500, 1500, 1500, 3000, 3000]);
  });
  it('keeps one point per moment (the last value said there)', () => {
    const steps = bitrateSteps(0, [
      [0, 'bitrate', 1_000_000],
      [0, 'first', 0],
      [1, 'bitrate', 2_000_000],
    ]);
    expect(steps).toEqual({ x: [0, 1], kbps: [1000, 2000] });
  });
  it('is a gap before the first rendition, and empty without events', () => {
    expect(bitrateSteps(0, [[500, 'first', 0]]).kbps).toEqual([null]);
    expect(bitrateSteps(0, [])).toEqual({ x: [], kbps: [] });
  });
});

describe('bufferSamples', () => {
  it('reads each sample in seconds and a stall as an empty buffer, other events apart', () => {
    expect(
      bufferSamples(1000, [
        [500, 'first', 0],
        [30_000, 'buffer', 12_500],
        [41_000, 'stall', 0],
        [42_000, 'resume', 0],
        [60_000, 'buffer', 8000],
      ]),
    ).toEqual({ x: [31_000, 42_000, 61_000], seconds: [12.5, 0, 8] });
  });
});

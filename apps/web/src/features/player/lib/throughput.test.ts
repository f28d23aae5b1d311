import { describe, expect, it } from 'vitest';
import { ThroughputMeter } from './throughput';

describe('ThroughputMeter', () => {
  it('reads 0 until a segment arrived', () => {
    expect(new ThroughputMeter().estimate()).toBe(0);
  });

  it('averages bytes over time across the window', () => {
    const meter = new ThroughputMeter(2);
    meter.record(1_250_000, 1000); // 10 Mbps
    meter.record(3_750_000, 1000); // 30 Mbps
    expect(meter.estimate()).toBe(20_000_000);
    meter.record(5_000_000, 1000); // the first falls out of the window
    expect(meter.estimate()).toBe(35_000_000);
  });

  it('ignores answers without a size or a time, and counts instant ones as 1 ms', () => {
    const meter = new ThroughputMeter();
    meter.record(0, 10);
    meter.record(1000, undefined);
    meter.record(1000, Number.NaN);
    expect(meter.estimate()).toBe(0);
    meter.record(125, 0);
    expect(meter.estimate()).toBe(1_000_000);
  });

  it('starts again on reset', () => {
    const meter = new ThroughputMeter();
    meter.record(1000, 10);
    meter.reset();
    expect(meter.estimate()).toBe(0);
  });
});

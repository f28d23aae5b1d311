/** How many recent segments the readout averages over. */
export const THROUGHPUT_WINDOW = 8;

/**
 * The download speed the subscriber's connection gives the player: bytes of the last video
 * and audio segments over the time they took to arrive. Shaka's own estimate starts from a
 * 1 Mbps default and ignores small segments, so it reads low where segments arrive fast.
 */
export class ThroughputMeter {
  private samples: { bytes: number; ms: number }[] = [];

  constructor(private readonly window = THROUGHPUT_WINDOW) {}

  record(bytes: number, ms: number | undefined): void {
    if (!(bytes > 0) || ms === undefined || !Number.isFinite(ms) || ms < 0) return;
    // A segment from cache or loopback can arrive "in 0 ms": count it as 1 ms.
    this.samples.push({ bytes, ms: Math.max(1, ms) });
    if (this.samples.length > this.window) this.samples.shift();
  }

  /** Bits per second over the window; 0 until a segment has arrived. */
  estimate(): number {
    const bytes = this.samples.reduce((sum, s) => sum + s.bytes, 0);
    const ms = this.samples.reduce((sum, s) => sum + s.ms, 0);
    return ms > 0 ? (bytes * 8 * 1000) / ms : 0;
  }

  reset(): void {
    this.samples = [];
  }
}

import type { GuideCounts, GuideWindow } from './catalogue-import.service';

const none = (): GuideCounts => ({ inserted: 0, removed: 0, unchanged: 0 });

/**
 * Gathers small batches of guide windows into large ones: an import parses and sends a
 * thousand programmes at a time (its memory stays small), and the writer commits twenty
 * thousand at a time (SQLite then writes each index page a batch touches once per batch,
 * not once per programme). A channel's windows are merged into one, as one larger batch
 * would have had them.
 */
export class GuideStage {
  private windows = new Map<number, GuideWindow>();
  private programmes = 0;

  /**
   * `yieldShare`: after each write the stage waits this share of the write's time before
   * answering (0: never), so the database gets a rest in which viewers' queries run.
   */
  constructor(
    private readonly write: (batch: GuideWindow[]) => Promise<GuideCounts>,
    private readonly size: number,
    private readonly yieldShare = 0,
    private readonly timing: { now: () => number; pause: (ms: number) => Promise<void> } = {
      now: () => performance.now(),
      pause: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    },
  ) {}

  /** Adds a batch; writes the gathered ones once there are enough: what that write changed. */
  add(batch: readonly GuideWindow[]): Promise<GuideCounts> {
    for (const w of batch) {
      const held = this.windows.get(w.channelId);
      if (!held) this.windows.set(w.channelId, { ...w, programmes: [...w.programmes] });
      else {
        held.from = Math.min(held.from, w.from);
        held.to = Math.max(held.to, w.to);
        for (const p of w.programmes) held.programmes.push(p);
      }
      this.programmes += w.programmes.length;
    }
    return this.programmes >= this.size ? this.flush() : Promise.resolve(none());
  }

  /** Writes what is gathered (nothing if nothing is). */
  flush(): Promise<GuideCounts> {
    if (this.windows.size === 0) return Promise.resolve(none());
    const batch = [...this.windows.values()];
    this.windows = new Map();
    this.programmes = 0;
    return this.yieldShare > 0 ? this.writeThenRest(batch) : this.write(batch);
  }

  private async writeThenRest(batch: GuideWindow[]): Promise<GuideCounts> {
    const started = this.timing.now();
    const counts = await this.write(batch);
    await this.timing.pause((this.timing.now() - started) * this.yieldShare);
    return counts;
  }
}

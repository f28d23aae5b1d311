/**
 * Serialised answers shared by users who see the same thing (same packages, same query,
 * same catalogue generation), kept briefly and within a byte budget. The keys carry
 * everything the answer depends on, so a hit is always a correct answer.
 */
export class ResponseCache {
  private readonly entries = new Map<string, { body: string; at: number }>();
  /** Answers being built: concurrent askers of one key wait for the same build. */
  private readonly building = new Map<string, Promise<string>>();
  private bytes = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxBytes: number,
  ) {}

  async get(key: string, now: number, build: () => Promise<string>): Promise<string> {
    const hit = this.entries.get(key);
    if (hit && now - hit.at < this.ttlMs && now >= hit.at) return hit.body;
    const pending = this.building.get(key);
    if (pending) return pending;
    const promise = build().finally(() => this.building.delete(key));
    this.building.set(key, promise);
    const body = await promise;
    if (hit) this.remove(key);
    if (body.length * 2 <= this.maxBytes) {
      while (this.bytes + body.length * 2 > this.maxBytes) {
        const oldest = this.entries.keys().next().value;
        if (oldest === undefined) break;
        this.remove(oldest);
      }
      this.entries.set(key, { body, at: now });
      this.bytes += body.length * 2;
    }
    return body;
  }

  private remove(key: string): void {
    const e = this.entries.get(key);
    if (!e) return;
    this.bytes -= e.body.length * 2;
    this.entries.delete(key);
  }
}

import type { Cache, CacheRegistry } from '../../platform/cache';

/** Keys remembered without their answers, to know a second ask. */
const SEEN_MAX = 10_000;

/**
 * Encoded answers shared by users who see the same thing (same packages, same query,
 * same catalogue generation), kept briefly and within a byte budget. The keys carry
 * everything the answer depends on, so a hit is always a correct answer. An answer is kept
 * from the second time its key is asked within the time to live: a guide window nobody asks
 * again (a client scrolling by the minute) costs no memory and evicts nothing.
 */
export class ResponseCache {
  private readonly cache: Cache<string, Buffer>;
  private readonly seen: Cache<string, true>;

  constructor(caches: CacheRegistry, name: string, ttlMs: number, maxBytes: number) {
    this.cache = caches.create(name, { maxSize: maxBytes, sizeOf: (body) => body.length, ttlMs });
    this.seen = caches.create(`${name}.seen`, { max: SEEN_MAX, ttlMs });
  }

  get(key: string, build: () => Promise<Buffer>): Promise<Buffer> {
    const kept = this.cache.peek(key);
    if (kept !== undefined) return Promise.resolve(kept);
    if (this.seen.peek(key)) return this.cache.get(key, build);
    this.seen.set(key, true);
    return build();
  }
}

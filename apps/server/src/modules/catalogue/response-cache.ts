import type { Cache, CacheRegistry } from '../../platform/cache';
import type { Serialised } from '../../platform/http';

/**
 * Serialised answers shared by users who see the same thing (same packages, same query,
 * same catalogue generation), kept briefly and within a byte budget. The keys carry
 * everything the answer depends on, so a hit is always a correct answer.
 */
export class ResponseCache {
  private readonly cache: Cache<string, Serialised>;

  constructor(caches: CacheRegistry, name: string, ttlMs: number, maxBytes: number) {
    // Strings are UTF-16 in memory: two bytes a character.
    this.cache = caches.create(name, { maxSize: maxBytes, sizeOf: (body) => (typeof body === 'string' ? body.length * 2 : body.length), ttlMs });
  }

  get(key: string, build: () => Promise<Serialised>): Promise<Serialised> {
    return this.cache.get(key, build);
  }
}

import { LRUCache } from 'lru-cache';
import type { Clock } from './clock';

/** How a cache bounds itself: by entries, or by a size each value is measured with; expiry by the clock. */
export interface CacheOptions<V> {
  /** Most entries kept (the least recently used go first). */
  max?: number;
  /** With `sizeOf`: most total size kept. */
  maxSize?: number;
  sizeOf?: (value: V) => number;
  /** Time to live from when a value was stored, in ms of the cache's clock; none when omitted. */
  ttlMs?: number;
}

/** A bounded cache of loaded values: one load per key at a time, failures not kept. */
export interface Cache<K extends string | number, V> {
  /** The value of `key`: kept while fresh, else loaded once for every concurrent asker. */
  get(key: K, load: () => Promise<V>): Promise<V>;
  /** The value of `key` if kept and fresh, without loading. */
  peek(key: K): V | undefined;
  set(key: K, value: V): void;
  delete(key: K): void;
  clear(): void;
}

type Value<V> = { value: V };

/**
 * The one cache utility: lru-cache with an optional TTL read from the injected clock, so a
 * test moves expiry with a ManualClock. Values are boxed so that null and undefined are
 * values too.
 */
export function createCache<K extends string | number, V>(clock: Clock, options: CacheOptions<V>): Cache<K, V> {
  const lru = new LRUCache<K, Value<V>>({
    max: options.max,
    maxSize: options.maxSize,
    sizeCalculation: options.sizeOf ? (boxed) => Math.max(1, options.sizeOf!(boxed.value)) : undefined,
    ttl: options.ttlMs,
    // Read the clock on every check: the default 1 ms resolution would trail a ManualClock.
    ttlResolution: 0,
    perf: { now: () => clock.now() },
  } as LRUCache.Options<K, Value<V>, unknown>);
  const loading = new Map<K, Promise<V>>();
  return {
    async get(key, load) {
      const hit = lru.get(key);
      if (hit) return hit.value;
      const pending = loading.get(key);
      if (pending) return pending;
      const promise = load().then(
        (value) => {
          if (loading.get(key) === promise) {
            loading.delete(key);
            lru.set(key, { value });
          }
          return value;
        },
        (error: unknown) => {
          if (loading.get(key) === promise) loading.delete(key);
          throw error;
        },
      );
      loading.set(key, promise);
      return promise;
    },
    peek: (key) => lru.get(key)?.value,
    set: (key, value) => void lru.set(key, { value }),
    delete(key) {
      loading.delete(key);
      lru.delete(key);
    },
    clear() {
      loading.clear();
      lru.clear();
    },
  };
}

/**
 * Every cache of the server, made once by the composition root and named, so that one
 * place can make them forget (an import here; later, a notification from another process).
 */
export class CacheRegistry {
  private readonly caches = new Map<string, Cache<string | number, unknown>>();

  constructor(private readonly clock: Clock) {}

  create<K extends string | number, V>(name: string, options: CacheOptions<V>): Cache<K, V> {
    if (this.caches.has(name)) throw new Error(`A cache named ${name} exists already.`);
    const cache = createCache<K, V>(this.clock, options);
    this.caches.set(name, cache as unknown as Cache<string | number, unknown>);
    return cache;
  }

  /** Empties the named caches (all of them without names). */
  clear(...names: string[]): void {
    for (const [name, cache] of this.caches) if (names.length === 0 || names.includes(name)) cache.clear();
  }

  names(): string[] {
    return [...this.caches.keys()];
  }
}

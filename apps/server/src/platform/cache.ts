import { LRUCache } from 'lru-cache';
import type { Bus, BusData } from './bus';
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

/** The bus topic on which caches are told to forget. */
export const FORGET_TOPIC = 'caches.forget';

/**
 * Every cache of the server, made once by the composition root and named, so that one
 * place can make them forget: after a change here, and when another process sharing the
 * database announces one on the bus (or the bus may have missed some: then all of it).
 */
export class CacheRegistry {
  private readonly caches = new Map<string, Cache<string | number, unknown>>();

  constructor(
    private readonly clock: Clock,
    private readonly bus?: Bus,
  ) {
    bus?.subscribe(FORGET_TOPIC, (data) => this.forgetHere(data));
    bus?.onGap(() => this.clear());
  }

  create<K extends string | number, V>(name: string, options: CacheOptions<V>): Cache<K, V> {
    if (this.caches.has(name)) throw new Error(`A cache named ${name} exists already.`);
    const cache = createCache<K, V>(this.clock, options);
    this.caches.set(name, cache as unknown as Cache<string | number, unknown>);
    return cache;
  }

  /**
   * Forgets `key` (or everything) of the named caches in every process: here before it
   * returns, in the others as soon as the bus brings the message.
   */
  async forget(names: string | readonly string[], key?: string | number): Promise<void> {
    const list = typeof names === 'string' ? [names] : [...names];
    for (const name of list) if (!this.caches.has(name)) throw new Error(`No cache is named ${name}.`);
    const data: BusData = key === undefined ? { names: list } : { names: list, key };
    if (this.bus) await this.bus.publish(FORGET_TOPIC, data);
    else this.forgetHere(data);
  }

  /** Empties the named caches (all of them without names), in this process only. */
  clear(...names: string[]): void {
    for (const [name, cache] of this.caches) if (names.length === 0 || names.includes(name)) cache.clear();
  }

  names(): string[] {
    return [...this.caches.keys()];
  }

  private forgetHere(data: BusData): void {
    if (typeof data !== 'object' || data === null || Array.isArray(data) || !Array.isArray(data.names)) return;
    const key = data.key;
    for (const name of data.names) {
      const cache = typeof name === 'string' ? this.caches.get(name) : undefined;
      if (!cache) continue;
      if (typeof key === 'string' || typeof key === 'number') cache.delete(key);
      else cache.clear();
    }
  }
}

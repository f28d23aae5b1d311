import type { Clock } from '../../platform/clock';

/** Licence requests one session may make in a window: a load, its retries and a few recoveries. */
export const LICENCE_BURST = 10;
export const LICENCE_WINDOW_MS = 10_000;
/** Licences over a session's whole life: every reload of a long evening, not a flood. */
export const LICENCE_MAX_PER_SESSION = 120;
/** Windows kept at most; older ones go first (a flood of made-up session ids cannot grow it). */
const MAX_TRACKED = 20_000;

/**
 * A fixed window per session, in memory: it sheds a flood before any database read. The
 * lifetime cap is counted in the database (it holds across replicas and restarts).
 * Not @fastify/rate-limit: the key is the playback session the licence request names, known
 * only once the service has read it, and the window runs on the injected clock the licence
 * tests move; the plugin keys on the HTTP request and keeps its own time (docs/decisions.md).
 */
export class LicenceThrottle {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(private readonly clock: Clock) {}

  /** Counts a request; answers the seconds to wait when it is one too many, else null. */
  take(sessionId: string): number | null {
    const now = this.clock.now();
    let window = this.windows.get(sessionId);
    if (!window || now - window.start >= LICENCE_WINDOW_MS) {
      this.windows.delete(sessionId);
      window = { start: now, count: 0 };
      this.windows.set(sessionId, window);
      this.prune();
    }
    if (window.count >= LICENCE_BURST) return Math.max(1, Math.ceil((window.start + LICENCE_WINDOW_MS - now) / 1000));
    window.count += 1;
    return null;
  }

  private prune(): void {
    // Maps keep insertion order and a renewed window is re-inserted: the first entries are the oldest.
    for (const key of this.windows.keys()) {
      if (this.windows.size <= MAX_TRACKED) return;
      this.windows.delete(key);
    }
  }
}

/** Connection diagnostics (viewing spec sections 2, 7, 8, 9): per-server speed from media_0.ts. */

/** Above this a server is good (spec: > 6 Mbps). */
export const GOOD_MBPS = 6;
/** A download still running after this long counts as failed (0 Mbps). */
export const SERVER_TIMEOUT_MS = 20_000;

/** The screen's states, as the spec names them. */
export type DiagState = 'notStarted' | 'listed' | 'testing' | 'results' | 'terminated';

export interface DiagServer {
  name: string;
  fileKey: string;
  baseUrl: string;
}

/** A server's measurement: null until measured; 0 when it failed or the test stopped first. */
export interface ServerResult {
  server: DiagServer;
  mbps: number | null;
}

/** The file's address with the spec's cache breaker: {base}/{file}?avoidcache={time}. */
export function speedUrl(server: DiagServer, time: number): string {
  return `${server.baseUrl.replace(/\/$/, '')}/${server.fileKey}?avoidcache=${time}`;
}

/** Megabits per second of `bytes` in `ms`; 0 for nothing measurable. */
export function toMbps(bytes: number, ms: number): number {
  if (bytes <= 0 || ms <= 0) return 0;
  return (bytes * 8) / (ms / 1000) / 1_000_000;
}

export const isGood = (mbps: number): boolean => mbps > GOOD_MBPS;

export interface MeasureDeps {
  fetch: typeof fetch;
  /** Milliseconds, monotonic (performance.now in the app). */
  now: () => number;
  /** The cache breaker's value (Date.now in the app). */
  time: () => number;
  timeoutMs?: number;
}

/**
 * Downloads one server's file and answers its speed; any failure, a non-2xx answer or the
 * timeout gives 0 (spec). `signal` stops it (the caller then records 0 itself).
 */
export async function measureServer(server: DiagServer, deps: MeasureDeps, signal: AbortSignal): Promise<number> {
  const controller = new AbortController();
  const stop = () => controller.abort();
  signal.addEventListener('abort', stop);
  const timer = setTimeout(stop, deps.timeoutMs ?? SERVER_TIMEOUT_MS);
  try {
    const started = deps.now();
    const response = await deps.fetch(speedUrl(server, deps.time()), { cache: 'no-store', signal: controller.signal });
    if (!response.ok || !response.body) return 0;
    const reader = response.body.getReader();
    let bytes = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.byteLength;
    }
    return toMbps(bytes, deps.now() - started);
  } catch {
    return 0;
  } finally {
    clearTimeout(timer);
    signal.removeEventListener('abort', stop);
  }
}

/** Servers grouped by their group name, in the order diag.json lists them. */
export function groupServers<T extends { server: DiagServer }>(items: readonly T[]): { name: string; items: T[] }[] {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(item.server.name, [...(groups.get(item.server.name) ?? []), item]);
  return [...groups].map(([name, grouped]) => ({ name, items: grouped }));
}

/** Terminated: whatever was not measured becomes 0 (spec). */
export function terminate(results: readonly ServerResult[]): ServerResult[] {
  return results.map((r) => (r.mbps === null ? { ...r, mbps: 0 } : r));
}

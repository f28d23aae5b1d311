import http from 'node:http';

/** Result of a load run. */
export interface LoadResult {
  requests: number;
  rps: number;
  bytes: number;
  errors: number;
  p50: number;
  p95: number;
}

/**
 * An autocannon-like loop: `connections` keep-alive clients request the same URL back to
 * back for `durationMs` (and at most `maxRequests`), on loopback. `url` may vary per request.
 */
export async function load(
  url: string | ((i: number) => string),
  headers: Record<string, string>,
  durationMs: number,
  connections = 8,
  maxRequests = 100000,
): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const urlOf = typeof url === 'string' ? () => url : url;
  const latencies: number[] = [];
  let bytes = 0;
  let errors = 0;
  let sent = 0;
  const deadline = performance.now() + durationMs;
  const one = (i: number) =>
    new Promise<void>((resolve) => {
      const target = new URL(urlOf(i));
      const started = performance.now();
      const req = http.request(
        { hostname: target.hostname, port: target.port, path: target.pathname + target.search, headers, agent },
        (res) => {
          res.on('data', (chunk: Buffer) => (bytes += chunk.length));
          res.on('end', () => {
            if (res.statusCode !== 200) errors++;
            latencies.push(performance.now() - started);
            resolve();
          });
        },
      );
      req.on('error', () => {
        errors++;
        resolve();
      });
      req.end();
    });
  const began = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < deadline && sent < maxRequests) {
        await one(sent++);
      }
    }),
  );
  const elapsed = (performance.now() - began) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { requests: latencies.length, rps: latencies.length / elapsed, bytes, errors, p50: at(0.5), p95: at(0.95) };
}

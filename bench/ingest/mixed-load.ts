// Viewers browsing while an import runs: the guide route, one-hour /events windows and /channels, paced.
import http from 'node:http';

/** What one kind of request answered while the load ran. */
export interface RouteFigures {
  requests: number;
  errors: number;
  p50: number;
  p99: number;
  max: number;
  /** Mean bytes on the wire per answer (compressed, as a browser takes them). */
  bytes: number;
}

export type MixedFigures = Record<'all' | 'day' | 'window' | 'channels', RouteFigures>;

const HOUR = 3_600_000;

function figures(latencies: number[], errors: number, bytes: number): RouteFigures {
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return {
    requests: sorted.length,
    errors,
    p50: at(0.5),
    p99: at(0.99),
    max: sorted[sorted.length - 1] ?? 0,
    bytes: sorted.length ? Math.round(bytes / sorted.length) : 0,
  };
}

/**
 * `rps` requests a second until stopped, in turn: a channel's guide day, a one-hour window of
 * every channel's programmes (an hour of the guide's days, moving), and the channel list.
 * A request that fails or answers 5xx is an error; 404 (a channel not imported yet) is an answer.
 */
export function mixedLoad(
  port: number,
  token: string,
  options: { rps: number; channels: number; days: number; from: number },
) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
  const kinds = ['day', 'window', 'channels'] as const;
  const seen = { day: [] as number[], window: [] as number[], channels: [] as number[] };
  const errors = { day: 0, window: 0, channels: 0 };
  const bytes = { day: 0, window: 0, channels: 0 };
  let i = 0;
  let pending = 0;
  let drained: (() => void) | null = null;
  const settle = () => {
    pending -= 1;
    if (pending === 0) drained?.();
  };
  const urlOf = (kind: (typeof kinds)[number], n: number) => {
    const channel = (n * 7919) % options.channels;
    if (kind === 'day')
      return `/api/v1/epg/${channel + 1}/${new Date(options.from + (n % options.days) * 24 * HOUR).toISOString().slice(0, 10)}?tz=UTC`;
    if (kind === 'window') {
      const start = options.from + (n % (options.days * 24)) * HOUR;
      return `/api/v1/events?startTime=${start}&endTime=${start + HOUR}`;
    }
    return '/api/v1/channels';
  };
  const one = (started: number) => {
    const n = i++;
    const kind = kinds[n % kinds.length] as (typeof kinds)[number];
    pending += 1;
    const req = http.get(
      {
        host: '127.0.0.1',
        port,
        path: urlOf(kind, Math.floor(n / kinds.length)),
        agent,
        headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'br, gzip' },
      },
      (res) => {
        res.on('data', (chunk: Buffer) => (bytes[kind] += chunk.length));
        res.on('end', () => {
          if ((res.statusCode ?? 500) >= 500) errors[kind]++;
          seen[kind].push(performance.now() - started);
          settle();
        });
      },
    );
    req.on('error', () => {
      errors[kind]++;
      settle();
    });
  };
  // Each request has its time on a fixed schedule and its latency counts from then: a late
  // timer (a busy machine) sends what is due at once and counts the delay, as waiting behind
  // the 8 sockets counts, so queueing is never hidden.
  const period = 1000 / options.rps;
  const begun = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    while (begun + i * period <= now) one(begun + i * period);
  }, period / 2);
  return {
    /** Stops sending, and answers once the requests under way have: a slow one counts. */
    async stop(): Promise<MixedFigures> {
      clearInterval(timer);
      if (pending > 0) await new Promise<void>((resolve) => (drained = resolve));
      agent.destroy();
      const all = [...seen.day, ...seen.window, ...seen.channels];
      return {
        all: figures(all, errors.day + errors.window + errors.channels, bytes.day + bytes.window + bytes.channels),
        day: figures(seen.day, errors.day, bytes.day),
        window: figures(seen.window, errors.window, bytes.window),
        channels: figures(seen.channels, errors.channels, bytes.channels),
      };
    },
  };
}

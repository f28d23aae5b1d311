import { randomUUID } from 'node:crypto';
import type { Notices } from './notices';

/** What a message carries: JSON. */
export type BusData = string | number | boolean | null | BusData[] | { [key: string]: BusData };

/**
 * Tells every server process of a change: those sharing a PostgreSQL database through
 * LISTEN/NOTIFY, this process at once. What in-process caches must forget travels here
 * (CacheRegistry listens), so one process's change is seen by the others within a second.
 */
export interface Bus {
  /** Delivers to this process's subscribers before returning, then to the other processes. */
  publish(topic: string, data?: BusData): Promise<void>;
  subscribe(topic: string, handler: (data: BusData) => void): () => void;
  /** Called when messages may have been lost (the database connection was made again). */
  onGap(handler: () => void): () => void;
  /** Resolves once the other processes' messages arrive here; rejects if listening failed. */
  readonly ready: Promise<void>;
}

/** The one notice channel of the service. */
export const BUS_CHANNEL = 'pantalla_bus';

interface Envelope {
  /** The sending process: it has delivered the message to itself already. */
  from: string;
  topic: string;
  data: BusData;
}

function parse(payload: string): Envelope | undefined {
  try {
    const value = JSON.parse(payload) as Partial<Envelope>;
    return typeof value.from === 'string' && typeof value.topic === 'string'
      ? { from: value.from, topic: value.topic, data: value.data ?? null }
      : undefined;
  } catch {
    return undefined;
  }
}

/** A bus over the database's notices; `onError` hears handlers that threw and a failed listen. */
export function createBus(notices: Notices, onError: (error: unknown, what: string) => void = () => {}): Bus {
  const self = randomUUID();
  const handlers = new Map<string, Set<(data: BusData) => void>>();
  const gapHandlers = new Set<() => void>();

  const deliver = (topic: string, data: BusData) => {
    for (const handler of handlers.get(topic) ?? []) {
      try {
        handler(data);
      } catch (error) {
        onError(error, `bus handler of ${topic}`);
      }
    }
  };
  const gap = () => {
    for (const handler of gapHandlers) handler();
  };
  const onMessage = (payload: string) => {
    const envelope = parse(payload);
    if (envelope && envelope.from !== self) deliver(envelope.topic, envelope.data);
  };

  const ready = notices.listen(BUS_CHANNEL, onMessage, gap).then(() => undefined);
  // A process that never awaits `ready` still hears of the failure.
  ready.catch((error: unknown) => onError(error, 'bus listen'));

  return {
    async publish(topic, data = null) {
      deliver(topic, data);
      await notices.send(BUS_CHANNEL, JSON.stringify({ from: self, topic, data } satisfies Envelope));
    },
    subscribe(topic, handler) {
      const set = handlers.get(topic) ?? new Set();
      handlers.set(topic, set);
      set.add(handler);
      return () => void set.delete(handler);
    },
    onGap(handler) {
      gapHandlers.add(handler);
      return () => void gapHandlers.delete(handler);
    },
    ready,
  };
}

import pg from 'pg';

/**
 * Messages between the processes of one database: PostgreSQL's LISTEN/NOTIFY; within this
 * process only on SQLite and PGlite, whose databases one process serves.
 */
export interface Notices {
  /** Sends `payload` (at most a few kB) to every listener of `channel`, in this process too. */
  send(channel: string, payload: string): Promise<void>;
  /**
   * Listens on `channel` until the returned function is called; resolves once listening.
   * `onGap` is called when messages may have been lost (the listening connection broke and
   * was made again), so the listener can forget what it could have been told.
   */
  listen(channel: string, onMessage: (payload: string) => void, onGap: () => void): Promise<() => void>;
}

/** Notices and how the database closes them. */
export interface ClosableNotices extends Notices {
  close?: () => Promise<void>;
}

type Listener = { onMessage: (payload: string) => void; onGap: () => void };

/** Listeners by channel, and delivery to them. */
class ListenerSet {
  private readonly byChannel = new Map<string, Set<Listener>>();

  /** Adds a listener; `first` when its channel had none. `remove` says whether the channel has none left. */
  add(channel: string, listener: Listener): { first: boolean; remove: () => boolean } {
    const existing = this.byChannel.get(channel);
    const listeners = existing ?? new Set<Listener>();
    if (!existing) this.byChannel.set(channel, listeners);
    listeners.add(listener);
    return {
      first: !existing,
      remove: () => {
        listeners.delete(listener);
        if (listeners.size > 0 || this.byChannel.get(channel) !== listeners) return false;
        this.byChannel.delete(channel);
        return true;
      },
    };
  }

  deliver(channel: string, payload: string): void {
    for (const l of this.byChannel.get(channel) ?? []) l.onMessage(payload);
  }

  gap(): void {
    for (const set of this.byChannel.values()) for (const l of set) l.onGap();
  }

  channels(): string[] {
    return [...this.byChannel.keys()];
  }
}

/** One process's notices: delivered on a later turn, as PostgreSQL's are. */
export function localNotices(): Notices {
  const listeners = new ListenerSet();
  return {
    async send(channel, payload) {
      queueMicrotask(() => listeners.deliver(channel, payload));
    },
    async listen(channel, onMessage, onGap) {
      const { remove } = listeners.add(channel, { onMessage, onGap });
      return () => void remove();
    },
  };
}

const quoted = (channel: string) => `"${channel.replaceAll('"', '""')}"`;

/** Waits after a broken listening connection before the next try: quickly first, then every 2 s. */
const RETRY_MS = [50, 200, 500, 1000, 2000];

/** A connection listening on every channel that has listeners; `broken` hears when it fails or ends. */
async function openListeningClient(
  connectionString: string,
  listeners: ListenerSet,
  broken: (c: pg.Client) => void,
): Promise<pg.Client> {
  const c = new pg.Client({ connectionString });
  c.on('notification', (n) => {
    if (n.payload !== undefined) listeners.deliver(n.channel, n.payload);
  });
  c.on('error', () => broken(c));
  c.on('end', () => broken(c));
  try {
    await c.connect();
    for (const channel of listeners.channels()) await c.query(`listen ${quoted(channel)}`);
    return c;
  } catch (error) {
    void c.end().catch(() => undefined);
    throw error;
  }
}

/**
 * LISTEN/NOTIFY: sending goes through the pool; listening holds one connection of its own
 * (a pooled one would be handed to queries). A broken connection is made again, and every
 * listener is told of the gap, since notices sent meanwhile are lost.
 */
export function postgresNotices(connectionString: string, pool: pg.Pool): ClosableNotices {
  const listeners = new ListenerSet();
  let client: pg.Client | undefined;
  let connecting: Promise<pg.Client> | undefined;
  let retry: NodeJS.Timeout | undefined;
  let failures = 0;
  let closed = false;

  function broken(c: pg.Client): void {
    if (client !== c) return;
    client = undefined;
    void c.end().catch(() => undefined);
    reconnectLater();
  }

  function reconnectLater(): void {
    if (retry || closed) return;
    const delay = RETRY_MS[Math.min(failures, RETRY_MS.length - 1)];
    retry = setTimeout(() => {
      retry = undefined;
      ensure().then(
        () => {
          failures = 0;
          listeners.gap();
        },
        () => {
          failures++;
          reconnectLater();
        },
      );
    }, delay);
  }

  async function connect(): Promise<pg.Client> {
    const c = await openListeningClient(connectionString, listeners, broken);
    if (closed) {
      await c.end().catch(() => undefined);
      throw new Error('The database is closed.');
    }
    client = c;
    return c;
  }

  function ensure(): Promise<pg.Client> {
    if (client) return Promise.resolve(client);
    connecting ??= connect().finally(() => (connecting = undefined));
    return connecting;
  }

  return {
    async send(channel, payload) {
      await pool.query('select pg_notify($1, $2)', [channel, payload]);
    },
    async listen(channel, onMessage, onGap) {
      const { first, remove } = listeners.add(channel, { onMessage, onGap });
      try {
        const c = await ensure();
        if (first) await c.query(`listen ${quoted(channel)}`);
      } catch (error) {
        remove();
        throw error;
      }
      return () => {
        if (remove() && client) void client.query(`unlisten ${quoted(channel)}`).catch(() => undefined);
      };
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      await connecting?.catch(() => undefined);
      const c = client;
      client = undefined;
      await c?.end().catch(() => undefined);
    },
  };
}

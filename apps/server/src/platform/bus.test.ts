import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { createScratchPostgres, pgReachable } from '../../test/databases';
import { createBus, BUS_CHANNEL, type Bus, type BusData } from './bus';
import { CacheRegistry } from './cache';
import { ManualClock } from './clock';
import { openPostgres, openSqlite, type Db } from './database';

/** Resolves once `check` holds, polling every 10 ms for at most `withinMs`. */
async function waitFor(check: () => boolean, withinMs = 1000): Promise<number> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > withinMs) throw new Error(`not within ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return Date.now() - started;
}

function collect(bus: Bus, topic: string): BusData[] {
  const seen: BusData[] = [];
  bus.subscribe(topic, (data) => seen.push(data));
  return seen;
}

describe('the bus on SQLite (one process)', () => {
  it('delivers to this process before publish returns, once', async () => {
    const db = openSqlite(':memory:');
    try {
      const bus = createBus(db.notices);
      await bus.ready;
      const seen = collect(bus, 'greeting');
      const pending = bus.publish('greeting', { hello: 1 });
      expect(seen).toEqual([{ hello: 1 }]);
      await pending;
      // The notice's echo is not delivered a second time.
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(seen).toEqual([{ hello: 1 }]);
    } finally {
      await db.destroy();
    }
  });
});

const postgresHere = await pgReachable();

describe.skipIf(!postgresHere)('the bus on PostgreSQL (several processes on one database)', () => {
  let scratch: { url: string; drop(): Promise<void> };
  let a: Db;
  let b: Db;
  beforeAll(async () => {
    scratch = await createScratchPostgres('pantalla_bus');
    a = openPostgres(scratch.url, 2);
    b = openPostgres(scratch.url, 2);
  });
  afterAll(async () => {
    await a?.destroy();
    await b?.destroy();
    await scratch?.drop();
  });

  it("brings one process's message to the other within a second, and to itself once", async () => {
    const busA = createBus(a.notices);
    const busB = createBus(b.notices);
    await Promise.all([busA.ready, busB.ready]);
    const atA = collect(busA, 'entitlements');
    const atB = collect(busB, 'entitlements');
    await busA.publish('entitlements', { userId: 7 });
    expect(atA).toEqual([{ userId: 7 }]);
    expect(await waitFor(() => atB.length === 1)).toBeLessThan(1000);
    expect(atB).toEqual([{ userId: 7 }]);
    expect(atA).toHaveLength(1);
  });

  it('ignores notices on its channel that are not its messages', async () => {
    const busB = createBus(b.notices);
    await busB.ready;
    const atB = collect(busB, 'x');
    await a.notices.send(BUS_CHANNEL, 'not json');
    await a.notices.send(BUS_CHANNEL, JSON.stringify({ from: 'elsewhere', topic: 'x', data: 1 }));
    await waitFor(() => atB.length === 1);
    expect(atB).toEqual([1]);
  });

  it('listens again after its connection is cut, and says messages may have been lost', async () => {
    const busB = createBus(b.notices);
    await busB.ready;
    let gaps = 0;
    busB.onGap(() => gaps++);
    const atB = collect(busB, 'after-cut');
    const admin = new pg.Client({ connectionString: scratch.url });
    await admin.connect();
    try {
      await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'listen%'`,
      );
    } finally {
      await admin.end();
    }
    await waitFor(() => gaps > 0, 5000);
    await createBus(a.notices).publish('after-cut', 'again');
    await waitFor(() => atB.length === 1);
    expect(atB).toEqual(['again']);
  });

  it("makes every process's cache registry forget a key, without waiting for time to pass", async () => {
    const clock = new ManualClock(0);
    const here = new CacheRegistry(clock, createBus(a.notices));
    const there = new CacheRegistry(clock, createBus(b.notices));
    const cacheHere = here.create<number, string>('marks', { max: 10, ttlMs: 60_000 });
    const cacheThere = there.create<number, string>('marks', { max: 10, ttlMs: 60_000 });
    cacheHere.set(1, 'old');
    cacheThere.set(1, 'old');
    cacheThere.set(2, 'kept');
    await here.forget('marks', 1);
    expect(cacheHere.peek(1)).toBeUndefined();
    await waitFor(() => cacheThere.peek(1) === undefined);
    expect(cacheThere.peek(2)).toBe('kept');
    await expect(here.forget('no-such-cache')).rejects.toThrow('No cache is named no-such-cache');
  });
});

import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openTestDatabase, pgReachable } from '../../test/databases';
import type { Db } from './database';

/**
 * PostgreSQL may end a pooled connection while it sits idle (a restart, a failover, an
 * administrator's pg_terminate_backend): the server keeps running and the next query works.
 */
describe.runIf(await pgReachable())('a PostgreSQL connection ended while idle', () => {
  const opened: Db[] = [];
  afterAll(async () => {
    for (const db of opened) await db.destroy();
  });

  it('costs the process nothing: the pool drops it and the next query opens another', async () => {
    const db = await openTestDatabase('postgres');
    opened.push(db);
    const pidOf = async () =>
      (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db.kysely())).rows[0]!.pid;
    const before = await pidOf();
    const warned = new Promise<string>((resolve) => process.once('warning', (w) => resolve(w.message)));
    // Another connection ends the idle one, as an administrator or a restart would.
    const other = await openTestDatabase('postgres');
    opened.push(other);
    await sql`select pg_terminate_backend(${before})`.execute(other.kysely());
    expect(await warned).toMatch(/PostgreSQL ended an idle connection/);
    const after = await pidOf();
    expect(after).not.toBe(before);
  });
});
